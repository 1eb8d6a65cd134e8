import { useMutation, useQueryClient } from '@tanstack/react-query'
import { post } from '@/lib/api-client'
import type { PostData, Schemas } from '@/lib/api-types'

export type CardCodeSent = PostData<'/account/sendNewCardVerifyCode'>
export type BoundCard = PostData<'/account/paymentMethod/bind'>

/** Step 1: the bank checks the card (3001 when it refuses) and texts its code. */
export const sendNewCardCode = (body: Schemas['NewCardCodeIn']) =>
  post<CardCodeSent>('/account/sendNewCardVerifyCode', body)

/** Step 2: the code. */
export const checkNewCardCode = (body: Schemas['SerialCodeIn']) =>
  post<PostData<'/account/checkNewCardVerifyCode'>>('/account/checkNewCardVerifyCode', body)

/** Step 3: bind the verified card. */
export const bindCard = (serialNo: string) =>
  post<BoundCard>('/account/paymentMethod/bind', { serialNo })

export const useSendNewCardCode = () => useMutation({ mutationFn: sendNewCardCode })
export const useCheckNewCardCode = () => useMutation({ mutationFn: checkNewCardCode })

export function useBindCard() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: bindCard,
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ['payment-methods'] })
      queryClient.invalidateQueries({ queryKey: ['tamp-account'] })
    },
  })
}
