import { useNavigate } from 'react-router'
import { deriveOrderStatus, STATUS_TEXT } from '@/lib/order-status'
import { formatMoney, formatNumber, toDecimal } from '@/lib/format'
import { partSaleFigure } from '@/lib/order-codes'
import type { FollowRecord } from '../api/types'
import { FOLLOW_RESULT_TEXT, multipleText, partText } from '../lib/texts'

/** One follow: the signal's day and product, base × multiple = amount (or the part sold), the
 * order's status (or the reason the follow failed) and the way to the order. */
export function FollowRecordRow({ record: r }: { record: FollowRecord }) {
  const navigate = useNavigate()
  const order = r.brokerOrderNo
  const status =
    r.status === 'SUCCESS' && r.orderCode
      ? STATUS_TEXT[
          deriveOrderStatus({
            orderCode: r.orderCode,
            confirmStatus: r.confirmStatus ?? '',
            payStatus: r.payStatus,
            isSignalSellOrder: r.signalType === 'SELL',
          })
        ]
      : FOLLOW_RESULT_TEXT[r.status]
  const sell = r.signalType === 'SELL'
  return (
    <div
      className="sig-follow"
      data-testid="follow-record"
      data-sig-id={r.sigId}
      data-status={r.status}
      role={order ? 'link' : undefined}
      onClick={
        order
          ? () => navigate(`/transactionDetail?brokerOrderNo=${encodeURIComponent(order)}`)
          : undefined
      }
    >
      <div className="sig-follow__main">
        <div className="sig-follow__title">
          {r.followDate} · {r.poName}
        </div>
        <div className="sig-follow__meta" data-testid="follow-record-meta">
          {sell
            ? `卖出信号 · 卖出持有份额的${partText(r.autoFollowBuyRate)}`
            : `${formatMoney(r.baseAmount)}元 × ${multipleText(r.autoFollowBuyRate)}`}
          {toDecimal(r.confirmedShares)?.gt(0) && ` · 确认 ${formatNumber(r.confirmedShares)}份`}
        </div>
        {r.failReason && (
          <div className="sig-follow__fail" data-testid="follow-record-fail">
            失败原因：{r.failReason}
          </div>
        )}
      </div>
      <div className="sig-follow__side">
        <div className="sig-follow__amount" data-testid="follow-record-amount">
          {/* a sale is of a part of each fund (卖出50%, as its order's row reads): shares of
              different funds do not add up */}
          {sell ? (partSaleFigure(r.autoFollowBuyRate) ?? '--') : `${formatMoney(r.amount)}元`}
        </div>
        <div className="sig-follow__status" data-testid="follow-record-status">
          {status}
        </div>
        {order && <div className="sig-follow__link">查看订单 ›</div>}
      </div>
    </div>
  )
}
