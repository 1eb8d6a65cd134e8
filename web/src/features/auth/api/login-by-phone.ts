import { useMutation, useQueryClient } from '@tanstack/react-query'
import { post } from '@/lib/api-client'
import type { PostData } from '@/lib/api-types'
import { setSession } from '@/lib/session'
import { recordSignInConsent } from '@/features/popups'
import { loginBroker } from '../lib/broker'
import { clearEntryLogin } from '../lib/entry-login'
import { takeWechatTicket } from '../lib/wechat'

export type Login = PostData<'/auth/login/phone'>

export const loginByPhone = ({ phone, verifyCode }: { phone: string; verifyCode: string }) =>
  post<Login>('/auth/login/phone', {
    phone,
    verifyCode,
    ...loginBroker(),
    wechatTicket: takeWechatTicket() ?? undefined,
  })

/** Sign in by SMS: the token goes to the session store, the privacy policy agreed to on the
 * sign-in page is recorded, and every cached answer is dropped. */
export function useLoginByPhone() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: { phone: string; verifyCode: string }) => {
      const data = await loginByPhone(input)
      clearEntryLogin()
      setSession(data)
      await recordSignInConsent(data.brokerUserId)
      return data
    },
    onSuccess: () => queryClient.clear(),
  })
}
