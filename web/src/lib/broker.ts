/**
 * The broker the app serves this user for (docs/product.md#entities "Broker info (stored
 * locally)"): logo, name, teamId, mid, brokerId and theme colour. It comes from the store link's
 * parameters (completed by the server) or, for a plain link, the platform's default team.
 *
 * Store-link check (docs/product.md#validation): teamId, mid and brokerId must all be known;
 * otherwise the link is wrong, reported, and the page says 商户信息传入有误，链接无法打开.
 */
import { getStored, setStored } from './storage'
import { getSession } from './session'

export const BROKER_KEY = 'opentamp.broker'
export const STORE_LINK_ERROR = '商户信息传入有误，链接无法打开'

export interface BrokerInfo {
  brokerId: number
  teamId: number
  mid: string
  name?: string
  logo?: string
  themeColor?: string
}

export function getBrokerInfo(): BrokerInfo | null {
  return getStored<BrokerInfo>(BROKER_KEY)
}

export function setBrokerInfo(info: BrokerInfo): void {
  setStored(BROKER_KEY, info)
}

/** The broker id every call carries: the signed-in user's, else the stored broker's. */
export function getBrokerId(): number | null {
  return getSession()?.brokerId ?? getBrokerInfo()?.brokerId ?? null
}

/** The store-link rule: all three parameters known. */
export function isStoreLinkComplete(info: Partial<BrokerInfo> | null): boolean {
  return !!info && !!info.teamId && !!info.mid && !!info.brokerId
}

/** Thrown by the route guard when a page that needs the broker is opened by a wrong link. */
export class StoreLinkError extends Error {
  constructor() {
    super(STORE_LINK_ERROR)
    this.name = 'StoreLinkError'
  }
}
