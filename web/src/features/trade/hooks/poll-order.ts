/**
 * Finding an order after a trade call got no answer (docs/api.md#trade-network-errors,
 * docs/api.md#limits): the orders list is read every 3 s, up to 5 times, for the order; the search
 * stops as soon as the page changes.
 *
 * The spec's client knew the brokerOrderNo before sending. Here the server numbers the order,
 * and the request's identity is its tradeUUID (docs/architecture.md#transport), which the order
 * list does not show; so an order is recognised by its number when one is known, otherwise as the
 * order of the same product and the same amount (or shares) applied for since the call began (a
 * minute's grace for the two clocks). A duplicate is impossible either way: the tradeUUID makes one
 * order at most.
 */
import { toDecimal } from '@/lib/format'
import type { Order } from '../api/types'

export const ORDER_POLL_INTERVAL_MS = 3000
export const ORDER_POLL_TIMES = 5
export const CLOCK_GRACE_MS = 60_000

export interface OrderMatch {
  brokerOrderNo?: string
  productCode?: string
  /** The amount applied for ("1000.00"), for purchases and recharges. */
  amount?: string
  /** The shares applied for, for redemptions. */
  shares?: string
  /** When the call began (ms since the epoch). */
  since?: number
}

const same = (a: unknown, b: unknown) => {
  const x = toDecimal(a)
  const y = toDecimal(b)
  return !!x && !!y && x.eq(y)
}

export function matchesOrder(order: Order, match: OrderMatch): boolean {
  if (match.brokerOrderNo) return order.brokerOrderNo === match.brokerOrderNo
  if (!match.productCode || order.productCode !== match.productCode) return false
  if (match.amount !== undefined && !same(order.tradeAmount, match.amount)) return false
  if (match.shares !== undefined && !same(order.tradeShare, match.shares)) return false
  if (match.since !== undefined) {
    const applied = Date.parse(order.applyTime)
    if (Number.isFinite(applied) && applied < match.since - CLOCK_GRACE_MS) return false
  }
  return true
}

export type PollOutcome = { outcome: 'found'; order: Order } | { outcome: 'notFound' | 'left' }

export interface PollOptions {
  match: OrderMatch
  /** The first page of the orders list (getAllOrders page 1, size 10). */
  fetchOrders: () => Promise<Order[]>
  /** True while the user is still on the page that traded. */
  stillHere: () => boolean
  wait?: (ms: number) => Promise<void>
  interval?: number
  times?: number
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export async function pollForOrder({
  match,
  fetchOrders,
  stillHere,
  wait = sleep,
  interval = ORDER_POLL_INTERVAL_MS,
  times = ORDER_POLL_TIMES,
}: PollOptions): Promise<PollOutcome> {
  for (let attempt = 0; attempt < times; attempt += 1) {
    await wait(interval)
    if (!stillHere()) return { outcome: 'left' }
    // A failed read is one of the five tries.
    const orders = await fetchOrders().catch((): Order[] => [])
    if (!stillHere()) return { outcome: 'left' }
    const order = orders.find((o) => matchesOrder(o, match))
    if (order) return { outcome: 'found', order }
  }
  return { outcome: 'notFound' }
}
