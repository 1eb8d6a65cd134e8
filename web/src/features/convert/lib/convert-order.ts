/**
 * How a conversion order (036) reads on the convert screens. The parent carries the fund
 * converted out (productCode, tradeShare) and names the fund converted into in extMetaInfo
 * (targetFundCode, targetFundName); its children are the redemption of the first (024) and the
 * purchase of the second (022), which hold the figures each side confirms.
 *
 * Its steps: 提交成功 (applyTime) → 份额确认 (the confirmation date: the shares of both funds
 * are confirmed) → 查看收益 (the day the new fund's profit first shows). A failure or a
 * cancellation ends the line at the second step with what happened (the trade screens'
 * timeline pattern, features/trade lib/timeline).
 */
import { formatApplyTime, statusText, type Order, type TimelineStep } from '@/features/trade'
import { formatMoney, formatNav, formatNumber, toDecimal } from '@/lib/format'
import type { DisplayStatus } from '@/lib/order-status'

export const REDEEM_CODE = '024'
export const PURCHASE_CODE = '022'

export interface ConvertSide {
  fundCode: string
  fundName: string
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

/** The redemption (转出) and purchase (转入) children, when the order has them. */
export function convertLegs(order: Order): { out?: Order; in?: Order } {
  const children = order.children ?? []
  return {
    out: children.find((c) => c.orderCode === REDEEM_CODE),
    in: children.find((c) => c.orderCode === PURCHASE_CODE),
  }
}

/** The fund converted into: from extMetaInfo, else from the purchase child. */
export function convertTarget(order: Order): ConvertSide {
  const meta = order.extMetaInfo ?? {}
  const purchase = convertLegs(order).in
  return {
    fundCode: text(meta.targetFundCode) || purchase?.productCode || '',
    fundName: text(meta.targetFundName) || purchase?.productName || '',
  }
}

/** The date the conversion is confirmed on: the purchase's, which comes last. */
export function convertConfirmDate(order: Order): string {
  const purchase = convertLegs(order).in
  return (
    purchase?.confirmedAt || order.confirmedAt || purchase?.confirmDate || order.confirmDate || ''
  )
}

export function buildConvertTimeline(
  order: Order,
  status: DisplayStatus,
  today: string,
): TimelineStep[] {
  const purchase = convertLegs(order).in
  const apply: TimelineStep = {
    key: 'apply',
    title: '提交成功',
    date: formatApplyTime(order.applyTime),
    state: 'done',
  }
  const confirm: TimelineStep = {
    key: 'confirm',
    title: '份额确认',
    date: convertConfirmDate(order),
    state: 'current',
  }
  const profitDate = purchase?.profitDate || order.profitDate || ''
  const profit: TimelineStep = { key: 'profit', title: '查看收益', date: profitDate, state: 'wait' }
  switch (status) {
    case 'success':
    case 'part':
      confirm.state = 'done'
      if (status === 'part') confirm.note = statusText(status)
      profit.state = profitDate && today && profitDate <= today ? 'done' : 'current'
      return [apply, confirm, profit]
    case 'fail':
    case 'cancel':
      confirm.state = 'error'
      confirm.title = statusText(status)
      confirm.note = order.failReason || purchase?.failReason || undefined
      return [apply, confirm]
    default:
      return [apply, confirm, profit]
  }
}

export interface FigureRow {
  label: string
  value: string
  /** A second, smaller line (a fund's code under its name). */
  note?: string
}

const has = (v: unknown) => !!toDecimal(v)?.gt(0)

/**
 * The figures of a conversion, side by side: 转出 (the shares, the NAV they were redeemed at,
 * the gross amount and the redemption fee, from the 024 child) and 转入 (the amount going in,
 * the 补差费, the NAV and the confirmed shares, from the 022 child). A figure not known yet
 * reads 待确认 while the order waits, -- otherwise.
 */
export function convertFigures(
  order: Order,
  status: DisplayStatus,
): { out: FigureRow[]; in: FigureRow[]; info: FigureRow[] } {
  const legs = convertLegs(order)
  const target = convertTarget(order)
  const blank = status === 'ing' ? '待确认' : '--'
  const money = (v: unknown) => (has(v) ? `${formatMoney(v)}元` : blank)
  const fee = (v: unknown, known: boolean) => (known ? `${formatMoney(v ?? 0)}元` : blank)
  const shares = (v: unknown) => (has(v) ? `${formatNumber(v)}份` : blank)
  const nav = (v: unknown) => (has(v) ? formatNav(v) : blank)
  const out = legs.out
  const into = legs.in
  const outShares = has(out?.tradeShare) ? out?.tradeShare : order.tradeShare
  return {
    out: [
      { label: '转出基金', value: order.productName, note: order.productCode },
      { label: '转出份额', value: shares(outShares) },
      { label: '转出净值', value: nav(out?.nav) },
      { label: '转出金额', value: money(out?.confirmedAmount) },
      { label: '赎回费', value: fee(out?.fee, has(out?.confirmedAmount)) },
    ],
    in: [
      { label: '转入基金', value: target.fundName, note: target.fundCode },
      { label: '转入金额', value: money(into?.tradeAmount) },
      { label: '补差费', value: fee(into?.fee, has(into?.tradeAmount)) },
      { label: '转入净值', value: nav(into?.nav) },
      { label: '确认份额', value: shares(into?.confirmedShares) },
    ],
    info: [
      { label: '订单编号', value: order.brokerOrderNo },
      { label: '申请时间', value: formatApplyTime(order.applyTime) },
      { label: '交易日', value: order.tradeDate || '--' },
      { label: '确认日期', value: convertConfirmDate(order) || '--' },
      ...(order.failReason ? [{ label: '失败原因', value: order.failReason }] : []),
    ],
  }
}
