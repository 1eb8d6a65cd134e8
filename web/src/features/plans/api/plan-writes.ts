/**
 * The plan writes (docs/plans.md "Calls"): create, update, pause, resume, terminate. Each
 * carries the page's tradeUUID (a repeat returns the first answer), the trade password and the
 * terminal details, like a purchase; they never toast on their own: failures go through the
 * trade feature's useTradeSubmit (as a plan: no order to look for when there is no answer).
 */
import type { QueryClient } from '@tanstack/react-query'
import { post, type CallOptions } from '@/lib/api-client'
import { withTerminal } from '@/lib/terminal'
import { planBase } from './paths'
import type {
  CreatePlanBody,
  InvestPlan,
  PlanActionBody,
  PlanProductType,
  UpdatePlanBody,
} from './types'

const WRITE: CallOptions = { errorToast: false, noErrorPage: true }

const write = async (path: string, body: object) =>
  post<InvestPlan>(path, await withTerminal(body), WRITE)

/** `sign`: a strategy plan signs its strategy's new period file (an update with
 * `signExtendPeriod`), after which its periods buy again. */
export type PlanAction = 'pause' | 'resume' | 'terminate' | 'sign'

/** POST …/create → the new plan (nothing is charged before its first date). */
export const createPlan = (body: CreatePlanBody) =>
  write(`${planBase(body.productType)}/create`, body)

/** POST …/update → the plan as it now reads (an active plan only). */
export const updatePlan = (productType: PlanProductType, body: UpdatePlanBody) =>
  write(`${planBase(productType)}/update`, body)

/** POST …/pause | resume | terminate (or …/update signing the period file) → the plan. */
export const changePlan = (
  productType: PlanProductType,
  action: PlanAction,
  body: PlanActionBody,
) =>
  action === 'sign'
    ? write(`${planBase(productType)}/update`, { ...body, signExtendPeriod: true })
    : write(`${planBase(productType)}/${action}`, body)

/** After a plan write: the plans, and the orders and holdings they lead to, are out of date. */
export function invalidateAfterPlanWrite(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => {
      const head = q.queryKey[0]
      return head === 'plans' || head === 'trade'
    },
  })
}
