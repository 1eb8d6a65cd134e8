import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /shelf/dsfof/list */
export type DsfofList = GetData<'/shelf/dsfof/list'>

export const getDsfofList = () => get<DsfofList>('/shelf/dsfof/list', {})

export const getDsfofListQuery = () =>
  queryOptions({ queryKey: ['shelf', 'get-dsfof-list'], queryFn: () => getDsfofList() })

export const useDsfofList = () => useQuery(getDsfofListQuery())
