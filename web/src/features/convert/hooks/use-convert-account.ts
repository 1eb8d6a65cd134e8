import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { financialAccountsQueryOptions } from '@/features/financial-accounts'

/** The financial account of a conversion: the one in the address (the holding's), else the
 * first visible one (asked for only then); null while that loads or when there is none. */
export function useConvertAccount(): { financialAccountId: number | null } {
  const [params] = useSearchParams()
  const fromQuery = Number(params.get('financialAccountId')) || null
  const accounts = useQuery({ ...financialAccountsQueryOptions(false), enabled: !fromQuery })
  if (fromQuery) return { financialAccountId: fromQuery }
  return { financialAccountId: accounts.data?.visibleAccountList?.[0]?.financialAccountId ?? null }
}

/** The address of a convert screen with its query. */
export function convertPath(
  page: string,
  values: Record<string, string | number | null | undefined>,
): string {
  const query = new URLSearchParams()
  for (const [k, v] of Object.entries(values)) {
    if (v !== null && v !== undefined && v !== '') query.set(k, String(v))
  }
  const text = query.toString()
  return text ? `${page}?${text}` : page
}
