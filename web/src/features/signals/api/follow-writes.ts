/**
 * The signal writes (docs/signals.md "Calls"): a follow plan's setting (CREATE, UPDATE, RESUME,
 * PAUSE) and a sale on a sell signal. They never toast on their own: failures go through the
 * trade feature's useTradeSubmit, as a purchase's do.
 */
import type { QueryClient } from '@tanstack/react-query'
import { post, type CallOptions } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'
import type { FollowPlan, FollowSettingBody, SignalRedeemBody } from './types'

const WRITE: CallOptions = { errorToast: false, noErrorPage: true }

/** POST /trade/signalPo/followSetting → the plan as it now reads. */
export const setFollow = (body: FollowSettingBody) =>
  post<FollowPlan>('/trade/signalPo/followSetting', body, WRITE)

/** POST /trade/signalPo/redeem → the signal sell order. */
export const redeemBySignal = (body: SignalRedeemBody) =>
  post<Schemas['OrderOut']>('/trade/signalPo/redeem', body, WRITE)

/** After a signal write: the follow plans, and the orders and holdings they lead to. */
export function invalidateAfterSignalWrite(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => {
      const head = q.queryKey[0]
      return head === 'signals' || head === 'trade'
    },
  })
}
