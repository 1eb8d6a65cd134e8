import { useMutation, useQueryClient } from '@tanstack/react-query'
import { get, post } from '@/lib/api-client'
import type { GetData, PostData, Schemas } from '@/lib/api-types'

export type SignSent = PostData<'/account/paymentMethod/prepareSign'>
export type CmbResult = GetData<'/payment/cmb/verifyResult'>

export const prepareSign = (paymentMethodId: number) =>
  post<SignSent>('/account/paymentMethod/prepareSign', { paymentMethodId })

export const confirmSign = (body: Schemas['SerialCodeIn']) =>
  post<PostData<'/account/paymentMethod/confirmSign'>>('/account/paymentMethod/confirmSign', body)

export const cmbSign = (paymentMethodId: number) =>
  post<PostData<'/payment/cmb/sign'>>('/payment/cmb/sign', { paymentMethodId })

/** The signing's result as it stands (SUCCESS, or PROCESSING until confirmed); a pure read. */
export const cmbResult = (serialNo: string) =>
  get<CmbResult>('/payment/cmb/verifyResult', { serialNo })

/** The bank's page came back: confirm the signing (the card's limits are raised); once. */
export const cmbConfirm = (serialNo: string) =>
  post<CmbResult>('/payment/cmb/verifyResult', { serialNo })

export const usePrepareSign = () => useMutation({ mutationFn: prepareSign })
export const useCmbSign = () => useMutation({ mutationFn: cmbSign })

export function useConfirmSign() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: confirmSign,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['payment-methods'] }),
  })
}
