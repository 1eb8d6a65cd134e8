/**
 * 转换详情 (convert/transactionDetail; brokerOrderNo): one conversion from getOrderDetail — its
 * status and steps, the figures of the fund converted out (shares, NAV, gross amount,
 * redemption fee) and of the fund converted into (amount, 补差费, NAV, confirmed shares), the
 * dates and the order number — and 撤单 while it can be cancelled (before the cut-off of its
 * trade date): a confirmation, the trade password, convert/cancel, then the order read again.
 */
import { List } from 'antd-mobile'
import { useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import {
  beijingToday,
  OrderCancel,
  orderStatus,
  OrderTimeline,
  STATUS_COLOR,
  statusText,
  useOrderDetail,
  type Order,
} from '@/features/trade'
import { cancelConvert } from '../api/convert-writes'
import {
  buildConvertTimeline,
  convertFigures,
  convertTarget,
  type FigureRow,
} from '../lib/convert-order'
import { FigureValue } from '../components/figure-value'
import '../convert.css'

function Figures({ header, rows, testId }: { header: string; rows: FigureRow[]; testId: string }) {
  return (
    <List className="convert-figures" header={header} data-testid={testId}>
      {rows.map((r) => (
        <List.Item key={r.label} extra={<FigureValue row={r} />}>
          {r.label}
        </List.Item>
      ))}
    </List>
  )
}

function Detail({ order }: { order: Order }) {
  const status = orderStatus(order)
  const target = convertTarget(order)
  const figures = convertFigures(order, status)

  return (
    <div className={`convert-page${order.canCancel ? ' convert-page--form' : ''}`}>
      <div className="convert-result convert-result--left" data-testid="convert-detail">
        <div className="convert-result__funds">
          {order.productName} → {target.fundName}
        </div>
        <div
          className="convert-result__status"
          data-testid="convert-detail-status"
          data-status={status}
          style={{ color: STATUS_COLOR[status] }}
        >
          {statusText(status)}
        </div>
        <OrderTimeline steps={buildConvertTimeline(order, status, beijingToday())} />
      </div>
      <Figures header="转出" rows={figures.out} testId="convert-out" />
      <Figures header="转入" rows={figures.in} testId="convert-in" />
      <Figures header="交易信息" rows={figures.info} testId="convert-info" />
      <OrderCancel
        order={order}
        cancel={(tradePassword) =>
          cancelConvert({ brokerOrderNo: order.brokerOrderNo, tradePassword })
        }
        warning="撤单后该笔转换将不再进行，冻结的基金份额将恢复可用。确定撤单吗？"
        description="撤销该笔转换"
        testId="convert-cancel"
      />
    </div>
  )
}

export default function ConvertDetailPage() {
  const [params] = useSearchParams()
  const no = params.get('brokerOrderNo') ?? ''
  const query = useOrderDetail(no)
  return (
    <QueryView query={query} rows={8} emptyTitle="未找到该订单">
      {(order) => <Detail order={order} />}
    </QueryView>
  )
}
