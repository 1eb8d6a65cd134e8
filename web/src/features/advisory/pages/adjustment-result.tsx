/**
 * 调仓结果 (fa/adjustmentResult, adjustmentId, action): what the customer's answer did — a
 * confirmed adjustment is being executed as a rebalancing order (sells first, their money buys),
 * a declined one will not run, a withdrawn one was cancelled — read from the adjustment itself.
 */
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { ResultView } from '@/components/result-view'
import { useAdjustment } from '../api/get-adjustment'
import { useIdParam } from '../lib/params'
import { accountHomePath, withQuery } from '../lib/paths'
import { adjustmentLabel } from '../lib/status'
import '../advisory.css'

function outcome(status: string): {
  state: 'success' | 'waiting' | 'info' | 'error'
  title: string
  text: string
} {
  switch (status) {
    case 'UNCOMMITTED':
    case 'ORDER_IN_PROCESS':
      return {
        state: 'waiting',
        title: '调仓已确认',
        text: '将先卖出调减的基金，卖出确认后买入调增的基金，预计2-3个交易日完成。',
      }
    case 'DONE':
      return { state: 'success', title: '调仓已完成', text: '账户已按新的配置调整。' }
    case 'ORDER_PARTLY_DONE':
      return { state: 'info', title: '调仓部分完成', text: '部分基金交易未成功，请查看调仓订单。' }
    case 'CUSTOMER_CANCEL':
      return { state: 'info', title: '已放弃本次调仓', text: '账户继续按当前持仓运作。' }
    case 'CUSTOMER_WITHDRAWN':
      return { state: 'info', title: '调仓已撤回', text: '调仓订单已撤销，账户保持原有持仓。' }
    case 'ORDER_FAILED':
      return { state: 'error', title: '调仓失败', text: '调仓订单未能执行。' }
    default:
      return { state: 'info', title: adjustmentLabel(status), text: '' }
  }
}

export default function AdjustmentResultPage() {
  const navigate = useNavigate()
  const adjustmentId = useIdParam('adjustmentId')
  const query = useAdjustment(adjustmentId)
  return (
    <QueryView query={query} rows={4} emptyTitle="未找到该调仓">
      {(a) => {
        const o = outcome(a.status)
        return (
          <div data-testid="fa-adjustment-result" data-status={a.status}>
            <ResultView
              status={o.state}
              title={o.title}
              description={a.failReason || o.text}
              actions={[
                {
                  text: '返回投顾账户',
                  onClick: () => navigate(accountHomePath(a.serviceAccountId), { replace: true }),
                },
                ...(a.brokerOrderNo
                  ? [
                      {
                        text: '查看调仓订单',
                        primary: false,
                        onClick: () =>
                          navigate(withQuery('/fa/order', { brokerOrderNo: a.brokerOrderNo })),
                      },
                    ]
                  : []),
              ]}
            />
          </div>
        )
      }}
    </QueryView>
  )
}
