import { useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

/** GET /pension/supportCities: the cities a bank's pension account may be opened in. */
export const getSupportCities = (bankNo: string) =>
  get<Schemas['CitiesOut']>('/pension/supportCities', { bankNo })

export const useSupportCities = (bankNo: string) =>
  useQuery({
    queryKey: ['pension', 'cities', bankNo],
    queryFn: () => getSupportCities(bankNo),
    enabled: !!bankNo,
    staleTime: 600_000,
  })
