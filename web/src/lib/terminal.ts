/**
 * Terminal details sent with trade and signing calls (docs/api.md#transport): terminalIP,
 * terminalType 2 (the H5 app), terminalInfo (the user agent) and traceInfo.
 *
 * The IP comes from `GET /utils/getIp`, tried 3 times (the retry helper's 1000 ms apart) and
 * kept for the visit; when it cannot be had, a fixed fallback address is sent and the server
 * records the address it sees itself.
 */
import { get } from './api-client'
import { currentPath } from './navigation'
import { withRetry } from './retry'
import { getToken } from './session'

export const TERMINAL_TYPE_H5 = 2
export const FALLBACK_IP = '127.0.0.1'
export const IP_LOOKUP_RETRIES = 3
const IP_KEY = 'opentamp.terminalIp'

export interface TerminalDetails {
  terminalIP: string
  terminalType: number
  terminalInfo: string
  traceInfo: { page: string; time: string; visit: string }
}

let pendingIp: Promise<string> | null = null

export function lookupIp(options: { sleep?: (ms: number) => Promise<void> } = {}): Promise<string> {
  const known = sessionStorage.getItem(IP_KEY)
  if (known) return Promise.resolve(known)
  if (!getToken()) return Promise.resolve(FALLBACK_IP)
  pendingIp ??= withRetry(
    () => get<{ ip: string }>('/utils/getIp', {}, { cache: false, quiet: true, noReport: true }),
    { retries: IP_LOOKUP_RETRIES, sleep: options.sleep },
  )
    .then(({ ip }) => {
      sessionStorage.setItem(IP_KEY, ip)
      return ip
    })
    .catch(() => FALLBACK_IP)
    .finally(() => {
      pendingIp = null
    })
  return pendingIp
}

function visitId(): string {
  let id = sessionStorage.getItem('opentamp.visit')
  if (!id) {
    id = newUUID()
    sessionStorage.setItem('opentamp.visit', id)
  }
  return id
}

export function newUUID(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID()
  }
  // RFC 4122 version 4 from getRandomValues (older WebViews lack randomUUID).
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6] & 0x0f) | 0x40
  bytes[8] = (bytes[8] & 0x3f) | 0x80
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

export async function terminalDetails(): Promise<TerminalDetails> {
  return {
    terminalIP: await lookupIp(),
    terminalType: TERMINAL_TYPE_H5,
    terminalInfo: navigator.userAgent,
    traceInfo: { page: currentPath(), time: new Date().toISOString(), visit: visitId() },
  }
}

/** A trade or signing body with the terminal details added. */
export async function withTerminal<T extends object>(body: T): Promise<T & TerminalDetails> {
  return { ...body, ...(await terminalDetails()) }
}
