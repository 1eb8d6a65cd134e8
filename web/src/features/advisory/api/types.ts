/**
 * Payload types of the advisory calls (docs/advisory.md#the-calls-customer-side). Amounts, rates
 * and weights are decimal strings ("20000.00", "0.0050", "0.3000"); moments ISO strings in Beijing
 * time; dates "YYYY-MM-DD".
 */

export interface FileItem {
  fileId: number
  name: string
  fileUrl: string
}

export interface AdviserFeeInfo {
  feeMode: string
  feeRatio: string
  feeRatedDiscount: string
  discountFeeRatio: string
  feeUpperLimitStr: string
  upperValue: string | null
  chargePeriod: string
}

export interface SignPreview {
  poCode: string
  poName: string
  discretionType: string
  riskLevel: number
  riskGrade5: number | null
  isRiskMatch: boolean
  fileList: FileItem[]
  adviserFeeInfo: AdviserFeeInfo
  coolingOffHours: number
  isTransferProd: boolean
  minDepositAmount: string
  signed: boolean
}

export interface ContractSignResult {
  serviceAccountId: number
  contractStatus: number
  contractNo: string
  phone: string
  expiresIn: number
}

export interface SignStepTwoResult {
  serviceAccountId: number
  financialAccountId: number
  contractStatus: number
  signedAt: string
  coolingOffEndTime: string
}

export interface ContractDetail {
  poCode: string
  poName: string
  discretionType: string
  teamName: string
  customerName: string
  fileList: FileItem[]
  signedFileIdList: number[]
  adviserFeeInfo: AdviserFeeInfo
  contractStatus: number | null
  contractNo: string | null
  signedAt: string | null
  coolingOffEndTime: string | null
  serviceAccountId: number | null
}

export interface UnsignResult {
  serviceAccountId: number
  contractStatus: number
  isCoolingOff: boolean
  brokerOrderNo: string | null
}

export interface ContractStatusResult {
  serviceAccountId: number
  contractStatus: number
}

export interface AutoAdjust {
  serviceAccountId: number
  autoAdjust: boolean
  discretionType: string
}

export interface CodeSent {
  phone: string
  expiresIn: number
}

export interface RedeemItem {
  fundCode: string
  fundName: string
  shares: string
  amount: string
  fee: string
}

export interface Preredeem {
  ratio: string
  totalAmount: string
  totalFee: string
  adviserFee: string
  itemList: RedeemItem[]
}

/** An order as docs/trading.md answers it: the trade feature's. */
export type PlacedOrder = import('@/features/trade').Order

export interface MoneyOrder {
  serviceAccountId: number | null
  order: PlacedOrder
  childList: PlacedOrder[]
}

export interface AdjustmentBrief {
  adjustmentId: number
  status: string
  expireTime?: string | null
}

export interface AccountInfo {
  serviceAccountId: number
  financialAccountId: number | null
  financialAccountName: string
  poCode: string
  poName: string
  discretionType: string
  contractStatus: number
  contractNo: string
  signedAt: string | null
  coolingOffEndTime: string | null
  isCoolingOff: boolean
  autoAdjust: boolean
  totalAsset: string
  holdingProfit: string
  accumulatedProfit: string
  previousProfit: string
  pendingAmount: string
  profitDate: string | null
  adjustmentInProcess: AdjustmentBrief | null
  isAdvisorFeeEnabled: boolean
  isAdvisorFeePaid: boolean
  advisorFee: string
  totalDebt: string
  mandatoryUnreadCount: number
  allowSingleFundRedeem: boolean
  minDepositAmount: string
  riskLevel: number
}

export interface ChargePlan extends AdviserFeeInfo {
  stepList: { minAsset: string; feeRatio: string }[]
  firstYearCharge: string | null
  coolingOffHours: number
}

export interface TotalAsset {
  totalAsset: string
  holdingAsset: string
  pendingAmount: string
  walletAsset: string
  holdingProfit: string
  accumulatedProfit: string
  previousProfit: string
  profitDate: string | null
}

export interface FundHolding {
  fundCode: string
  fundName: string
  fundType: number
  shares: string
  availableShares: string
  nav: string | null
  navDate: string | null
  marketValue: string
  weight: string
  targetWeight: string
  holdingProfit: string
  previousProfit: string
}

export interface FundHoldings {
  totalAsset: string
  holdingList: FundHolding[]
}

export interface HomeComponent {
  componentType: string
  title: string
  sort: number
}

export interface HomeTemplate {
  templateId: string
  componentList: HomeComponent[]
}

export interface ComponentData {
  componentType: string
  data: Record<string, unknown>
}

export interface PaymentMethods {
  paymentMethods: Record<string, unknown>[]
  walletShares: string
}

export interface AdjustmentItem {
  fundCode: string
  fundName: string
  weightBefore: string
  weightAfter: string
  currentWeight: string
}

export interface AdjustmentEvent {
  fromStatus: string
  toStatus: string
  time: string
  actor: string
}

export interface Adjustment {
  adjustmentId: number
  serviceAccountId: number
  poCode: string
  poName: string
  status: string
  trigger: string
  modelKind: string
  chartMode: string
  reason: string
  createTime: string
  expireTime: string | null
  brokerOrderNo: string | null
  failReason: string
  itemList: AdjustmentItem[]
  historyList: AdjustmentEvent[]
}

export interface Fee {
  feeId: number
  serviceAccountId: number
  source: string
  periodStart: string | null
  periodEnd: string | null
  feeAmount: string
  feeStatus: string
  refundAmount: string
  refundStatus: string
  brokerOrderNo: string | null
  createTime: string
  payTime: string | null
}

export interface Accrual {
  accrualDate: string
  assets: string
  feeRatio: string
  days: number
  amount: string
  feeId: number | null
}

export interface DebtList {
  debtList: Fee[]
  totalDebt: string
}

export interface AccFee {
  accruedFee: string
  chargedFee: string
  paidFee: string
  debtFee: string
  refundedFee: string
  periodStart: string
  periodEnd: string
  feeRatio: string
  chargePeriod: string
}

export interface ChargeDetail extends Fee {
  accrualList: Accrual[]
}

export interface FeePayment {
  feeId: number
  feeStatus: string
  brokerOrderNo: string | null
}

export interface Announcement {
  announcementId: number
  poCode: string
  title: string
  publishTime: string
  isMandatory: boolean
  isRead: boolean
}

export interface AnnouncementDetail extends Announcement {
  content: string
}

export interface TransferItem {
  financialAccountId: number
  financialAccountName: string
  fundCode: string
  fundName: string
  shares: string
  marketValue: string
}

export interface TransferPreview {
  itemList: TransferItem[]
}

export interface Transfer {
  transferId: number
  status: string
}

export interface DepositPlanParam {
  serviceAccountId: number
  poCode: string
  minAmount: string
  periodUnits: number[]
  payTypes: string[]
}

/** The project's PageOut. */
export interface Page<T> {
  list: T[]
  total: number
  page: number
  size: number
  hasMore: boolean
}

/** A deposit-invest plan and its executions are the plan engine's (docs/plans.md). */
export type DepositPlan = import('@/lib/api-types').Schemas['InvestPlanOut']
export type Execution = import('@/lib/api-types').Schemas['ExecutionOut']
