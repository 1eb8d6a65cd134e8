import { useMutation } from '@tanstack/react-query'
import { post } from '@/lib/api-client'
import type { PostData } from '@/lib/api-types'
import { loginBroker } from '../lib/broker'

export type CodeSent = PostData<'/auth/login/getPhoneVerifyCode'>

/** The solved captcha a code request carries when the server asks for one. */
export interface CaptchaAnswer {
  captchaId: string
  captchaCode: string
}

export const sendLoginCode = (phone: string, captcha?: CaptchaAnswer | null) =>
  post<CodeSent>('/auth/login/getPhoneVerifyCode', { phone, ...captcha, ...loginBroker() })

export const useSendLoginCode = () =>
  useMutation({
    mutationFn: ({ phone, captcha }: { phone: string; captcha?: CaptchaAnswer | null }) =>
      sendLoginCode(phone, captcha),
  })
