import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

export type Agreements = GetData<'/account/getAgreements'>

export const getAgreements = (bankNo: string) =>
  get<Agreements>('/account/getAgreements', { bankNo, agreementType: 'paymentAgreement' })

export const agreementsQueryOptions = (bankNo: string) =>
  queryOptions({ queryKey: ['agreements', bankNo], queryFn: () => getAgreements(bankNo) })

export const useAgreements = (bankNo: string, enabled = true) =>
  useQuery({ ...agreementsQueryOptions(bankNo), enabled })
