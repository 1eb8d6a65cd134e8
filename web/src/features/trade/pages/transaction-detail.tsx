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
import { formatMoney, formatNav, formatNumber, formatPercent, toDecimal } from '@/lib/format'
import { portfolioSaleRatio } from '@/lib/order-codes'
import { useOrderDetail } from '../api/get-order-detail'
import { useTradeDate } from '../api/get-trade-date'
import { cancelOrder } from '../api/trade-writes'
import type { Order } from '../api/types'
import { OrderCancel } from '../components/order-cancel'
import { OrderRow } from '../components/order-row'
import { OrderTimeline } from '../components/order-timeline'
import {
  confirmDateOf,
  formatApplyTime,
  investPlanIdOf,
  investPlanPathOf,
  isSellOrder,
  moneyWayText,
  orderCodeText,
  orderStatus,
  STATUS_COLOR,
  statusText,
} from '../lib/order-text'
import { beijingToday, buildTimeline } from '../lib/timeline'
import '../trade.css'

const has = (v: unknown) => !!toDecimal(v)?.gt(0)

/** Sell orders whose net amount is paid out (to the card or the wallet): all but a
 * conversion (036), whose proceeds buy the other fund. */
const paysOut = (code: string) => isSellOrder(code) && code !== '036'

/** A card redemption's payout (docs/trading.md "Payouts"). */
const payoutText = (status: NonNullable<Order['payoutStatus']>, walletName: string) =>
  ({
    sent: '已到账',
    failed: '银行卡入账失败，将于下一交易日重试',
    wallet: `银行卡入账失败，已转入${walletName}`,
  })[status]

/** The figure rows of an order, those it has; the wallet goes by the broker's name for it. */
export function orderFigures(order: Order, walletName: string): { label: string; value: string }[] {
  const sell = isSellOrder(order.orderCode)
  const status = orderStatus(order)
  const cancelled = status === 'cancel'
  const rows: { label: string; value: string }[] = [
    { label: '交易类型', value: orderCodeText(order.orderCode, order) },
    { label: '订单编号', value: order.brokerOrderNo },
    { label: '申请时间', value: formatApplyTime(order.applyTime) },
  ]
  const add = (label: string, value: string | false | null | undefined) => {
    if (value) rows.push({ label, value })
  }
  add('申请金额', has(order.tradeAmount) && `${formatMoney(order.tradeAmount)}元`)
  // a portfolio sale is of a part of each fund (its shares on the funds' rows below)
  add('卖出比例', portfolioSaleRatio(order.orderCode, order))
  add('申请份额', has(order.tradeShare) && `${formatNumber(order.tradeShare)}份`)
  // a cancelled order is refunded in full: no fee was charged and nothing was bought
  add(
    '手续费',
    !cancelled &&
      (has(order.fee) || !sell) &&
      order.fee !== undefined &&
      `${formatMoney(order.fee)}元`,
  )
  add('费率', !cancelled && has(order.feeRate) && formatPercent(order.feeRate))
  add(
    '净申购金额',
    !sell && !cancelled && has(order.netAmount) && `${formatMoney(order.netAmount)}元`,
  )
  add('确认净值', has(order.nav) && formatNav(order.nav))
  add('确认份额', has(order.confirmedShares) && `${formatNumber(order.confirmedShares)}份`)
  add('确认金额', has(order.confirmedAmount) && `${formatMoney(order.confirmedAmount)}元`)
  // what reaches the card or the wallet: the confirmed amount less the redemption fee
  // (a conversion's proceeds buy the other fund instead)
  add(
    '到账金额',
    paysOut(order.orderCode) &&
      !cancelled &&
      has(order.netAmount) &&
      `${formatMoney(order.netAmount)}元`,
  )
  add('交易日期', order.tradeDate)
  // a cancelled or failed order that was never confirmed: no 确认日期 (nor, cancelled, 到账日期)
  add('确认日期', confirmDateOf(order, status)?.date)
  add('到账日期', sell && !cancelled && order.arrivalDate)
  add('到账状态', sell && order.payoutStatus && payoutText(order.payoutStatus, walletName))
  add(sell ? '回款方式' : '支付方式', moneyWayText(order, walletName))
  add('失败原因', order.failReason)
  return rows
}

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
