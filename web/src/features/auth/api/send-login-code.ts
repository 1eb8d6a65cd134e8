import { useMutation } from '@tanstack/react-query'
import { post } from '@/lib/api-client'
import type { PostData } from '@/lib/api-types'
import { loginBroker } from '../lib/broker'

export type CodeSent = PostData<'/auth/login/getPhoneVerifyCode'>

export const sendLoginCode = (phone: string) =>
  post<CodeSent>('/auth/login/getPhoneVerifyCode', { phone, ...loginBroker() })

export const useSendLoginCode = () => useMutation({ mutationFn: sendLoginCode })
