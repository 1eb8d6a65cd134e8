import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'
import { ASSET_CALL } from './options'

/** GET /account/getAccountAssetList: every financial account with its figures. */
export type AccountAssetList = GetData<'/account/getAccountAssetList'>
export type AccountAssetItem = AccountAssetList[number]

export const getAccountAssetList = () =>
  get<AccountAssetList>('/account/getAccountAssetList', {}, ASSET_CALL)

export const accountAssetListQueryOptions = () =>
  queryOptions({ queryKey: ['assets', 'account-asset-list'], queryFn: getAccountAssetList })

export const useAccountAssetList = () => useQuery(accountAssetListQueryOptions())
