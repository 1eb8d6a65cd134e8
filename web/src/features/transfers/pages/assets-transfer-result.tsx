/**
 * 转入结果 (assetsTransferResult, applicationId): how a transfer ended — the holdings that
 * arrived with their cost, or why it failed — and where to go next.
 */
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { ResultView } from '@/components/result-view'
import { formatMoney, formatNumber } from '@/lib/format'
import { useApplication } from '../api/calls'
import { applicationPath } from '../components/application-card'
import { STATUS_TEXT } from '../lib/texts'
import '../transfers.css'

export default function AssetsTransferResultPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const applicationId = Number(params.get('applicationId')) || 0
  const app = useApplication({ applicationId })
  return (
    <div className="xfer-page">
      <QueryView query={app} rows={4} emptyTitle="转入申请不存在">
        {(a) => (
          <ResultView
            status={
              a.status === 'COMPLETE' ? 'success' : a.status === 'TA_ERROR' ? 'error' : 'waiting'
            }
            title={STATUS_TEXT[a.status]}
            description={
              a.status === 'COMPLETE'
                ? `${a.completeDate} 已转入${a.financialAccountName}，持仓成本合计${formatMoney(a.totalCost)}元`
                : a.failReason || '转入处理中，请耐心等待'
            }
            actions={[
              a.status === 'COMPLETE'
                ? { text: '查看持仓', onClick: () => navigate('/mine') }
                : { text: '查看进度', onClick: () => navigate(applicationPath(a.applicationId)) },
              { text: '继续转入', onClick: () => navigate('/transferOnline/home'), primary: false },
            ]}
          >
            <div style={{ margin: '0 16px' }}>
              {a.items.map((i) => (
                <p key={i.fundCode} className="xfer-muted">
                  {i.fundName} {formatNumber(i.shares)}份 · 成本 {formatMoney(i.cost)}元
                </p>
              ))}
            </div>
          </ResultView>
        )}
      </QueryView>
    </div>
  )
}
