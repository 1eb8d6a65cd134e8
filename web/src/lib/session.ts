/**
 * The signed-in session kept on the device: the bearer token and who it belongs to
 * (docs/product.md#entities "User info"/"Token"). The token is refreshed
 * `TOKEN_EXPIRY_MARGIN_S` before the server expires it (expiry = expiresIn − 300 s).
 */

export const SESSION_KEY = 'opentamp.session'
export const TOKEN_EXPIRY_MARGIN_S = 300

export interface Session {
  accessToken: string
  brokerUserId: number
  /** null until the user has opened an account (开户). */
  accountId: number | null
  /** Epoch milliseconds after which the token counts as expired on this device. */
  expiresAt: number
  /** A visitor token (retail visitor identity), not a signed-in user. */
  visitor?: boolean
  /** The broker the user signed in under (every call carries it as `broker`). */
  brokerId?: number
}

export interface SessionInput {
  accessToken: string
  expiresIn: number
  brokerUserId: number
  accountId?: number | null
  visitor?: boolean
  brokerId?: number
}

export function setSession(input: SessionInput, now = Date.now()): Session {
  const session: Session = {
    accessToken: input.accessToken,
    brokerUserId: input.brokerUserId,
    accountId: input.accountId ?? null,
    expiresAt: now + Math.max(0, input.expiresIn - TOKEN_EXPIRY_MARGIN_S) * 1000,
    visitor: input.visitor ?? false,
    ...(input.brokerId !== undefined ? { brokerId: input.brokerId } : {}),
  }
  localStorage.setItem(SESSION_KEY, JSON.stringify(session))
  return session
}

export function getSession(now = Date.now()): Session | null {
  const raw = localStorage.getItem(SESSION_KEY)
  if (!raw) return null
  try {
    const session = JSON.parse(raw) as Session
    if (!session.accessToken || session.expiresAt <= now) return null
    return session
  } catch {
    return null
  }
}

/** The visitor token this device holds, live or expired: sent when asking for a visitor
 * token again, so the device keeps its visitor (docs/api.md#limits). */
export function heldVisitorToken(): string | null {
  try {
    const session = JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null') as Session | null
    return session?.visitor && session.accessToken ? session.accessToken : null
  } catch {
    return null
  }
}

export function getToken(now = Date.now()): string | null {
  return getSession(now)?.accessToken ?? null
}

/** The user has opened an account (owning-account routes are open to them). */
export function hasAccount(now = Date.now()): boolean {
  const session = getSession(now)
  return !!session && !session.visitor && session.accountId !== null
}

export function updateSession(patch: Partial<Pick<Session, 'accountId'>>): void {
  const session = getSession()
  if (session) localStorage.setItem(SESSION_KEY, JSON.stringify({ ...session, ...patch }))
}

export function clearSession(): void {
  localStorage.removeItem(SESSION_KEY)
}
