/**
 * What the app was opened with (docs/product.md#entities "Session and login data",
 * docs/product.md#states "Login entry").
 *
 * The first page's query is read once and kept for the visit (sessionStorage): the store
 * parameters (teamId, mid, brokerId), the client marker (client, isInApp, isQimingApp), the
 * channel, preview mode and the first path (app-login waits for the user to leave it).
 */
import { getStored, loginInfoTtl, removeStored, setStored } from './storage'

export const ENTRY_KEY = 'opentamp.entry'
export const LOGIN_INFO_KEY = 'opentamp.loginInfo'

export interface Entry {
  firstPath: string
  query: Record<string, string>
  teamId?: string
  mid?: string
  brokerId?: string
  client?: string
  channel?: string
  /** Opened inside the provider's (or the broker's) own app. */
  isInApp: boolean
  /** Opened inside the brand's own app (no privacy prompt there: the app asked already). */
  isBrandApp: boolean
  /** A team-preview link (docs/product.md#screens-and-routes "Special entry"). */
  isPreview: boolean
}

const truthy = (v: string | undefined) => v === '1' || v === 'true'

export function parseEntry(path: string, search: string): Entry {
  const params = new URLSearchParams(search)
  const query: Record<string, string> = {}
  params.forEach((value, key) => {
    query[key] = value
  })
  const client = query.client
  return {
    firstPath: path.replace(/^\/+|\/+$/g, ''),
    query,
    teamId: query.teamId || undefined,
    mid: query.mid || undefined,
    brokerId: query.brokerId || query.broker || undefined,
    client,
    channel: query.channel || undefined,
    isInApp: truthy(query.isInApp) || client === 'app' || truthy(query.isQimingApp),
    isBrandApp: truthy(query.isQimingApp) || client === 'brandApp',
    isPreview: truthy(query.preview) || truthy(query.isTWS),
  }
}

/** Record the entry of this visit (only the first page of a visit counts). */
export function recordEntry(path: string, search: string): Entry {
  const existing = getEntry()
  if (existing) return existing
  const entry = parseEntry(path, search)
  setStored(ENTRY_KEY, entry, null, sessionStorage)
  const q = entry.query
  if (q.token && q.brokerUserId) {
    // A token handed over in the link: kept 2 minutes when the app marked it, 8 hours else.
    recordLoginInfo(
      {
        token: q.token,
        brokerUserId: q.brokerUserId,
        teamId: q.teamId ?? '',
        entryPageQuery: search,
      },
      entry.isInApp,
    )
  }
  return entry
}

export function getEntry(): Entry | null {
  return getStored<Entry>(ENTRY_KEY, sessionStorage)
}

export const isInApp = () => getEntry()?.isInApp ?? false
export const isPreviewMode = () => getEntry()?.isPreview ?? false

export interface LoginInfo {
  token: string
  brokerUserId: string
  teamId: string
  entryPageQuery: string
  /** Epoch ms it stops being usable. */
  expired?: number
}

export function recordLoginInfo(info: LoginInfo, fromApp: boolean, now = Date.now()): void {
  const ttl = loginInfoTtl(fromApp)
  setStored<LoginInfo>(LOGIN_INFO_KEY, { ...info, expired: now + ttl }, ttl, localStorage, now)
}

export function getLoginInfo(now = Date.now()): LoginInfo | null {
  return getStored<LoginInfo>(LOGIN_INFO_KEY, localStorage, now)
}

/** Switching to WeChat or phone login drops what a third-party login left behind. */
export function clearLoginInfo(): void {
  removeStored(LOGIN_INFO_KEY)
}
