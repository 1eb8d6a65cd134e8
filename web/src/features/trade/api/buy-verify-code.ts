/**
 * The buy verify code (docs/trading.md "Buy verify code"): for an account whose payAuthMode is
 * PASSWORD_SMS, a code texted to its phone and checked for a one-use ticket, which the purchase
 * then carries as verifyTicket. Failures are shown by the SMS step itself (toasts).
 */
import { post, type CallOptions } from '@/lib/api-client'
import type { PostData, Schemas } from '@/lib/api-types'

const QUIET: CallOptions = { errorToast: false, noErrorPage: true }

export type BuyVerifyCodeSent = PostData<'/trade/buyVerifyCode/send'>
export type BuyVerifyCodeChecked = PostData<'/trade/buyVerifyCode/check'>

/** POST /trade/buyVerifyCode/send → the masked phone and the code's lifetime. */
export const sendBuyVerifyCode = (body: Schemas['BuyVerifyCodeSendIn']) =>
  post<BuyVerifyCodeSent>('/trade/buyVerifyCode/send', body, QUIET)

/** POST /trade/buyVerifyCode/check → the ticket (ten minutes, one purchase). */
export const checkBuyVerifyCode = (code: string) =>
  post<BuyVerifyCodeChecked>('/trade/buyVerifyCode/check', { code }, QUIET)
