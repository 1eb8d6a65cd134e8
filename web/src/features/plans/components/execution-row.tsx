import { useNavigate } from 'react-router'
import { formatMoney, formatNav, formatNumber, toDecimal } from '@/lib/format'
import type { Execution } from '../api/types'
import { EXECUTION_STATUS_COLOR, executionStatusText } from '../lib/status'
import { multiplierText } from '../lib/smart'

/** One execution: its due date and amount (with the smart multiplier when it is not 1), its
 * status, the confirmed shares, the reason of a failure, and the way to its order. */
export function ExecutionRow({ execution: e }: { execution: Execution }) {
  const navigate = useNavigate()
  const scaled = !!toDecimal(e.multiplier) && !toDecimal(e.multiplier)!.eq(1)
  const order = e.brokerOrderNo
  return (
    <div
      className="plan-exec"
      data-testid="plan-execution"
      data-status={e.status}
      role={order ? 'link' : undefined}
      onClick={
        order
          ? () => navigate(`/transactionDetail?brokerOrderNo=${encodeURIComponent(order)}`)
          : undefined
      }
    >
      <div className="plan-exec__main">
        <div className="plan-exec__date">
          {e.dueDate}
          {e.executeDate && e.executeDate !== e.dueDate && (
            <span className="plan-exec__sub">（{e.executeDate}扣款）</span>
          )}
        </div>
        <div className="plan-exec__meta">
          {scaled ? (
            <>
              {formatMoney(e.baseAmount)}元 × {multiplierText(e.multiplier)}
            </>
          ) : (
            '定投扣款'
          )}
          {e.confirmedShares && (
            <>
              {' · '}确认 {formatNumber(e.confirmedShares)}份
              {e.nav ? ` · 净值 ${formatNav(e.nav)}` : ''}
            </>
          )}
        </div>
        {e.failReason && (
          <div className="plan-exec__fail" data-testid="plan-execution-fail">
            失败原因：{e.failReason}
          </div>
        )}
      </div>
      <div className="plan-exec__side">
        <div className="plan-exec__amount">{formatMoney(e.amount)}元</div>
        <div className="plan-exec__status" style={{ color: EXECUTION_STATUS_COLOR[e.status] }}>
          {executionStatusText(e)}
        </div>
        {order && <div className="plan-exec__link">查看订单 ›</div>}
      </div>
    </div>
  )
}
