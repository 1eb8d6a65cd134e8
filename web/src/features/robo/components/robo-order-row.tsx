import { useNavigate } from 'react-router'
import { orderCodeText } from '@/lib/order-codes'
import {
  formatApplyTime,
  orderFigure,
  orderStatus,
  STATUS_COLOR,
  statusText,
  type Order,
} from '@/features/trade'
import { advisorPath } from '../lib/paths'

/** One order of the robo account; a tap opens advisor/transactionDetail. */
export function RoboOrderRow({
  order,
  serviceAccountId,
}: {
  order: Order
  serviceAccountId: number
}) {
  const navigate = useNavigate()
  const status = orderStatus(order)
  return (
    <div
      className="fa-row"
      role="button"
      data-testid="robo-order-row"
      onClick={() =>
        navigate(
          advisorPath('transactionDetail', {
            serviceAccountId,
            brokerOrderNo: order.brokerOrderNo,
          }),
        )
      }
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
