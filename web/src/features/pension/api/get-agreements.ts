import { useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { Agreement } from './types'

/** GET /pension/getAuthorizedAgreement and /pension/getRechargeAgreement: the agreements the
 * account and the contributions are accepted under. */
export const getAgreement = (kind: 'authorized' | 'recharge') =>
  get<Agreement>(
    kind === 'authorized' ? '/pension/getAuthorizedAgreement' : '/pension/getRechargeAgreement',
  )

export const usePensionAgreement = (kind: 'authorized' | 'recharge') =>
  useQuery({
    queryKey: ['pension', 'agreement', kind],
    queryFn: () => getAgreement(kind),
    staleTime: 600_000,
  })
