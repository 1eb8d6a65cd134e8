import { useMutation, useQueryClient } from '@tanstack/react-query'
import { post } from '@/lib/api-client'
import type { PostData, Schemas } from '@/lib/api-types'

export const sendCardPhoneCode = (body: Schemas['CardPhoneIn']) =>
  post<PostData<'/payment/changeBankCardPhone/sendSms'>>(
    '/payment/changeBankCardPhone/sendSms',
    body,
  )

export const confirmCardPhone = (body: Schemas['SerialCodeIn']) =>
  post<PostData<'/payment/changeBankCardPhone/confirm'>>(
    '/payment/changeBankCardPhone/confirm',
    body,
  )

export function useConfirmCardPhone() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: confirmCardPhone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['payment-methods'] }),
  })
}
