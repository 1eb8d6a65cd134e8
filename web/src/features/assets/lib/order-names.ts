/**
 * What each business code reads as in a record list (docs/rules.md#fund-trading codes). The status beside it
 * comes from deriveOrderStatus (lib/order-status.ts), never from here.
 */
import { BUY_CODES } from '@/lib/order-status'

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
  W01: '存入',
  W02: '取出',
  W03: '快速取出',
  W04: '买入',
  W11: '定投',
  W12: '投顾服务费',
}

export function orderCodeText(code: string): string {
  return ORDER_CODE_TEXT[code.toUpperCase()] ?? '交易'
}

/** Trades that put money in (a 买入 marker on the chart): the buy codes, a portfolio purchase
 * and a wallet recharge; the others take money out (卖出). */
export function isBuyLike(code: string): boolean {
  const c = code.toUpperCase()
  return BUY_CODES.has(c) || c === 'P02' || c === 'W01'
}
