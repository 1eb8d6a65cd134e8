/**
 * Payload types of the advisory calls (docs/advisory.md#the-calls-customer-side), from the
 * generated OpenAPI schema (src/api/schema.d.ts). Amounts, rates and weights are decimal strings
 * ("20000.00", "0.0050", "0.3000"); moments ISO strings in Beijing time; dates "YYYY-MM-DD".
 */
import type { Schemas } from '@/lib/api-types'
import type { Order } from '@/features/trade'

/** Names another feature's schema also has carry the module's path in the document. */
type Own<N extends string> = Schemas[`opentamp__advisory__schemas__${N}` & keyof Schemas]

export type FileItem = Schemas['FileOut']
export type AdviserFeeInfo = Schemas['AdviserFeeInfo']
export type UnsignedItem = Schemas['UnsignedItemOut']
export type SignPreview = Schemas['SignPreviewOut']
export type ContractSignResult = Schemas['ContractSignOut']
export type SignStepTwoResult = Schemas['SignStepTwoOut']
export type ContractDetail = Schemas['ContractDetailOut']
export type UnsignResult = Schemas['UnsignOut']
export type ContractStatusResult = Own<'ContractStatusOut'>
export type AutoAdjust = Schemas['AutoAdjustOut']
export type CodeSent = Own<'CodeSentOut'>
export type RedeemItem = Schemas['RedeemItemOut']
export type Preredeem = Schemas['PreredeemOut']
export type AdjustmentBrief = Schemas['AdjustmentBriefOut']
export type AccountInfo = Schemas['AccountInfoOut']
export type ChargePlan = Schemas['ChargePlanOut']
export type TotalAsset = Schemas['TotalAssetOut']
export type FundHolding = Schemas['FundHoldingOut']
export type FundHoldings = Schemas['FundHoldingsOut']
export type HomeComponent = Own<'ComponentOut'>
export type HomeTemplate = Schemas['TemplateOut']
export type ComponentData = Own<'ComponentDataOut'>
export type PaymentMethods = Own<'PaymentMethodsOut'>
export type AdjustmentItem = Own<'AdjustmentItemOut'>
export type AdjustmentEvent = Schemas['AdjustmentEventOut']
export type Adjustment = Own<'AdjustmentOut'>
export type Fee = Schemas['FeeOut']
export type Accrual = Schemas['AccrualOut']
export type DebtList = Schemas['DebtListOut']
export type AccFee = Schemas['AccFeeOut']
export type ChargeDetail = Schemas['ChargeDetailOut']
export type FeePayment = Schemas['FeePaymentOut']
export type Announcement = Schemas['AnnouncementOut']
export type AnnouncementDetail = Schemas['AnnouncementDetailOut']
export type TransferItem = Schemas['ServiceTransferItemOut']
export type TransferPreview = Schemas['TransferPreviewOut']
/** GET /serviceAccount/deposit/preview: trading's portfolio-purchase preview, short-named. */
export type DepositPreview = Schemas['PrepareBuyPoOut']
export type Transfer = Schemas['TransferOut']
export type DepositPlanParam = Schemas['DepositPlanParamOut']

/** An order as docs/trading.md answers it: the trade feature's. */
export type PlacedOrder = Order

/** A parent order with its child fund orders. */
export type MoneyOrder = Omit<Schemas['MoneyOrderOut'], 'order' | 'childList'> & {
  order: PlacedOrder
  childList: PlacedOrder[]
}

/** A deposit-invest plan and its executions are the plan engine's (docs/plans.md). */
export type DepositPlan = Schemas['InvestPlanOut']
export type Execution = Schemas['ExecutionOut']

/** The project's PageOut. */
export interface Page<T> {
  list: T[]
  total: number
  page: number
  size: number
  hasMore: boolean
}
