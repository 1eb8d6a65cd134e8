import { redirectLocation, takeRedirect } from '@/lib/redirect'

/** Where a fresh sign-in goes: the saved target, else home; a user without an account is
 * sent to 我的 (docs/product.md#states login entry). */
export function afterLoginPath(accountId: number | null | undefined): string {
  const target = takeRedirect()
  if (target) return redirectLocation(target)
  return accountId ? '/home' : '/mine'
}
