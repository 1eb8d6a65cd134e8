import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

export type ContractStatus = GetData<'/account/checkUserLatestContracts'>[number]
export const PRIVACY_POLICY = 'privacyPolicy'

export const getContractStatus = (brokerUserId: number, fileTypes = PRIVACY_POLICY) =>
  get<ContractStatus[]>(
    '/account/checkUserLatestContracts',
    { brokerUserId, fileTypes },
    { noErrorPage: true, cache: false },
  )

export const contractStatusQuery = (brokerUserId: number) =>
  queryOptions({
    queryKey: ['popups', 'contracts', brokerUserId, PRIVACY_POLICY],
    queryFn: () => getContractStatus(brokerUserId),
  })

export function useContractStatus(brokerUserId: number, enabled: boolean) {
  return useQuery({ ...contractStatusQuery(brokerUserId), enabled })
}
