import { useMutation, useQueryClient } from '@tanstack/react-query'
import { post } from '@/lib/api-client'
import type { PostData, Schemas } from '@/lib/api-types'

export type Scene = Schemas['IdSmsSendIn']['scene']
export type Ticket = PostData<'/security/pwd/verify'>

export const verifyPassword = (password: string) =>
  post<Ticket>('/security/pwd/verify', { password, scene: 'changeTradePassword' })

export const sendIdSms = (scene: Scene) =>
  post<PostData<'/security/IDSms/send'>>('/security/IDSms/send', { scene })

export const verifyIdSms = (body: Schemas['IdSmsVerifyIn']) =>
  post<Ticket>('/security/IDSms/verify', body)

export const setPassword = (body: Schemas['PasswordSetIn']) =>
  post<PostData<'/security/pwd/set'>>('/security/pwd/set', body)

export const changeVerifyMethod = (body: Schemas['VerifyMethodIn']) =>
  post<PostData<'/security/changeTradeVerifyMethod'>>('/security/changeTradeVerifyMethod', body)

export const updateSecuritySetting = (loginNotify: boolean) =>
  post<PostData<'/security/setting'>>('/security/setting', { loginNotify })

export const sendNewPhoneCode = (phone: string) =>
  post<PostData<'/account/updatePhone/sendCode'>>('/account/updatePhone/sendCode', { phone })

export const updatePhone = (body: Schemas['UpdatePhoneIn']) =>
  post<PostData<'/account/updatePhone'>>('/account/updatePhone', body)

export const useVerifyPassword = () => useMutation({ mutationFn: verifyPassword })
export const useVerifyIdSms = () => useMutation({ mutationFn: verifyIdSms })

/** Set, change or reset the trade password; the security state and the account are re-read. */
export function useSetPassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setPassword,
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ['security-setting'] })
      queryClient.invalidateQueries({ queryKey: ['tamp-account'] })
    },
  })
}

export function useChangeVerifyMethod() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changeVerifyMethod,
    onSuccess: (data) => queryClient.setQueryData(['security-setting'], data),
  })
}

export function useUpdateSecuritySetting() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateSecuritySetting,
    onSuccess: (data) => queryClient.setQueryData(['security-setting'], data),
  })
}

export function useUpdatePhone() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updatePhone,
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ['payment-phones'] })
      queryClient.invalidateQueries({ queryKey: ['customer'] })
    },
  })
}
