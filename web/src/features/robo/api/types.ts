/**
 * Payload types of the robo calls (docs/robo.md#the-calls), from the generated OpenAPI schema
 * (src/api/schema.d.ts). Amounts, weights and rates are decimal strings ("5000.00", "0.3500");
 * dates "YYYY-MM-DD"; moments ISO strings.
 */
import type { GetData, PostData } from '@/lib/api-types'
import type { Order } from '@/features/trade'

type NonNull<T> = Exclude<T, null | undefined>

export type Survey = NonNull<GetData<'/roboServiceAccount/survey/get'>>
export type SurveyAnswers = Survey['answers']
export type SurveyCreated = PostData<'/roboServiceAccount/survey/create'>
export type SurveySubmitted = PostData<'/roboServiceAccount/survey/submit'>
export type AllocationList = GetData<'/roboServiceAccount/getRoboAssetAllocationList'>
export type Allocation = AllocationList['list'][number]
export type AllocationItem = Allocation['items'][number]
export type Planning = GetData<'/investment/planning/detail'>
export type Backtest = GetData<'/investment/planning/getRollingReturnBacktestingDetail'>
export type HoldingExperience = GetData<'/investment/planning/holdingExperience'>
export type RiskPermission = GetData<'/investment/planning/riskPermission/detail'>
export type ConfirmedPlanning = PostData<'/roboServiceAccount/confirmRoboInvestmentPlanning'>
export type DepositPreview = PostData<'/roboServiceAccount/prepareDeposit'>
export type WithdrawPreview = PostData<'/roboServiceAccount/prepareWithdraw'>
export type RoboAccount = GetData<'/roboServiceAccount/getRoboSAList'>['list'][number]
export type Homepage = GetData<'/roboServiceAccount/homepage/component/detail'>
export type Distribution = GetData<'/roboServiceAccount/getAssetDistribution'>
export type Payments = GetData<'/roboServiceAccount/getAssetPayments'>
export type RoboOrders = GetData<'/roboServiceAccount/order/getList'>
export type RoboOrder = RoboOrders['list'][number]
/** A parent order with its child fund orders (the trade feature's orders). */
export type RoboOrderDetail = Omit<
  GetData<'/roboServiceAccount/order/getDetail'>,
  'order' | 'childList'
> & { order: Order; childList: Order[] }
export type Dividends = GetData<'/roboServiceAccount/dividend/getList'>
export type Dividend = Dividends['list'][number]
export type NameCheck = GetData<'/roboServiceAccount/checkRoboServiceName'>
