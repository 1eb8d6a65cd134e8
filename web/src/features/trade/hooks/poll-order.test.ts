import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Order } from '../api/types'
import { matchesOrder, pollForOrder } from './poll-order'

const order = (fields: Partial<Order>): Order =>
  ({
    brokerOrderNo: 'O1',
    productCode: '110011',
    tradeAmount: '1000.00',
    tradeShare: '0.00',
    applyTime: '2026-11-23T14:30:05+08:00',
    ...fields,
  }) as Order

describe('matchesOrder', () => {
  const since = Date.parse('2026-11-23T14:30:00+08:00')

  it('by number when known', () => {
    expect(matchesOrder(order({}), { brokerOrderNo: 'O1' })).toBe(true)
    expect(matchesOrder(order({}), { brokerOrderNo: 'O2', productCode: '110011' })).toBe(false)
  })

  it('else by product, amount (as decimals) and time since the call', () => {
    expect(matchesOrder(order({}), { productCode: '110011', amount: '1000', since })).toBe(true)
    expect(matchesOrder(order({}), { productCode: '110011', amount: '1000.01', since })).toBe(false)
    expect(matchesOrder(order({}), { productCode: '000001', amount: '1000', since })).toBe(false)
    // Applied two minutes before the call began: an older order of the same amount.
    const older = order({ applyTime: '2026-11-23T14:28:00+08:00' })
    expect(matchesOrder(older, { productCode: '110011', amount: '1000', since })).toBe(false)
    const sell = order({ tradeShare: '500.00', tradeAmount: '0.00' })
    expect(matchesOrder(sell, { productCode: '110011', shares: '500', since })).toBe(true)
  })
})

describe('pollForOrder (every 3 s, up to 5 times)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('finds the order on the third read, 9 s after the call', async () => {
    const fetchOrders = vi
      .fn<() => Promise<Order[]>>()
      .mockResolvedValueOnce([])
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValueOnce([order({ brokerOrderNo: 'X' }), order({})])
    const done = vi.fn()
    void pollForOrder({ match: { brokerOrderNo: 'O1' }, fetchOrders, stillHere: () => true }).then(
      done,
    )
    await vi.advanceTimersByTimeAsync(2999)
    expect(fetchOrders).toHaveBeenCalledTimes(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(fetchOrders).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(6000)
    expect(fetchOrders).toHaveBeenCalledTimes(3)
    expect(done).toHaveBeenCalledWith({ outcome: 'found', order: order({}) })
  })

  it('gives up after five reads (15 s)', async () => {
    const fetchOrders = vi.fn(async () => [] as Order[])
    const done = vi.fn()
    void pollForOrder({ match: { brokerOrderNo: 'O1' }, fetchOrders, stillHere: () => true }).then(
      done,
    )
    await vi.advanceTimersByTimeAsync(14_999)
    expect(done).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(done).toHaveBeenCalledWith({ outcome: 'notFound' })
    await vi.advanceTimersByTimeAsync(30_000)
    expect(fetchOrders).toHaveBeenCalledTimes(5)
  })

  it('stops when the page changes', async () => {
    let here = true
    const fetchOrders = vi.fn(async () => [] as Order[])
    const done = vi.fn()
    void pollForOrder({ match: { brokerOrderNo: 'O1' }, fetchOrders, stillHere: () => here }).then(
      done,
    )
    await vi.advanceTimersByTimeAsync(6000)
    here = false
    await vi.advanceTimersByTimeAsync(3000)
    expect(done).toHaveBeenCalledWith({ outcome: 'left' })
    expect(fetchOrders).toHaveBeenCalledTimes(2)
  })
})
