import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /product/walletFunds */
export type WalletFunds = GetData<'/product/walletFunds'>

export const getWalletFunds = () => get<WalletFunds>('/product/walletFunds')

export const walletFundsQueryOptions = (enabled = true) =>
  queryOptions({
    queryKey: ['products', 'wallet-funds'],
    queryFn: () => getWalletFunds(),
    enabled,
  })

/** The wallet's funds and its 起存金额 (``minPurchaseAmount``, the minimum a recharge is held
 * to: docs/trading.md#the-wallets-minimum). */
export const useWalletFunds = (enabled = true) => useQuery(walletFundsQueryOptions(enabled))
