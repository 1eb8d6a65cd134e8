/**
 * Where to return after sign-in or account binding (docs/product.md#screens-and-routes "Access
 * levels": both redirects carry a storage key that holds the original query and the path to return
 * to). The guard saves it before sending the user to /empower or /identityBinding; the sign-in and
 * binding screens take it once done.
 */

export const REDIRECT_KEY = 'opentamp.redirect'

export interface RedirectTarget {
  path: string
  query: string
}

export function saveRedirect(target: RedirectTarget): void {
  sessionStorage.setItem(REDIRECT_KEY, JSON.stringify(target))
}

/** The saved target, removed from storage; null when there is none. */
export function takeRedirect(): RedirectTarget | null {
  const raw = sessionStorage.getItem(REDIRECT_KEY)
  sessionStorage.removeItem(REDIRECT_KEY)
  if (!raw) return null
  try {
    const target = JSON.parse(raw) as RedirectTarget
    return typeof target.path === 'string' ? { path: target.path, query: target.query ?? '' } : null
  } catch {
    return null
  }
}

/** The target as a router location ("/allot?productCode=…"), or the fallback. */
export function redirectLocation(target: RedirectTarget | null, fallback = '/home'): string {
  if (!target) return fallback
  const query = target.query && !target.query.startsWith('?') ? `?${target.query}` : target.query
  return `${target.path}${query}`
}

/** A redirect address handed over in a link is decoded until it stops changing, at most 5
 * times (docs/api.md#limits "Redirect URL decode"). */
export const REDIRECT_DECODE_LIMIT = 5

export function decodeRedirectUrl(value: string): string {
  let url = value
  for (let i = 0; i < REDIRECT_DECODE_LIMIT; i += 1) {
    let decoded: string
    try {
      decoded = decodeURIComponent(url)
    } catch {
      break
    }
    if (decoded === url) break
    url = decoded
  }
  return url
}
