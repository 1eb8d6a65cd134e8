import type { Order } from '../api/types'
import {
  formatApplyTime,
  investPlanIdOf,
  orderCodeText,
  orderFigure,
  orderStatus,
  STATUS_COLOR,
  statusText,
} from '../lib/order-text'

/** One order in a record list: product, kind, apply time; figure and status on the right. */
export function OrderRow({ order, onClick }: { order: Order; onClick: () => void }) {
  const status = orderStatus(order)
  return (
    <div
      className="order-row"
      role="button"
      tabIndex={0}
      data-testid="order-row"
      data-order-no={order.brokerOrderNo}
      onClick={onClick}
    >
      <div className="order-row__main">
        <div className="order-row__name">{order.productName}</div>
        <div className="order-row__meta">
          <span className="order-row__kind">{orderCodeText(order.orderCode, order)}</span>
          {investPlanIdOf(order) !== null && (
            <span className="order-row__plan" data-testid="order-plan-tag">
              定投计划
            </span>
          )}
          {formatApplyTime(order.applyTime)}
        </div>
      </div>
      <div className="order-row__side">
        <div className="order-row__figure">{orderFigure(order)}</div>
        <div
          className="order-row__status"
          data-testid="order-status"
          style={{ color: STATUS_COLOR[status] }}
        >
          {statusText(status)}
        </div>
      </div>
    </div>
  )
}
