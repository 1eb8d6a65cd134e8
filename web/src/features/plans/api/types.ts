/**
 * Payload types of the 定投 plan calls (docs/plans-screens.md "Calls"): written by hand to the plans
 * contract until the server's schema carries them, then to be replaced by the generated types
 * (`Schemas['InvestPlanOut']` and the like, as features/trade/api/types.ts does). JSON is
 * camelCase; amounts are strings of 2 decimals ("500.00"), rates decimal strings ("0.1500"),
 * dates "YYYY-MM-DD", ids integers.
 */

/** fund, portfolio and wallet plans live under /trade/investPlan; strategy plans (CL…) under
 * /saip/strategyInvestPlan. */
export type PlanProductType = 'fund' | 'poFund' | 'wallet' | 'strategy'

/** 0 every trading day, 1 week, 2 month, 3 year. */
export type PeriodUnit = 0 | 1 | 2 | 3

/** A active, P paused, T terminated. */
export type PlanStatus = 'A' | 'P' | 'T'

export type ExecutionStatus = 'ACTIVE' | 'SUCCESS' | 'FAIL' | 'TERMINATED'

export type PlanPayType = 'card' | 'wallet'

/** CONTINUITY: a failed charge is retried on the next two trading days; LAST: one try. */
export type PayDateMode = 'CONTINUITY' | 'LAST'

export type TargetAction = 'keepOn' | 'redeem' | 'hold' | 'rolling'

/** 0 not holding, 1 fixed, 2 rolling. */
export type PlanHolding = 0 | 1 | 2

export type ExtendPeriodSignStatus = 'UNSIGN_CANFREESIGN' | 'SIGNED_FREE' | 'UNSIGN'

export interface InvestPlan {
  investPlanId: number
  financialAccountId: number
  productType: PlanProductType
  productCode: string
  productName: string
  amount: string
  periodUnit: PeriodUnit
  periodInterval: number
  periodDay: number | null
  periodMonth: number | null
  /** 每周三, 每两周周三, 每月8日, 每个交易日, 每年3月8日 */
  periodText: string
  payType: PlanPayType
  paymentMethodId: number | null
  /** 招商银行(尾号8888) or the wallet's name */
  payMethodText: string
  payDateMode: PayDateMode
  smart: boolean
  smartIndexCode: string | null
  smartIndexName: string | null
  targetRate: string | null
  targetAction: TargetAction | null
  planHolding: PlanHolding
  round: number
  status: PlanStatus
  /** "" or why the plan stopped, e.g. 连续3期扣款失败，计划已自动暂停 */
  statusReason: string
  extendPeriodSignStatus: ExtendPeriodSignStatus | null
  startDate: string
  /** null unless the plan is active */
  nextDate: string | null
  createdAt: string
  executionCount: number
  successCount: number
  failCount: number
  totalInvested: string
  holdingShares: string
  holdingValue: string
  holdingProfit: string
  holdingProfitRate: string
}

/** One band of a smart plan: the index's deviation from its 250-day average in
 * [lowerDeviation, upperDeviation) scales the amount by `multiplier`. */
export interface SmartBand {
  lowerDeviation: string | null
  upperDeviation: string | null
  multiplier: string
  label: string
}

/** One round of a take-profit plan. */
export interface TargetRecord {
  round: number
  startDate: string
  endDate: string | null
  invested: string
  value: string
  returnRate: string
  action: TargetAction
  reachedDate: string | null
}

/** GET …/detail */
export interface InvestPlanDetail extends InvestPlan {
  /** the next 3 dates while active */
  upcomingDates: string[]
  /** when smart */
  smartBands?: SmartBand[] | null
  targetRecords: TargetRecord[]
}

export interface Execution {
  executionId: number
  investPlanId: number
  dueDate: string
  /** the day the charge succeeded or last failed */
  executeDate: string | null
  /** 1..3 */
  attempt: number
  status: ExecutionStatus
  baseAmount: string
  /** "1.00"; a smart plan's band factor */
  multiplier: string
  amount: string
  brokerOrderNo: string | null
  orderCode: string | null
  orderConfirmStatus: string | null
  confirmedShares: string | null
  nav: string | null
  fee: string | null
  /** "" or 余额不足 / 银行卡扣款失败 / 产品暂停申购 / 风险等级不匹配 / 测评已过期 … */
  failReason: string
}

/** The project's PageOut. */
export interface Page<T> {
  list: T[]
  total: number
  page: number
  size: number
  hasMore: boolean
}

/** The period of a plan as the calls take it. */
export interface PlanPeriod {
  periodUnit: PeriodUnit
  periodInterval: number
  periodDay: number | null
  periodMonth: number | null
}

/** GET /trade/investPlan/preview (query) */
export interface PlanPreviewParams extends PlanPeriod {
  productType: PlanProductType
  productCode: string
  financialAccountId?: number | null
}

/** GET /trade/investPlan/preview */
export interface PlanPreview {
  firstDate: string
  nextDates: string[]
  minAmount: string
  /** the per-charge limit of the account's card, when known */
  maxAmount: string | null
  smartSupported: boolean
  smartIndexCode: string | null
  smartIndexName: string | null
  smartBands: SmartBand[]
  currentDeviation: string | null
  currentMultiplier: string | null
  protocolNames: string[]
}

/** What a trade write carries besides its own fields. */
export interface PlanWriteAuth {
  tradePassword: string
  tradeUUID: string
}

/** POST …/create */
export interface CreatePlanBody extends PlanWriteAuth {
  financialAccountId: number
  productType: PlanProductType
  productCode: string
  amount: string
  periodUnit: PeriodUnit
  periodInterval?: number
  periodDay?: number | null
  periodMonth?: number | null
  payType: PlanPayType
  paymentMethodId?: number | null
  payDateMode?: PayDateMode
  smart?: boolean
  targetRate?: string | null
  targetAction?: TargetAction | null
  verifyTicket?: string
  riskConfirmed?: boolean
}

/** POST …/update: only an active plan; takes effect from the next date. */
export interface UpdatePlanBody extends PlanWriteAuth {
  investPlanId: number
  amount?: string
  periodUnit?: PeriodUnit
  periodInterval?: number
  periodDay?: number | null
  periodMonth?: number | null
  payType?: PlanPayType
  paymentMethodId?: number | null
  payDateMode?: PayDateMode
  smart?: boolean
  targetRate?: string | null
  targetAction?: TargetAction | null
}

/** POST …/pause | resume | terminate */
export interface PlanActionBody extends PlanWriteAuth {
  investPlanId: number
}

/** GET …/list (query) */
export interface PlanListParams {
  status?: PlanStatus | null
  financialAccountId?: number | null
  productType?: PlanProductType | null
  /** strategy plans only */
  strategyParentCode?: string | null
}
