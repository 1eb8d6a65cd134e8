/** 上传结果 (transferOnline/bulkUploadResult, applicationId): the application as submitted. */
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { ResultView } from '@/components/result-view'
import { formatMoney } from '@/lib/format'
import { useApplication } from '../api/calls'
import { applicationPath } from '../components/application-card'
import { STATUS_TEXT, TEXTS } from '../lib/texts'
import '../transfers.css'

export default function SubmitResultPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const applicationId = Number(params.get('applicationId')) || 0
  const app = useApplication({ applicationId })
  return (
    <div className="xfer-page">
      <QueryView query={app} rows={4} emptyTitle="转入申请不存在">
        {(a) => (
          <ResultView
            status="success"
            title={STATUS_TEXT[a.status]}
            description={`${a.items.length}只基金，持仓成本合计${formatMoney(a.totalCost)}元。${TEXTS.arrival}`}
            actions={[
              { text: '查看进度', onClick: () => navigate(applicationPath(a.applicationId)) },
              { text: '返回', onClick: () => navigate('/transferOnline/home'), primary: false },
            ]}
          />
        )}
      </QueryView>
    </div>
  )
}
