import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

export type NonAmericanStatus = GetData<'/tamp/account/nonAmerican'>

export const getNonAmerican = (brokerUserId: number) =>
  get<NonAmericanStatus>('/tamp/account/nonAmerican', { brokerUserId }, { noErrorPage: true })

export const nonAmericanQuery = (brokerUserId: number) =>
  queryOptions({
    queryKey: ['popups', 'nonAmerican', brokerUserId],
    queryFn: () => getNonAmerican(brokerUserId),
  })

export function useNonAmerican(brokerUserId: number, enabled = true) {
  return useQuery({ ...nonAmericanQuery(brokerUserId), enabled })
}
