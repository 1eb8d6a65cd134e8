import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'
import { ASSET_CALL } from './options'

/** GET /account/getAccountAsset: all accounts' (or one's) figures with the money awaiting
 * confirmation; totalAsset counts it (总资产 includes money in transit). */
export type AccountAsset = GetData<'/account/getAccountAsset'>

export const getAccountAsset = (financialAccountId: number | null) =>
  get<AccountAsset>(
    '/account/getAccountAsset',
    { financialAccountId: financialAccountId ?? undefined },
    ASSET_CALL,
  )

export const accountAssetQueryOptions = (financialAccountId: number | null) =>
  queryOptions({
    queryKey: ['assets', 'account-asset', financialAccountId],
    queryFn: () => getAccountAsset(financialAccountId),
  })

export const useAccountAsset = (financialAccountId: number | null = null) =>
  useQuery(accountAssetQueryOptions(financialAccountId))
