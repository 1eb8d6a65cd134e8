import type { PlanProductType } from './types'

/** Where a plan's calls live: strategy plans under /saip/strategyInvestPlan, every other plan
 * (fund, portfolio, wallet) under /trade/investPlan (docs/plans-screens.md "Calls"). */
export function planBase(productType: PlanProductType | null | undefined): string {
  return productType === 'strategy' ? '/saip/strategyInvestPlan' : '/trade/investPlan'
}

/** The page-size parameters of a paged plan call: the contract names `pageSize`, the house's
 * paged calls take `size`; both are sent so either reading of the contract is served. */
export const pageParams = (page: number, size: number) => ({ page, pageSize: size, size })
