import { RightOutline } from 'antd-mobile-icons'
import {
  formatApplyTime,
  orderStatus,
  STATUS_COLOR,
  statusText,
  type Order,
} from '@/features/trade'
import { formatNumber } from '@/lib/format'
import { convertTarget } from '../lib/convert-order'

/** One conversion in 转换记录: the fund converted out and its status, the fund converted into,
 * then the apply time and the shares converted out. */
export function ConvertRow({ order, onClick }: { order: Order; onClick: () => void }) {
  const status = orderStatus(order)
  const target = convertTarget(order)
  return (
    <div
      className="convert-row"
      role="button"
      tabIndex={0}
      data-testid="convert-row"
      data-order-no={order.brokerOrderNo}
      onClick={onClick}
    >
      <div className="convert-row__head">
        <span className="convert-row__fund">{order.productName}</span>
        <span
          className="convert-row__status"
          data-testid="convert-status"
          style={{ color: STATUS_COLOR[status] }}
        >
          {statusText(status)}
        </span>
      </div>
      <div className="convert-row__into">
        <RightOutline className="convert-row__to" />
        <span className="convert-row__fund">转入 {target.fundName}</span>
      </div>
      <div className="convert-row__line">
        <span>{formatApplyTime(order.applyTime)}</span>
        <span className="convert-row__shares">转出 {formatNumber(order.tradeShare)}份</span>
      </div>
    </div>
  )
}
