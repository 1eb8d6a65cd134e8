import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import { ASSET_CALL } from './options'
import type { AssetDetail } from './types'

/** GET /account/getAccountAssetDetail: one holding's figures, share rows, trend and trades. */
export const getAssetDetail = (financialAccountId: number, productCode: string) =>
  get<AssetDetail>(
    '/account/getAccountAssetDetail',
    { financialAccountId, productCode },
    ASSET_CALL,
  )

export const assetDetailQueryOptions = (financialAccountId: number, productCode: string) =>
  queryOptions({
    queryKey: ['assets', 'detail', financialAccountId, productCode],
    queryFn: () => getAssetDetail(financialAccountId, productCode),
    enabled: !!financialAccountId && !!productCode,
  })

export const useAssetDetail = (financialAccountId: number, productCode: string) =>
  useQuery(assetDetailQueryOptions(financialAccountId, productCode))
