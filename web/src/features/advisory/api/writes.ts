/**
 * The advisory writes (docs/advisory.md#the-calls-customer-side). Those that move money carry
 * the page's tradeUUID (a repeat returns the first answer) and the trade password; signing
 * carries the terminal details. None toasts on its own: a trade write's failure goes through the
 * trade feature's useTradeSubmit, the others are shown by their screen.
 */
import type { QueryClient } from '@tanstack/react-query'
import { post, type CallOptions } from '@/lib/api-client'
import { withTerminal } from '@/lib/terminal'
import type {
  Adjustment,
  AutoAdjust,
  CodeSent,
  ContractSignResult,
  ContractStatusResult,
  DepositPlan,
  FeePayment,
  PlacedOrder,
  Preredeem,
  SignStepTwoResult,
  Transfer,
  UnsignResult,
} from './types'

const WRITE: CallOptions = { errorToast: false, noErrorPage: true }

const write = <T>(path: string, body: object) => post<T>(path, body, WRITE)

export interface Password {
  tradePassword: string
  tradeUUID: string
}

// -- contract ------------------------------------------------------------------------------------

/** POST /serviceAccount/contract/sign: the contract in status 0 and a code texted to the phone. */
export const signContract = async (body: {
  poCode: string
  fileIdList: number[]
  riskConfirmed: boolean
  isTransferProd: boolean
}) => write<ContractSignResult>('/serviceAccount/contract/sign', await withTerminal(body))

/** POST /serviceAccount/contract/signStepTwo: the code confirms the contract (status 1). */
export const signStepTwo = (body: { serviceAccountId: number; verifyCode: string }) =>
  write<SignStepTwoResult>('/serviceAccount/contract/signStepTwo', body)

/** POST /serviceAccount/contract/unsign: sells everything to the account's wallet (status 2),
 * or ends the contract at once when nothing is held (3). */
export const unsignContract = (body: { serviceAccountId: number } & Password) =>
  write<UnsignResult>('/serviceAccount/contract/unsign', body)

/** POST /serviceAccount/contract/cancelUnSign: back to 1 while the sale can be cancelled. */
export const cancelUnsign = (body: { serviceAccountId: number }) =>
  write<ContractStatusResult>('/serviceAccount/contract/cancelUnSign', body)

/** POST /adviser/updateUserAutoAdjustSetting. */
export const updateAutoAdjust = (body: { serviceAccountId: number; autoAdjust: boolean }) =>
  write<AutoAdjust>('/adviser/updateUserAutoAdjustSetting', body)

// -- deposit and withdraw -----------------------------------------------------------------------

/** POST /serviceAccount/depositVerifyCode (or …/depositResendVerifyCode for another code). */
export const sendDepositCode = (serviceAccountId: number, resend: boolean) =>
  write<CodeSent>(
    resend ? '/serviceAccount/depositResendVerifyCode' : '/serviceAccount/depositVerifyCode',
    { serviceAccountId },
  )

/** POST /serviceAccount/deposit → the P02 order. */
export const deposit = (
  body: {
    serviceAccountId: number
    amount: string
    payType: 'card' | 'wallet'
    paymentMethodId: number | null
    verifyCode: string
    riskConfirmed: boolean
  } & Password,
) => write<PlacedOrder>('/serviceAccount/deposit', body)

/** POST /serviceAccount/withdraw → the P03 order. */
export const withdraw = (
  body: {
    serviceAccountId: number
    ratio: string
    redeemTo: 'card' | 'wallet'
    paymentMethodId: number | null
  } & Password,
) => write<PlacedOrder>('/serviceAccount/withdraw', body)

/** POST /serviceAccount/cancel: a deposit or withdrawal cancelled before its cut-off. */
export const cancelOrder = (body: { brokerOrderNo: string } & Password) =>
  write<PlacedOrder>('/serviceAccount/cancel', body)

/** POST /serviceAccount/fund/preRedeem: the estimate of selling one component. */
export const preRedeemFund = (body: {
  serviceAccountId: number
  fundCode: string
  shares: string
}) =>
  post<Preredeem>('/serviceAccount/fund/preRedeem', body, {
    errorToast: false,
    noErrorPage: true,
    keepCache: true,
  })

/** POST /serviceAccount/fund/redeem → the 024 order. */
export const redeemFund = (
  body: {
    serviceAccountId: number
    fundCode: string
    shares: string
    redeemTo: 'card' | 'wallet'
    paymentMethodId: number | null
  } & Password,
) => write<PlacedOrder>('/serviceAccount/fund/redeem', body)

// -- adjustments --------------------------------------------------------------------------------

export type AdjustmentAction = 'confirm' | 'cancel' | 'withdraw'

/** POST /serviceAccount/adjustment/confirm | cancel | withdraw → the adjustment as it now reads
 * (cancel needs no password). */
export const changeAdjustment = (
  action: AdjustmentAction,
  body: { adjustmentId: number } & Partial<Password>,
) => write<Adjustment>(`/serviceAccount/adjustment/${action}`, body)

// -- fees ---------------------------------------------------------------------------------------

/** POST /serviceAccount/advisor/payAdvisorFeeByWallet, or …/payAdvisorFee (sells that amount from
 * the account). */
export const payFee = (how: 'wallet' | 'account', body: { feeId: number } & Password) =>
  write<FeePayment>(
    how === 'wallet'
      ? '/serviceAccount/advisor/payAdvisorFeeByWallet'
      : '/serviceAccount/advisor/payAdvisorFee',
    body,
  )

// -- announcements, transfers, plans -------------------------------------------------------------

/** POST /serviceAccount/announcement/read. */
export const readAnnouncement = (announcementId: number) =>
  write<{ announcementId: number; isRead: boolean }>('/serviceAccount/announcement/read', {
    announcementId,
  })

/** POST /serviceAccount/transfer/confirm: the chosen holdings move in by the next pipeline day. */
export const confirmTransfer = (body: {
  serviceAccountId: number
  itemList: { financialAccountId: number; fundCode: string }[]
  tradePassword: string
}) => write<Transfer>('/serviceAccount/transfer/confirm', body)

/** POST /serviceAccount/transfer/cancel (only while APPLYING). */
export const cancelTransfer = (transferId: number) =>
  write<Transfer>('/serviceAccount/transfer/cancel', { transferId })

/** POST /serviceAccount/depositInvestPlan/create | update. */
export const saveDepositPlan = (
  body: {
    serviceAccountId: number
    investPlanId?: number | null
    amount: string
    periodUnit: number
    periodInterval: number
    periodDay: number | null
    periodMonth: number | null
    payType: 'card' | 'wallet'
    paymentMethodId: number | null
    riskConfirmed: boolean
  } & Password,
) =>
  write<DepositPlan>(
    body.investPlanId
      ? '/serviceAccount/depositInvestPlan/update'
      : '/serviceAccount/depositInvestPlan/create',
    body,
  )

export type PlanAction = 'pause' | 'resume' | 'terminate'

/** POST /serviceAccount/depositInvestPlan/pause | resume | terminate. */
export const changeDepositPlan = (action: PlanAction, body: { investPlanId: number } & Password) =>
  write<DepositPlan>(`/serviceAccount/depositInvestPlan/${action}`, body)

/** After an advisory write: the account, its orders, holdings and the 我的 cards are out of
 * date. */
export function invalidateAdvisory(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => {
      const head = q.queryKey[0]
      return (
        head === 'advisory' ||
        head === 'trade' ||
        head === 'financial-accounts' ||
        head === 'assets' ||
        head === 'plans'
      )
    },
  })
}
