/**
 * The login entry of docs/product.md#states: a link may carry a token and brokerUserId in its query
 * (the provider's app signs the user in this way). The app keeps an expired-login record (teamId,
 * token, brokerUserId, expiry, entryPageQuery): valid 2 minutes when the app marked the link
 * (`fromApp`), 8 hours otherwise (288e5 ms, docs/api.md#limits). Switching to WeChat or phone login
 * clears it.
 */
export const ENTRY_LOGIN_KEY = 'opentamp.expiredLogin'
export const APP_ENTRY_MS = 2 * 60 * 1000
export const WEB_ENTRY_MS = 288e5

export interface EntryLogin {
  token: string
  brokerUserId: number
  teamId: string | null
  expired: number
  entryPageQuery: string
}

export function readEntryLogin(search: string, now = Date.now()): EntryLogin | null {
  const params = new URLSearchParams(search)
  const token = params.get('token')
  const brokerUserId = Number(params.get('brokerUserId'))
  if (!token || !Number.isInteger(brokerUserId) || brokerUserId <= 0) return null
  const fromApp = ['1', 'true'].includes(params.get('fromApp') ?? params.get('isInApp') ?? '')
  params.delete('token')
  const record: EntryLogin = {
    token,
    brokerUserId,
    teamId: params.get('teamId'),
    expired: now + (fromApp ? APP_ENTRY_MS : WEB_ENTRY_MS),
    entryPageQuery: params.toString(),
  }
  localStorage.setItem(ENTRY_LOGIN_KEY, JSON.stringify(record))
  return record
}

export function storedEntryLogin(now = Date.now()): EntryLogin | null {
  try {
    const record = JSON.parse(localStorage.getItem(ENTRY_LOGIN_KEY) ?? 'null') as EntryLogin | null
    return record && record.expired > now ? record : null
  } catch {
    return null
  }
}

export function clearEntryLogin(): void {
  localStorage.removeItem(ENTRY_LOGIN_KEY)
}
