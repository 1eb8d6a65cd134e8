import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

export type RiskToast = GetData<'/toast/isNeedRiskToast'>

export const getRiskToast = (brokerUserId: number) =>
  get<RiskToast>('/toast/isNeedRiskToast', { brokerUserId }, { quiet: true, cache: false })

export const riskToastQuery = (brokerUserId: number) =>
  queryOptions({
    queryKey: ['popups', 'riskToast', brokerUserId],
    queryFn: () => getRiskToast(brokerUserId),
    retry: false,
  })

export function useRiskToast(brokerUserId: number, enabled = true) {
  return useQuery({ ...riskToastQuery(brokerUserId), enabled })
}
