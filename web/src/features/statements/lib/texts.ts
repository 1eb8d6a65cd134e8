/** The words of the statement, certificate and profit-book screens (docs/statements.md). */
export const KIND_LABELS = {
  priceChange: '价格变动',
  dividends: '分红收益',
  fees: '交易费用',
  realised: '已实现收益',
  unrealised: '未实现收益',
} as const

export const STATUS_TEXT: Record<string, string> = {
  ready: '已生成',
  pending: '生成中',
  failed: '生成失败',
}

/** The empty list's note, by the list's type: a month's statement comes once the month is
 * over, a year's once the year is. */
export const EMPTY_LIST_TEXT: Record<'month' | 'year', string> = {
  month: '账户有交易或持仓的月份结束后，即可查看当月对账单',
  year: '账户有交易或持仓的年度结束后，即可查看当年对账单',
}

/** 资金进出 with no money in or out in any of its months: a note instead of bars of nothing on
 * an axis of 0 to 1. */
export const NO_FLOWS_TEXT = '近12个月暂无资金进出'

/** Whether any month of 资金进出 moved money (its bars would show something). */
export const hasFlows = (months: { inflow: string; outflow: string }[]): boolean =>
  months.some((m) => Number(m.inflow) !== 0 || Number(m.outflow) !== 0)

/** A card flow of 资金进出: what the order did and its product (申购 · 远航沪深300指数A); the wallet's
 * own orders have no product beside their title, which names the wallet once (活期宝充值). */
export const flowText = (f: { title: string; productName: string }): string =>
  f.productName ? `${f.title} · ${f.productName}` : f.title

export const LANGUAGE_TEXT = { zh: '中文', en: 'English' } as const

/** 2026-10 → 2026年10月; 2026 → 2026年. */
export function periodText(period: string): string {
  const [year, month] = period.split('-')
  return month ? `${year}年${Number(month)}月` : `${year}年`
}

/** The statements open over 收益账本 (docs/statements.md#viewer): the list of a type… */
export const statementListPath = (reportType: string) => `/profitBookList?reportType=${reportType}`

/** …and one statement in the viewer. */
export const statementViewerPath = (r: {
  financialAccountId: number
  reportType: string
  period: string
}) =>
  `/profitBookList?reportType=${r.reportType}&financialAccountId=${r.financialAccountId}&period=${r.period}`
