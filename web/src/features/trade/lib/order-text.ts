/**
 * How an order reads on the record screens: its kind by business code (docs/rules.md#fund-trading),
 * its figure (amount or shares), and its status text and colour from deriveOrderStatus (the one
 * status derivation, docs/product.md#states).
 */
import { deriveOrderStatus, STATUS_TEXT, type DisplayStatus } from '@/lib/order-status'
import { formatMoney, formatNumber, toDecimal } from '@/lib/format'
import type { Order } from '../api/types'

import { isSellOrder, isTransferIn, portfolioSaleFigure } from '@/lib/order-codes'

export { ORDER_CODE_TEXT, isBuyOrder, isSellOrder, orderCodeText } from '@/lib/order-codes'

export const orderStatus = (order: Order): DisplayStatus =>
  deriveOrderStatus({
    orderCode: order.orderCode,
    confirmStatus: order.confirmStatus,
    payStatus: order.payStatus,
    extMetaInfo: order.extMetaInfo,
    isSignalSellOrder: order.isSignalSellOrder,
    isTransfer: order.isTransfer,
  })

/** Statuses of an order that ended without a confirmation to come: cancelled before its trade
 * date's cut-off, failed, or its payment failed. */
const ENDED_UNCONFIRMED: ReadonlySet<DisplayStatus> = new Set(['cancel', 'fail', 'payFail'])

/** An order's confirmation date as the screens show it: its own once it is confirmed
 * (`confirmedAt`, `expected` false); none for an order that ended without one (cancelled,
 * failed: it will never have the day it was expected on); otherwise the day it is expected on
 * (`confirmDate`, `expected` true). Null when there is no date to show. */
export function confirmDateOf(
  order: Pick<Order, 'confirmDate' | 'confirmedAt'>,
  status: DisplayStatus,
): { date: string; expected: boolean } | null {
  if (order.confirmedAt) return { date: order.confirmedAt, expected: false }
  if (ENDED_UNCONFIRMED.has(status) || !order.confirmDate) return null
  return { date: order.confirmDate, expected: true }
}

/** Redemptions from the wallet are in yuan (a wallet share is one yuan). */
function isWalletOutflow(code: string) {
  return code === 'W02' || code === 'W03'
}

/** The figure of a row: "1,000.00元" for money in, "500.00份" for shares out (卖出30% for a
 * portfolio sale, `portfolioSaleFigure`), the cash or the reinvested shares of a dividend; "--"
 * when the order has none (an adjustment). */
export function orderFigure(order: Order): string {
  const code = order.orderCode.toUpperCase()
  const positive = (v: unknown) => (toDecimal(v)?.gt(0) ? v : null)
  if (code === '143') {
    if (positive(order.confirmedAmount)) return `${formatMoney(order.confirmedAmount)}元`
    if (positive(order.confirmedShares)) return `${formatNumber(order.confirmedShares)}份`
    return '--'
  }
  if (isTransferIn(code))
    return positive(order.tradeShare) ? `${formatNumber(order.tradeShare)}份` : '--'
  if (isWalletOutflow(code))
    return `${formatMoney(positive(order.tradeAmount) ?? order.tradeShare)}元`
  if (isSellOrder(code)) {
    const part = portfolioSaleFigure(code, order)
    if (part) return part
    if (positive(order.tradeShare)) return `${formatNumber(order.tradeShare)}份`
    if (positive(order.tradeAmount)) return `${formatMoney(order.tradeAmount)}元`
    return '--'
  }
  if (positive(order.tradeAmount)) return `${formatMoney(order.tradeAmount)}元`
  return '--'
}

export const STATUS_COLOR: Record<DisplayStatus, string> = {
  payIng: '#ff8f1f',
  ing: '#ff8f1f',
  appointmentPay: '#ff8f1f',
  success: 'var(--app-text-secondary)',
  part: '#ff8f1f',
  buildPart: '#ff8f1f',
  cancel: 'var(--app-text-secondary)',
  fail: 'var(--app-rise)',
  payFail: 'var(--app-rise)',
}

export const statusText = (status: DisplayStatus) => STATUS_TEXT[status]

/** "2026-11-23T14:30:05+08:00" → "2026-11-23 14:30" (Beijing time as the server wrote it). */
export function formatApplyTime(value: string | null | undefined): string {
  if (!value) return '--'
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(value)
  return m ? `${m[1]} ${m[2]}` : value
}

/** The detail screen of an order: a fund conversion (036) has its own, 转换详情. */
export function orderDetailPath(order: Pick<Order, 'orderCode' | 'brokerOrderNo'>): string {
  const no = encodeURIComponent(order.brokerOrderNo)
  if (isTransferIn(order.orderCode)) return `/transactionTransferDetail?brokerOrderNo=${no}`
  return order.orderCode === '036'
    ? `/convert/transactionDetail?brokerOrderNo=${no}`
    : `/transactionDetail?brokerOrderNo=${no}`
}

/** The plan an order came from (a 定投 execution's order carries extMetaInfo.investPlanId). */
export function investPlanIdOf(order: {
  extMetaInfo?: Record<string, unknown> | null
}): number | null {
  const id = Number(order.extMetaInfo?.investPlanId)
  return Number.isInteger(id) && id > 0 ? id : null
}

/** The plan detail an order links to (docs/plans.md "Orders"); a strategy's (CL…) plan lives
 * under the strategy plan calls. */
export const investPlanPathOf = (investPlanId: number, productCode = '') =>
  `/strategy/autoInvestPlanDetail?investPlanId=${investPlanId}${
    productCode.toUpperCase().startsWith('CL') ? '&productType=strategy' : ''
  }`

/** Where an order's money came from (支付方式) or goes (回款方式), as 交易结果 and 交易详情 both
 * write it: the wallet by the broker's name for it (活期宝), or the card as the payment methods
 * show it, 工商银行(1234) (bankCardShowName); '' when the order names neither. */
export function moneyWayText(
  order: Pick<Order, 'orderCode' | 'payType' | 'redeemTo' | 'bankCardShowName'>,
  walletName: string,
): string {
  const toWallet = isSellOrder(order.orderCode)
    ? order.redeemTo === 'wallet'
    : order.payType === 'wallet'
  if (toWallet) return walletName
  return order.bankCardShowName
}
