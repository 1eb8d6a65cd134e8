import { useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { Contributions } from './types'

/** GET /pension/queryRecharge: a year's contributions and its quota. */
export const queryRecharge = (year?: number | null) =>
  get<Contributions>('/pension/queryRecharge', { year }, { cache: false })

export const useContributions = (year?: number | null) =>
  useQuery({
    queryKey: ['pension', 'recharges', year ?? 'this'],
    queryFn: () => queryRecharge(year),
    staleTime: 0,
  })
