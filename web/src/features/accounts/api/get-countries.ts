import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'

export interface Country {
  code: string
  name: string
}

type Raw = Record<string, unknown>

/** GET /utils/country (the products feature's list), read defensively into code and name. */
export async function getCountries(): Promise<Country[]> {
  const data = await get<unknown>('/utils/country')
  const list = Array.isArray(data) ? data : ((data as { list?: unknown[] })?.list ?? [])
  return (list as Raw[])
    .map((c) => ({
      code: String(c.code ?? c.value ?? c.countryCode ?? ''),
      name: String(c.name ?? c.label ?? c.countryName ?? ''),
    }))
    .filter((c) => c.code && c.name)
}

export const countriesQueryOptions = () =>
  queryOptions({ queryKey: ['countries'], queryFn: getCountries })

export const useCountries = () => useQuery(countriesQueryOptions())
