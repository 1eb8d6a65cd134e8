import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { getSession } from '@/lib/session'
import { startVisitorSession, type StoreLink } from '@/lib/visitor'

export const STORE_LINK_KEY = 'opentamp.store-link'

function fromQuery(params: URLSearchParams): StoreLink {
  const num = (key: string) => {
    const value = Number(params.get(key))
    return Number.isFinite(value) && value > 0 ? value : undefined
  }
  const link: StoreLink = { teamId: num('teamId'), brokerId: num('brokerId') }
  const mid = params.get('mid')
  if (mid) link.mid = mid
  return link
}

/** The shop the user came through (teamId, mid, brokerId in the address, docs/product.md#validation
 * store-link check), kept for the session so later pages show the same team. Without one the
 * platform's default team is shown. */
export function useStoreLink(): StoreLink {
  const [params] = useSearchParams()
  const fresh = fromQuery(params)
  const has = fresh.teamId !== undefined || fresh.mid !== undefined || fresh.brokerId !== undefined
  useEffect(() => {
    if (has) sessionStorage.setItem(STORE_LINK_KEY, JSON.stringify(fresh))
  })
  if (has) return fresh
  try {
    return JSON.parse(sessionStorage.getItem(STORE_LINK_KEY) ?? '{}') as StoreLink
  } catch {
    return {}
  }
}

/** A token for calls that need one, on pages anyone may open: the session's, or else a
 * visitor token (the retail visitor identity) for the shop's broker. */
export function useViewerToken(link: StoreLink): { ready: boolean; error: string | null } {
  const [state, setState] = useState<{ ready: boolean; error: string | null }>(() => ({
    ready: getSession() !== null,
    error: null,
  }))
  const key = JSON.stringify(link)
  useEffect(() => {
    if (state.ready) return
    let live = true
    startVisitorSession(JSON.parse(key) as StoreLink)
      .then(() => live && setState({ ready: true, error: null }))
      .catch((err: Error) => live && setState({ ready: false, error: err.message }))
    return () => {
      live = false
    }
  }, [key, state.ready])
  return state
}
