/**
 * The words of the advisory screens in one place: discretion types, adjustment triggers, model
 * kinds, report scopes, the homepage components' titles and where money goes. Fund types are
 * named by the server (fundTypeName), never here.
 */

export const DISCRETION_TEXT: Record<string, string> = {
  FULL_DISCRETIONARY: '全委托',
  HALF_DISCRETIONARY: '半委托',
}

export const discretionText = (t: string | null | undefined) => DISCRETION_TEXT[t ?? ''] ?? '--'

/** What each discretion means for the customer. */
export const DISCRETION_NOTE: Record<string, string> = {
  FULL_DISCRETIONARY: '投顾调仓将自动执行，执行后通知您',
  HALF_DISCRETIONARY: '每次调仓需您确认后执行，到期未确认则不执行',
}

export const TRIGGER_TEXT: Record<string, string> = {
  PROACTIVE: '主动调仓',
  AUTO_FOLLOW_MODEL: '自动跟随模型',
  REBALANCE: '再平衡',
  SIGNAL_CHANGE: '信号变化',
  PERIODIC_BUILD: '分批建仓',
}

export const triggerText = (t: string | null | undefined) => TRIGGER_TEXT[t ?? ''] ?? '调仓'

export const MODEL_KIND_TEXT: Record<string, string> = {
  standard: '标准模型',
  customized: '专属方案',
}

/** Report scopes (docs/product.md#constants: summary, holdings, transactions, adjustments,
 * report, adviser charge). */
export const REPORT_SCOPES = [
  { key: 'SUMMARY', label: '账户概览' },
  { key: 'HOLDINGS', label: '持仓明细' },
  { key: 'TRANSACTIONS', label: '交易记录' },
  { key: 'ADJUSTMENTS', label: '调仓记录' },
  { key: 'REPORT', label: '投顾观点' },
  { key: 'ADVISER_CHARGE', label: '投顾服务费' },
] as const

/** How the adviser fee meets a withdrawal (docs/advisory.md#deposit-and-withdraw): taking
 * everything out charges the uncharged accruals (a REDEEM fee); a partial withdrawal charges
 * nothing of its own, its accruals are charged with the period's. */
export const FEE_ON_WITHDRAW =
  '全部取出时收取已计提未收取的服务费；部分取出不单独收取，计入当期一并收取'

/** The label of an order's confirmation date (trade's confirmDateOf, which gives none to a
 * cancelled or failed order never confirmed): 确认日 once it is confirmed, 预计确认日 while it
 * is still to come. */
export const confirmDateLabel = (date: { expected: boolean }) =>
  date.expected ? '预计确认日' : '确认日'

/** Withdrawal ratios offered. */
export const WITHDRAW_RATIOS = [
  { ratio: '0.25', label: '25%' },
  { ratio: '0.5', label: '50%' },
  { ratio: '0.75', label: '75%' },
  { ratio: '1', label: '全部' },
] as const
