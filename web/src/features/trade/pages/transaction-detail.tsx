/**
 * 交易详情 (transactionDetail, transactionDetailV2): one order from getOrderDetail: its status
 * (deriveOrderStatus) and steps, every figure (amount, fee, net, NAV, confirmed shares and
 * amount, dates, a card redemption's payout), the funds of a portfolio order, and 撤单 while it
 * can be cancelled (cancelFundOrder / cancelPoOrder with the trade password).
 */
import { List } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useWalletName } from '@/features/platform'
import { useOrderDetail } from '../api/get-order-detail'
import { useTradeDate } from '../api/get-trade-date'
import { cancelOrder } from '../api/trade-writes'
import type { Order } from '../api/types'
import { OrderCancel } from '../components/order-cancel'
import { OrderRow } from '../components/order-row'
import { OrderTimeline } from '../components/order-timeline'
import {
  investPlanIdOf,
  investPlanPathOf,
  orderFigures,
  orderStatus,
  STATUS_COLOR,
  statusText,
} from '../lib/order-text'
import { beijingToday, buildTimeline } from '../lib/timeline'
import '../trade.css'

function Detail({ order }: { order: Order }) {
  const navigate = useNavigate()
  const walletName = useWalletName()
  const status = orderStatus(order)
  const dates = useTradeDate(order.profitDate || status !== 'ing' ? '' : order.productCode)
  const steps = buildTimeline(order, status, {
    today: beijingToday(),
    profitDate: dates.data?.profitDate,
  })
  const isPo = order.productType === 'PO' || order.orderCode.toUpperCase().startsWith('P')
  const planId = investPlanIdOf(order)

  return (
    <div className="form-page" style={{ paddingBottom: 96 }}>
      <div className="trade-result__head" style={{ textAlign: 'left' }}>
        <div className="trade-product__name">{order.productName}</div>
        <div
          className="trade-result__status"
          data-testid="trade-result-status"
          data-status={status}
          style={{ color: STATUS_COLOR[status], fontSize: 16 }}
        >
          {statusText(status)}
        </div>
        <OrderTimeline steps={steps} />
      </div>
      {planId !== null && (
        <List className="trade-figures">
          <List.Item
            data-testid="order-plan-link"
            extra="查看计划"
            arrowIcon
            onClick={() => navigate(investPlanPathOf(planId, order.productCode))}
          >
            来自定投计划
          </List.Item>
        </List>
      )}
      <List className="trade-figures" header="交易信息">
        {orderFigures(order, walletName).map((r) => (
          <List.Item key={r.label} extra={r.value}>
            {r.label}
          </List.Item>
        ))}
      </List>
      {order.children && order.children.length > 0 && (
        <List header="组合内基金">
          <div>
            {order.children.map((c) => (
              <OrderRow
                key={c.brokerOrderNo}
                order={c}
                onClick={() =>
                  navigate(
                    `/transactionDetail?brokerOrderNo=${encodeURIComponent(c.brokerOrderNo)}`,
                  )
                }
              />
            ))}
          </div>
        </List>
      )}
      <OrderCancel
        order={order}
        cancel={(tradePassword) =>
          cancelOrder({ brokerOrderNo: order.brokerOrderNo, tradePassword }, isPo)
        }
        warning="撤单后该笔交易将不再进行，支付的款项将原路退回。确定撤单吗？"
        description="撤销该笔交易"
        testId="order-cancel"
      />
    </div>
  )
}

export default function TransactionDetailPage() {
  const [params] = useSearchParams()
  const no = params.get('brokerOrderNo') ?? params.get('orderNo') ?? ''
  const query = useOrderDetail(no)
  return (
    <QueryView query={query} rows={8} emptyTitle="未找到该订单">
      {(order) => <Detail order={order} />}
    </QueryView>
  )
}
