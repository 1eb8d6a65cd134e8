/**
 * Values kept on the device with an expiry (docs/product.md#states "Login entry",
 * docs/api.md#limits): an entry written with a time to live reads as absent once it has passed, and
 * is removed then.
 *
 * Stored login info lives 2 minutes when the app handed the token over (the flag is set), and
 * 8 hours (288e5 ms) otherwise.
 */

export const LOGIN_INFO_TTL_FROM_APP_MS = 2 * 60 * 1000
export const LOGIN_INFO_TTL_MS = 288e5

interface Stored<T> {
  value: T
  /** Epoch ms after which the value is gone; null keeps it. */
  expires: number | null
}

export function loginInfoTtl(fromApp: boolean): number {
  return fromApp ? LOGIN_INFO_TTL_FROM_APP_MS : LOGIN_INFO_TTL_MS
}

export function setStored<T>(
  key: string,
  value: T,
  ttlMs: number | null = null,
  store: Storage = localStorage,
  now = Date.now(),
): void {
  const entry: Stored<T> = { value, expires: ttlMs === null ? null : now + ttlMs }
  try {
    store.setItem(key, JSON.stringify(entry))
  } catch {
    // Private mode or a full store: the value is simply not kept.
  }
}

export function getStored<T>(
  key: string,
  store: Storage = localStorage,
  now = Date.now(),
): T | null {
  let raw: string | null
  try {
    raw = store.getItem(key)
  } catch {
    return null
  }
  if (raw === null) return null
  try {
    const entry = JSON.parse(raw) as Stored<T>
    if (entry === null || typeof entry !== 'object' || !('value' in entry)) return null
    if (entry.expires !== null && entry.expires <= now) {
      store.removeItem(key)
      return null
    }
    return entry.value
  } catch {
    return null
  }
}

export function removeStored(key: string, store: Storage = localStorage): void {
  try {
    store.removeItem(key)
  } catch {
    // nothing kept, nothing to remove
  }
}
