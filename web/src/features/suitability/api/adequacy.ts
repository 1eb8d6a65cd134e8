import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { get, post } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

export type Verdict = GetData<'/account/adequacy'>

export const getAdequacy = (productCode: string, productType: string) =>
  get<Verdict>('/account/adequacy', { productCode, productType })

export const adequacyQueryOptions = (productCode: string, productType: string) =>
  queryOptions({
    queryKey: ['adequacy', productCode, productType],
    queryFn: () => getAdequacy(productCode, productType),
  })

export const useAdequacy = (productCode: string, productType: string) =>
  useQuery(adequacyQueryOptions(productCode, productType))

export const confirmAdequacy = (body: {
  productCode: string
  productType: string
  confirm: boolean
}) => post<Verdict>('/account/adequacy', body)

export function useConfirmAdequacy() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: confirmAdequacy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['adequacy'] }),
  })
}
