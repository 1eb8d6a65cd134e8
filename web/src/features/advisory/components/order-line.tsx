import { useNavigate } from 'react-router'
import { orderCodeText } from '@/lib/order-codes'
import {
  formatApplyTime,
  orderFigure,
  orderStatus,
  STATUS_COLOR,
  statusText,
} from '@/features/trade'
import type { PlacedOrder } from '../api/types'
import { withQuery } from '../lib/paths'

/** One order of the account: its kind, time, figure and status; a tap opens its detail (fa/order,
 * with the child fund orders). */
export function OrderLine({ order }: { order: PlacedOrder }) {
  const navigate = useNavigate()
  const status = orderStatus(order)
  return (
    <div
      className="fa-row"
      role="button"
      data-testid="fa-order-line"
      onClick={() => navigate(withQuery('/fa/order', { brokerOrderNo: order.brokerOrderNo }))}
    >
      <div className="fa-row__main">
        <div>
          {orderCodeText(order.orderCode)}
          {order.productName ? ` · ${order.productName}` : ''}
        </div>
        <div className="fa-row__sub">{formatApplyTime(order.applyTime)}</div>
      </div>
      <div className="fa-row__end">
        <div>{orderFigure(order)}</div>
        <div className="fa-row__sub" style={{ color: STATUS_COLOR[status] }}>
          {statusText(status)}
        </div>
      </div>
    </div>
  )
}
