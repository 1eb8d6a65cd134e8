import { WALLET_FUND_CODE } from '@/features/trade'
import type { PlanProductType } from '../api/types'

/** The plan detail (strategy plans carry their parent code, as the route takes it). */
export function planDetailPath(
  investPlanId: number,
  productType?: PlanProductType | null,
  strategyParentCode?: string | null,
): string {
  const q = new URLSearchParams({ investPlanId: String(investPlanId) })
  if (productType === 'strategy') q.set('productType', 'strategy')
  if (strategyParentCode) q.set('strategyParentCode', strategyParentCode)
  return `/strategy/autoInvestPlanDetail?${q}`
}

export const planListPath = (status?: string) =>
  `/strategy/autoInvestPlanList${status ? `?status=${status}` : ''}`

export const planRecordPath = (investPlanId: number, productType?: PlanProductType | null) =>
  `/strategy/autoInvestPlanRecord?investPlanId=${investPlanId}${
    productType === 'strategy' ? '&productType=strategy' : ''
  }`

/** The plan screen for a product, or for modifying a plan. */
export function investPlanPath(p: {
  productCode: string
  productType: PlanProductType
  financialAccountId?: number | null
  investPlanId?: number
}): string {
  const q = new URLSearchParams({ productCode: p.productCode, productType: p.productType })
  if (p.financialAccountId) q.set('financialAccountId', String(p.financialAccountId))
  if (p.investPlanId) q.set('investPlanId', String(p.investPlanId))
  return `/investPlan?${q}`
}

/** The plan type of a product link (`/investPlan?productCode=&productType=`): the wallet, a
 * strategy (CL…), a portfolio (ZH…, poFund), else a fund. */
export function planTypeOf(
  productType: string | null,
  productCode: string | null,
): PlanProductType {
  const type = (productType ?? '').toLowerCase()
  const code = (productCode ?? '').toUpperCase()
  if (type === 'wallet' || code === WALLET_FUND_CODE) return 'wallet'
  if (type === 'strategy' || code.startsWith('CL')) return 'strategy'
  if (['po', 'pofund'].includes(type) || /^(ZH|SI)/.test(code)) return 'poFund'
  return 'fund'
}
