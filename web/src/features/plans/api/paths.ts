import type { PlanProductType } from './types'

/** Where a plan's calls live: strategy plans under /saip/strategyInvestPlan, every other plan
 * (fund, portfolio, wallet) under /trade/investPlan (docs/plans.md "Calls"). */
export function planBase(productType: PlanProductType | null | undefined): string {
  return productType === 'strategy' ? '/saip/strategyInvestPlan' : '/trade/investPlan'
}

/** The page parameters of a paged plan call (`page` from 1, `size`), as every paged call. */
export const pageParams = (page: number, size: number) => ({ page, size })
