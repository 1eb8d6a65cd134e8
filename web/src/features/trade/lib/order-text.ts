/**
 * How an order reads on the record screens: its kind by business code (docs/rules.md#fund-trading),
 * its figure (amount or shares), and its status text and colour from deriveOrderStatus (the one
 * status derivation, docs/product.md#states).
 */
import { deriveOrderStatus, STATUS_TEXT, type DisplayStatus } from '@/lib/order-status'
import { formatMoney, formatNav, formatNumber, formatPercent, toDecimal } from '@/lib/format'
import type { Order } from '../api/types'

import {
  isSellOrder,
  isTransferIn,
  orderCodeText,
  portfolioSaleFigure,
  portfolioSaleRatio,
} from '@/lib/order-codes'

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

/** The figure of a row, on every record screen (the order lists, a product's records): "1,000.00元"
 * for money in (the amount paid, fee included), "500.00份" for shares out (the confirmed shares
 * once there are some, else those applied for; 卖出30% for a portfolio sale,
 * `portfolioSaleFigure`), the cash or the reinvested shares of a dividend; "--" when the order
 * has none (an adjustment). */
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
    const shares = positive(order.confirmedShares) ?? positive(order.tradeShare)
    if (shares) return `${formatNumber(shares)}份`
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

export interface FigureRow {
  label: string
  value: string
}

/** Orders whose amount is an estimate made when they are placed: an adjustment (P04) buys what
 * its sells will bring, planned at the latest NAVs (`tradeAmount`); what they brought is known
 * once it is confirmed (`confirmedAmount`, docs/trading.md "Rebalancing"). */
const estimatedAtPlacement = (code: string) => code.toUpperCase() === 'P04'

/**
 * The money rows of an order's detail, those it has: what was applied for and charged and,
 * once it is confirmed, what was confirmed (确认净值, 确认份额, 确认金额, 到账金额). The one rule of
 * the estimated against the confirmed figures, for 交易详情, the advisory 订单 (fa/order) and the
 * robo 交易详情: what the customer applied for (a purchase's amount, a sale's shares) stays beside
 * what was confirmed; an amount that was only estimated at placement (an adjustment's) reads
 * 预计金额 while the order waits and gives way to the confirmed figures once it is confirmed.
 */
export function orderMoneyFigures(order: Order, status: DisplayStatus): FigureRow[] {
  const sell = isSellOrder(order.orderCode)
  const cancelled = status === 'cancel'
  const rows: FigureRow[] = []
  const add = (label: string, value: string | false | null | undefined) => {
    if (value) rows.push({ label, value })
  }
  const amount = has(order.tradeAmount) && `${formatMoney(order.tradeAmount)}元`
  if (!estimatedAtPlacement(order.orderCode)) add('申请金额', amount)
  else if (confirmDateOf(order, status)?.expected !== false) add('预计金额', amount)
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
  return rows
}

/** The figure rows of an order's 交易详情, those it has: its kind, number and time, its money
 * (orderMoneyFigures), its dates and how it was paid or paid out; the wallet goes by the
 * broker's name for it. */
export function orderFigures(order: Order, walletName: string): FigureRow[] {
  const sell = isSellOrder(order.orderCode)
  const status = orderStatus(order)
  const cancelled = status === 'cancel'
  const rows: FigureRow[] = [
    { label: '交易类型', value: orderCodeText(order.orderCode, order) },
    { label: '订单编号', value: order.brokerOrderNo },
    { label: '申请时间', value: formatApplyTime(order.applyTime) },
    ...orderMoneyFigures(order, status),
  ]
  const add = (label: string, value: string | false | null | undefined) => {
    if (value) rows.push({ label, value })
  }
  add('交易日期', order.tradeDate)
  // a cancelled or failed order that was never confirmed: no 确认日期 (nor, cancelled, 到账日期)
  add('确认日期', confirmDateOf(order, status)?.date)
  add('到账日期', sell && !cancelled && order.arrivalDate)
  add('到账状态', sell && order.payoutStatus && payoutText(order.payoutStatus, walletName))
  add(sell ? '回款方式' : '支付方式', moneyWayText(order, walletName))
  add('失败原因', order.failReason)
  return rows
}
