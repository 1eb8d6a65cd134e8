import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'
import { getToken } from '@/lib/session'

export type BrokerPreSetting = GetData<'/tamp/getBrokerPreSetting'>

export const getBrokerPreSetting = () =>
  get<BrokerPreSetting>('/tamp/getBrokerPreSetting', {}, { noErrorPage: true })

export const brokerPreSettingQuery = () =>
  queryOptions({ queryKey: ['platform', 'brokerPreSetting'], queryFn: getBrokerPreSetting })

/** The signed-in user's broker setting (docs/product.md#entities); none without a token. */
export function useBrokerPreSetting() {
  return useQuery({ ...brokerPreSettingQuery(), enabled: !!getToken() })
}

/** What the broker calls its wallet (活期宝, broker.walletName), as every screen names the
 * wallet as a way to pay or be paid; 钱包 until the setting is in. */
export function useWalletName(): string {
  return useBrokerPreSetting().data?.walletName || '钱包'
}
