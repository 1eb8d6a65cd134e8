import { useNavigate, useSearchParams } from 'react-router'
import { ResultView } from '@/components/result-view'

/** 修改结果 of the phone change. */
export default function UpdatePhoneResultPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  return (
    <ResultView
      status="success"
      title="手机号更换成功"
      description={`今后请使用 ${params.get('phone') ?? '新手机号'} 登录和接收验证码`}
      actions={[{ text: '完成', onClick: () => navigate('/accountSecurity', { replace: true }) }]}
    />
  )
}
