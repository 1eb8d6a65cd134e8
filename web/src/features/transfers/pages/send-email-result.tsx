/** 发送结果 (transferOnline/sendEmailResult, email): the template is on its way. */
import { useNavigate, useSearchParams } from 'react-router'
import { ResultView } from '@/components/result-view'
import '../transfers.css'

export default function SendEmailResultPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const email = params.get('email') ?? ''
  return (
    <div className="xfer-page">
      <ResultView
        status="success"
        title="模板已发送"
        description={
          email ? `已发送至 ${email}，请查收邮件（如未收到请检查垃圾邮件）` : '请查收邮件'
        }
        actions={[
          { text: '去上传表格', onClick: () => navigate('/transferOnline/bulkUpload') },
          { text: '返回', onClick: () => navigate('/transferOnline/home'), primary: false },
        ]}
      />
    </div>
  )
}
