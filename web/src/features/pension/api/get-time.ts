import { useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { PensionTime } from './types'

/** GET /pension/time: the trading window of pension fund orders now. */
export const getPensionTime = () => get<PensionTime>('/pension/time', {}, { cache: false })

export const usePensionTime = () =>
  useQuery({ queryKey: ['pension', 'time'], queryFn: getPensionTime, staleTime: 0 })
