/**
 * The retail visitor identity (docs/product.md#what-it-does: visitors act under it): one call,
 * POST /noauth/store/h5Token, for the broker of this visit, kept as the session marked
 * `visitor`; the device's earlier visitor token goes with it, so it keeps its visitor. A visitor reads 首页, products and the adviser zone; a page that needs a signed-in
 * user sends them to sign in (the route guard).
 */
import { post, type CallOptions } from './api-client'
import type { PostData } from './api-types'
import { getBrokerInfo } from './broker'
import { heldVisitorToken, setSession } from './session'

export type VisitorToken = PostData<'/noauth/store/h5Token'>

/** Who the visitor comes through: a store link's team, or the broker of this visit. */
export interface StoreLink {
  teamId?: number
  mid?: string
  brokerId?: number
}

/** The link of this visit's broker (stored when the broker was resolved), or nothing: the
 * transport adds `broker` to the call anyway. */
export function visitLink(): StoreLink {
  const info = getBrokerInfo()
  if (!info) return {}
  return { teamId: info.teamId || undefined, mid: info.mid || undefined, brokerId: info.brokerId }
}

/** Takes a visitor token and keeps it as the session. */
export async function startVisitorSession(
  link: StoreLink = visitLink(),
  options?: CallOptions,
): Promise<VisitorToken> {
  const held = heldVisitorToken()
  const body = held ? { ...link, visitorToken: held } : link
  const token = await post<VisitorToken>('/noauth/store/h5Token', body, options)
  setSession({
    accessToken: token.accessToken,
    expiresIn: token.expiresIn,
    brokerUserId: token.brokerUserId,
    brokerId: token.brokerId,
    accountId: null,
    visitor: true,
  })
  return token
}
