import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

export type FinancialAccountList = GetData<'/account/getFinancialAccountList'>
export type FinancialAccount = FinancialAccountList['financialAccountList'][number]

export const getFinancialAccounts = (needAsset: boolean) =>
  get<FinancialAccountList>('/account/getFinancialAccountList', { needAsset })

export const financialAccountsQueryOptions = (needAsset = true) =>
  queryOptions({
    queryKey: ['financial-accounts', { needAsset }],
    queryFn: () => getFinancialAccounts(needAsset),
  })

/** The financial accounts, visible and hidden, with each one's figures (sums of its holdings). */
export const useFinancialAccounts = (needAsset = true) =>
  useQuery(financialAccountsQueryOptions(needAsset))
