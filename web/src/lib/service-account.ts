/**
 * What a service account's `serviceAccountInfo` shows wherever the account appears (我的's
 * account cards and the advisory screens): its tags (docs/product.md#states "Product status
 * tags and labels"). Below the features, so that 我的 needs nothing of the advisory screens.
 */

/** What the customer may still do with an adjustment: confirm or cancel it while it awaits
 * them. */
export function awaitsCustomer(status: string | null | undefined): boolean {
  return status === 'CUSTOMER_UNCONFIRMED'
}

export const CONTRACT_TERMINATED = 3

/** The service-account tags (docs/product.md#states "Product status tags and labels"). */
export const TAG_ADJUSTMENT = '调仓待确认'
export const TAG_UNSIGNED = '未签约'
export const TAG_TERMINATED = '已解约'

/** What the account's serviceAccountInfo says, as the tags it shows: 已解约 once the contract is
 * terminated (nothing else then), 未签约 while the contract is unconfirmed, and 调仓待确认 while
 * an adjustment awaits the customer. */
export function serviceAccountTags(
  info: { contractStatus?: unknown; adjustmentInProcess?: unknown } | null | undefined,
): string[] {
  if (!info) return []
  const raw = info.contractStatus
  const contract = raw === null || raw === undefined || raw === '' ? null : Number(raw)
  if (contract === CONTRACT_TERMINATED) return [TAG_TERMINATED]
  const adjustment = info.adjustmentInProcess as { status?: string | null } | null | undefined
  const tags: string[] = []
  if (awaitsCustomer(adjustment?.status)) tags.push(TAG_ADJUSTMENT)
  if (contract === 0) tags.push(TAG_UNSIGNED)
  return tags
}
