/**
 * 转托管详情 (transactionTransferDetail, brokerOrderNo): a transfer-in order from 交易记录, with
 * the application it belongs to (its steps and all its funds, this order's fund marked).
 */
import { Button } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useApplication } from '../api/calls'
import { applicationPath } from '../components/application-card'
import { ApplicationDetail } from '../components/application-detail'
import '../transfers.css'

export default function TransferDetailPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const brokerOrderNo = params.get('brokerOrderNo') ?? ''
  const app = useApplication({ brokerOrderNo })
  return (
    <div className="xfer-page" data-testid="transfer-order-detail">
      <QueryView query={app} rows={6} emptyTitle="转入记录不存在">
        {(a) => (
          <>
            <ApplicationDetail application={a} highlight={brokerOrderNo} />
            <div className="xfer-actions">
              <Button
                block
                fill="outline"
                onClick={() => navigate(applicationPath(a.applicationId))}
              >
                查看转入申请
              </Button>
            </div>
          </>
        )}
      </QueryView>
    </div>
  )
}
