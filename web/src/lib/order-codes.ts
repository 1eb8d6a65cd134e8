/**
 * What each business code reads as, on every screen (record lists, order details, results,
 * charts): one table. Wallet orders use the wallet's own words (充值, 取现); the status beside
 * a code comes from deriveOrderStatus (lib/order-status.ts), never from here.
 */
import { formatPart, formatPercent, isValidValue, toDecimal } from './format'
import { BUY_CODES } from './order-status'

export const ORDER_CODE_TEXT: Record<string, string> = {
  '020': '认购',
  '022': '买入',
  '039': '定投',
  '024': '卖出',
  '036': '转换',
  '029': '修改分红方式',
  '143': '分红',
  P02: '买入',
  P03: '卖出',
  P04: '调仓',
  W01: '充值',
  W02: '取现',
  W03: '快速取现',
  W04: '买入',
  W11: '定投',
  W12: '投顾服务费',
  '127': '转入',
}

/** What the orders a signal led to read as (docs/signals.md "Screens"): a follow plan's or a
 * signal's purchase, and a signal sell order. */
export const SIGNAL_ORDER_TEXT = { buy: '跟车买入', sell: '跟车卖出' } as const

export interface OrderKindInput {
  isSignalSellOrder?: boolean | null
  extMetaInfo?: Record<string, unknown> | null
}

/** The kind of an order: its business code's text, or 跟车买入 / 跟车卖出 for the orders a signal
 * led to. A purchase a 定投 plan placed reads 定投 whatever it bought: a fund's says so by its
 * code (039, W11), a portfolio's or a strategy's (P02) by its plan (extMetaInfo.investPlanId,
 * docs/plans.md "Orders"). */
export function orderCodeText(code: string, order?: OrderKindInput): string {
  if (order?.isSignalSellOrder) return SIGNAL_ORDER_TEXT.sell
  const meta = order?.extMetaInfo
  if (
    meta &&
    (meta.signalFollowPlanId !== undefined || meta.sigId !== undefined) &&
    isBuyOrder(code)
  )
    return SIGNAL_ORDER_TEXT.buy
  const upper = code.toUpperCase()
  if (upper === 'P02' && isValidValue(meta?.investPlanId)) return ORDER_CODE_TEXT['039']
  return ORDER_CODE_TEXT[upper] ?? '交易'
}

/** Orders that put money in (amount in 元, a 买入 marker on charts): the buy codes, a
 * portfolio purchase and a wallet recharge. */
export function isBuyOrder(code: string): boolean {
  const c = code.toUpperCase()
  return BUY_CODES.has(c) || c === 'P02' || c === 'W01'
}

/** A transfer-in of holdings from another platform (转托管转入, docs/transfers.md). */
export const isTransferIn = (code: string): boolean => code === '127'

/** Orders that take shares out (shares in 份). */
export function isSellOrder(code: string): boolean {
  return ['024', '036', 'P03', 'W02', 'W03'].includes(code.toUpperCase())
}

/** A portfolio sale (P03) is of a part of every component (extMetaInfo.ratio), not of shares:
 * its shares are each fund's, on its children, and shares of different funds do not add up
 * (docs/trading.md). The part as shown ("50.00%"), or null for any other order. */
export function portfolioSaleRatio(code: string, order?: OrderKindInput): string | null {
  if (code.toUpperCase() !== 'P03') return null
  const ratio = toDecimal(order?.extMetaInfo?.ratio)
  return ratio ? formatPercent(ratio) : null
}

/** What a record row shows as the figure of a portfolio sale (P03, a signal's 跟车卖出 too):
 * what was applied for, as every row shows (the shares of a fund sale), which for a sale of a
 * part of each fund is that part, in words as a signal writes it (卖出30%, `formatPart`): never
 * a bare "30.00%" that reads as a return beside the amounts of the other rows, nor a sum of
 * different funds' shares. Null for any other order. */
export function portfolioSaleFigure(code: string, order?: OrderKindInput): string | null {
  if (code.toUpperCase() !== 'P03') return null
  return partSaleFigure(order?.extMetaInfo?.ratio)
}

/** A sale of a part of a holding, in words (卖出30%, `formatPart`): the figure of a portfolio sale
 * and of a signal's sale wherever it shows (a follow record, a sell signal). Null without a
 * part. */
export function partSaleFigure(ratio: unknown): string | null {
  const d = toDecimal(ratio)
  return d ? `卖出${formatPart(d)}` : null
}
