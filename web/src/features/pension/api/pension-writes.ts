/**
 * The pension writes (docs/pension.md "Calls"): bind or open the account (openTDAccount,
 * applyOpenUrl, confirmOpen) and contribute (rechargeApply, then rechargeConfirm with the
 * recharge agreement and the trade password). Refusals come back with the server's message.
 */
import type { QueryClient } from '@tanstack/react-query'
import { get, post, type CallOptions } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'
import type { Contribution, PensionAccount } from './types'

const WRITE: CallOptions = { errorToast: false, noErrorPage: true }

export const bindTdAccount = (body: Schemas['BindIn']) =>
  post<PensionAccount>('/pension/bindTDAccount', body, WRITE)

export const openTdAccount = (body: Schemas['OpenIn']) =>
  post<Schemas['OpenApplyOut']>('/pension/openTDAccount', body, WRITE)

export const applyOpenUrl = (applyNo: string) =>
  get<Schemas['ApplyOpenUrlOut']>('/pension/applyOpenUrl', { applyNo }, { cache: false })

export const confirmOpen = (applyNo: string) =>
  post<PensionAccount>('/pension/confirmOpen', { applyNo }, WRITE)

export const rechargeApply = (body: Schemas['RechargeApplyIn']) =>
  post<Contribution>('/pension/rechargeApply', body, WRITE)

export const rechargeConfirm = (body: Schemas['RechargeConfirmIn']) =>
  post<Contribution>('/pension/rechargeConfirm', body, WRITE)

/** After a pension write: the account, its contributions and the financial accounts. */
export function invalidateAfterPensionWrite(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => {
      const head = q.queryKey[0]
      return (
        head === 'pension' || head === 'financial-accounts' || head === 'assets' || head === 'trade'
      )
    },
  })
}
