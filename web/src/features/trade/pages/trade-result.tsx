/**
 * The result of a trade (tradeResult, tradingResult, orderResult, thirdPayResult): the order's
 * status (deriveOrderStatus), what was applied for, the steps 提交申请 → 确认份额 → 查看收益
 * (or 资金到账 for a sale) from getOrderDetail, and 完成 / 查看订单.
 */
import { useEffect } from 'react'
import { Button, List } from 'antd-mobile'
import { CheckCircleFill, ClockCircleFill, CloseCircleFill } from 'antd-mobile-icons'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useWalletName } from '@/features/platform'
import type { DisplayStatus } from '@/lib/order-status'
import { formatMoney } from '@/lib/format'
import { useOrderDetail } from '../api/get-order-detail'
import { useTradeDate } from '../api/get-trade-date'
import type { Order } from '../api/types'
import { OrderTimeline } from '../components/order-timeline'
import {
  isSellOrder,
  moneyWayText,
  orderCodeText,
  orderDetailPath,
  orderFigure,
  orderStatus,
  statusText,
} from '../lib/order-text'
import { beijingToday, buildTimeline } from '../lib/timeline'
import '../trade.css'

/** Statuses whose payment is still under way. */
const PAYING: DisplayStatus[] = ['payIng', 'appointmentPay']

export function resultTitle(order: Order, status: DisplayStatus): string {
  const kind = orderCodeText(order.orderCode, order)
  if (status === 'ing' || status === 'appointmentPay') return `${kind}申请已提交`
  return statusText(status)
}

function StatusIcon({ status }: { status: DisplayStatus }) {
  const style = { fontSize: 56 }
  if (status === 'success') return <CheckCircleFill style={{ ...style, color: '#12824a' }} />
  if (status === 'fail' || status === 'payFail' || status === 'cancel')
    return <CloseCircleFill style={{ ...style, color: 'var(--app-rise)' }} />
  return <ClockCircleFill style={{ ...style, color: '#ff8f1f' }} />
}

function Result({ order }: { order: Order }) {
  const navigate = useNavigate()
  const status = orderStatus(order)
  const dates = useTradeDate(order.profitDate ? '' : order.productCode)
  const steps = buildTimeline(order, status, {
    today: beijingToday(),
    profitDate: dates.data?.profitDate,
  })
  const sell = isSellOrder(order.orderCode)
  const payment = moneyWayText(order, useWalletName())
  return (
    <div className="form-page">
      <div className="trade-result__head">
        <StatusIcon status={status} />
        <div
          className="trade-result__status"
          data-testid="trade-result-status"
          data-status={status}
        >
          {resultTitle(order, status)}
        </div>
        <div className="trade-result__desc">
          {order.productName} {orderFigure(order)}
        </div>
        <OrderTimeline steps={steps} />
      </div>
      <List className="trade-figures">
        <List.Item extra={orderCodeText(order.orderCode, order)}>交易类型</List.Item>
        {!sell && <List.Item extra={`${formatMoney(order.tradeAmount)}元`}>申请金额</List.Item>}
        {!sell && order.fee && <List.Item extra={`${formatMoney(order.fee)}元`}>手续费</List.Item>}
        {payment && <List.Item extra={payment}>{sell ? '回款方式' : '支付方式'}</List.Item>}
        {order.failReason && <List.Item extra={order.failReason}>失败原因</List.Item>}
      </List>
      <div className="trade-actions">
        <Button fill="outline" color="primary" onClick={() => navigate('/mine', { replace: true })}>
          完成
        </Button>
        <Button color="primary" onClick={() => navigate(orderDetailPath(order))}>
          查看订单
        </Button>
      </div>
    </div>
  )
}

function useRefetchWhile(refetch: () => unknown, active: boolean, ms = 3000) {
  useEffect(() => {
    if (!active) return
    const timer = setInterval(() => void refetch(), ms)
    return () => clearInterval(timer)
  }, [refetch, active, ms])
}

export default function TradeResultPage() {
  const [params] = useSearchParams()
  const no = params.get('brokerOrderNo') ?? params.get('orderNo') ?? ''
  const query = useOrderDetail(no)
  // A payment still under way is looked at again every 3 s.
  const paying = !!query.data && PAYING.includes(orderStatus(query.data))
  useRefetchWhile(query.refetch, paying)
  return (
    <QueryView query={query} rows={6} emptyTitle="未找到该订单">
      {(order) => <Result order={order} />}
    </QueryView>
  )
}
