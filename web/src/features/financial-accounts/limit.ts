import type { FinancialAccountList } from './api/get-financial-accounts'

/** docs/product.md#validation: creating is blocked at the broker's maximum of real financial
 * accounts. */
export function limitMessage(
  list: Pick<FinancialAccountList, 'maxFinancialAccounts' | 'realFinancialAccountCount'>,
): string | null {
  const n = list.maxFinancialAccounts
  const m = list.realFinancialAccountCount
  if (m < n) return null
  return `最多支持创建${n}个理财账户，你当前已经持有${m}个账户，无法继续创建新的账户。`
}
