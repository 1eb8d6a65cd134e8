/**
 * The robo writes (docs/robo.md#the-calls). None toasts on its own: each screen shows the
 * failure where it happened (a trade write's through the trade feature's useTradeSubmit).
 * Those that move money carry the page's tradeUUID and the trade password.
 */
import type { QueryClient } from '@tanstack/react-query'
import { post, type CallOptions } from '@/lib/api-client'
import type {
  ConfirmedPlanning,
  DepositPreview,
  Planning,
  RiskPermission,
  RoboAccount,
  RoboOrder,
  Survey,
  SurveyCreated,
  SurveySubmitted,
  WithdrawPreview,
} from './types'
import type { Answers } from '../lib/survey'

const WRITE: CallOptions = { errorToast: false, noErrorPage: true }
const write = <T>(path: string, body: object) => post<T>(path, body, WRITE)
const R = '/roboServiceAccount'
const P = '/investment/planning'

export interface Password {
  tradePassword: string
  tradeUUID: string
}

export const createSurvey = (body: { surveyName: string; capitalTag: string }) =>
  write<SurveyCreated>(`${R}/survey/create`, { ...body, surveyType: 'GOAL' })

export const saveSurvey = (surveyId: number, answers: Answers) =>
  write<Survey>(`${R}/survey/save`, { surveyId, answers })

export const submitSurvey = (surveyId: number, answers: Answers) =>
  write<SurveySubmitted>(`${R}/survey/submit`, { surveyId, answers })

export const deleteSurvey = (surveyId: number) =>
  write<{ surveyId: number; status: string }>(`${R}/survey/delete`, { surveyId })

/** Reopens a submitted survey to edit it: its draft plan expires. */
export const reopenSurvey = (surveyId: number) =>
  write<Survey>(`${R}/survey/updateVersion`, { surveyId })

export const changeAllocation = (body: {
  planningId: number
  allocationId: string
  surveyVersion: number
}) => write<Planning>(`${R}/changeRoboAssetAllocation`, body)

export const confirmPlanning = (body: {
  planningId: number
  allocationId: string
  surveyVersion: number
  fileIdList: number[]
  roboServiceName?: string
}) => write<ConfirmedPlanning>(`${R}/confirmRoboInvestmentPlanning`, body)

/** 确认授权 (code 1) or 拒绝授权 (code 2; the above-grade products leave the allocation). */
export const decideRiskPermission = (planningId: number, authorize: boolean) =>
  write<RiskPermission>(`${P}/riskPermission/${authorize ? 'confirm' : 'reject'}`, { planningId })

export const prepareDeposit = (serviceAccountId: number, amount: string) =>
  write<DepositPreview>(`${R}/prepareDeposit`, { serviceAccountId, amount })

export const sendDepositCode = (serviceAccountId: number, resend: boolean) =>
  write<{ phone: string; expiresIn: number }>(
    `${R}/${resend ? 'depositResendVerifyCode' : 'depositVerifyCode'}`,
    { serviceAccountId },
  )

export const signDeposit = (
  body: {
    serviceAccountId: number
    amount: string
    verifyCode: string
    payType: 'card' | 'wallet'
    paymentMethodId: number | null
  } & Password,
) => write<RoboOrder>(`${R}/signDeposit`, body)

export const prepareWithdraw = (serviceAccountId: number, ratio: string) =>
  write<WithdrawPreview>(`${R}/prepareWithdraw`, { serviceAccountId, ratio })

export const withdraw = (
  body: { serviceAccountId: number; ratio: string; redeemTo: 'card' | 'wallet' } & Password,
) => write<RoboOrder>(`${R}/withdraw`, body)

export const cancelOrder = (body: { serviceAccountId: number; brokerOrderNo: string } & Password) =>
  write<RoboOrder>(`${R}/cancelOrder`, body)

export const updateName = (serviceAccountId: number, roboServiceName: string) =>
  write<RoboAccount>(`${R}/updateRoboServiceName`, { serviceAccountId, roboServiceName })

/** After a write: every robo read again, and the accounts 我的 lists. */
export async function invalidateRobo(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: ['robo'] })
}
