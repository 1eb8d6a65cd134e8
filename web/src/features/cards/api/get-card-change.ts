import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { ChangeApplication } from './change-card'

export const getCardChange = (applyId: number) =>
  get<ChangeApplication>('/onlineChangeCard/detail', { applyId })

export const cardChangeQueryOptions = (applyId: number) =>
  queryOptions({ queryKey: ['card-changes', applyId], queryFn: () => getCardChange(applyId) })

export const useCardChange = (applyId: number) => useQuery(cardChangeQueryOptions(applyId))
