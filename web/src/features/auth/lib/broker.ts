/**
 * The broker a sign-in is for. A shop link carries brokerId (or teamId) in its query; the
 * choice is kept for the session so that later pages sign in under the same broker. Without
 * one the server takes the default team's broker.
 */
const KEY = 'opentamp.loginBroker'

export interface LoginBroker {
  brokerId?: number
  teamId?: number
}

function numberParam(params: URLSearchParams, name: string): number | undefined {
  const raw = params.get(name)
  const n = raw === null ? NaN : Number(raw)
  return Number.isInteger(n) && n > 0 ? n : undefined
}

export function rememberBroker(search: string): void {
  const params = new URLSearchParams(search)
  const brokerId = numberParam(params, 'brokerId')
  const teamId = numberParam(params, 'teamId')
  if (brokerId || teamId) sessionStorage.setItem(KEY, JSON.stringify({ brokerId, teamId }))
}

export function loginBroker(search = window.location.search): LoginBroker {
  rememberBroker(search)
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as LoginBroker
    return { brokerId: stored.brokerId, teamId: stored.teamId }
  } catch {
    return {}
  }
}
