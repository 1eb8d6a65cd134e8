/**
 * Payload types of the 定投 plan calls (docs/plans.md "Calls"), from the generated OpenAPI schema
 * (src/api/schema.d.ts). Amounts are strings of 2 decimals ("500.00"), rates decimal strings
 * ("0.1500"), dates "YYYY-MM-DD".
 */
import type { Schemas } from '@/lib/api-types'

export type InvestPlan = Schemas['InvestPlanOut']
export type InvestPlanDetail = Schemas['InvestPlanDetailOut']
export type Execution = Schemas['ExecutionOut']
export type PlanPreview = Schemas['PlanPreviewOut']
export type SmartBand = Schemas['SmartBandOut']
export type TargetRecord = Schemas['TargetRecordOut']
export type CreatePlanBody = Schemas['PlanCreateIn']
export type UpdatePlanBody = Schemas['PlanUpdateIn']
export type PlanActionBody = Schemas['PlanActionIn']

/** fund, portfolio and wallet plans live under /trade/investPlan; strategy plans (CL…) under
 * /saip/strategyInvestPlan. */
export type PlanProductType = InvestPlan['productType']
/** 0 every trading day, 1 week, 2 month, 3 year. */
export type PeriodUnit = InvestPlan['periodUnit']
/** A active, P paused, T terminated. */
export type PlanStatus = InvestPlan['status']
export type ExecutionStatus = Execution['status']
export type PlanPayType = InvestPlan['payType']
/** CONTINUITY: a failed charge is retried on the next two trading days; LAST: one try. */
export type PayDateMode = InvestPlan['payDateMode']
export type TargetAction = NonNullable<InvestPlan['targetAction']>
/** 0 not holding, 1 fixed, 2 rolling. */
export type PlanHolding = InvestPlan['planHolding']
export type ExtendPeriodSignStatus = NonNullable<InvestPlan['extendPeriodSignStatus']>

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

/** GET …/list (query) */
export interface PlanListParams {
  status?: PlanStatus | null
  financialAccountId?: number | null
  productType?: PlanProductType | null
  /** strategy plans only */
  strategyParentCode?: string | null
}
