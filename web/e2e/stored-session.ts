/**
 * What the app keeps of a signed-in session, built from what `opentamp token issue` prints,
 * and the pop-ups of a visit marked as handled so a test of another screen is not interrupted
 * (e2e/session.ts for playwright, lighthouse.e2e.ts and cpu-trace.ts for puppeteer). No vitest
 * here: cpu-trace.ts runs on its own.
 */

/** What `opentamp token issue` prints. */
export interface IssuedSession {
  accessToken: string
  expiresIn: number
  brokerUserId: number
  brokerId: number
  accountId: number | null
}

/** The session as the app stores it (`opentamp.session` in localStorage). */
export function storedSession(issued: IssuedSession) {
  return {
    accessToken: issued.accessToken,
    brokerUserId: issued.brokerUserId,
    accountId: issued.accountId,
    brokerId: issued.brokerId,
    visitor: false,
    expiresAt: Date.now() + (issued.expiresIn - 300) * 1000,
  }
}

/** The steps of a visit's pop-ups (`opentamp.popupsDone` in sessionStorage). */
export const VISIT_POPUPS = [
  'nonAmerican',
  'paymentResign',
  'riskExpiry',
  'operation:HOME',
  'operation:MINE',
  'push:HOME',
]
