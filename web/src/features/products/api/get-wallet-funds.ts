import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /product/walletFunds */
export type WalletFunds = GetData<'/product/walletFunds'>

export const getWalletFunds = () => get<WalletFunds>('/product/walletFunds')

export const walletFundsQueryOptions = () =>
  queryOptions({
    queryKey: ['products', 'wallet-funds'],
    queryFn: () => getWalletFunds(),
    enabled: true,
  })

export const useWalletFunds = () => useQuery(walletFundsQueryOptions())
