import { useMutation, useQueryClient } from '@tanstack/react-query'
import { post } from '@/lib/api-client'

export const unbindCard = (body: { paymentMethodId: number; tradePassword: string }) =>
  post<null>('/account/paymentMethod/unbind', body)

export function useUnbindCard() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: unbindCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['payment-methods'] }),
  })
}
