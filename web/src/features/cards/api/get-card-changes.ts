import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { ChangeApplication } from './change-card'

export const getCardChanges = () => get<ChangeApplication[]>('/onlineChangeCard/list')

export const cardChangesQueryOptions = () =>
  queryOptions({ queryKey: ['card-changes'], queryFn: getCardChanges })

export const useCardChanges = () => useQuery(cardChangesQueryOptions())
