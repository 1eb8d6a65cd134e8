import { describe, expect, it } from 'vitest'
import type { Order } from '../api/types'
import { orderFigures } from './transaction-detail'

/** A fund purchase placed 2026-11-13 and cancelled before the cut-off: confirmDate is the day
 * it would have been confirmed. */
const cancelled = {
  brokerOrderNo: '20261113100000848937939828',
  orderCode: '022',
  confirmStatus: '9',
  payStatus: '2',
  payType: 'card',
  bankName: '中国工商银行',
  cardTail: '1234',
  tradeAmount: '1000.00',
  tradeShare: '0.00',
  fee: '1.20',
  feeRate: '0.0012',
  netAmount: '998.80',
  nav: null,
  confirmedShares: '0.00',
  confirmedAmount: '0.00',
  applyTime: '2026-11-13T10:00:00+08:00',
  tradeDate: '2026-11-13',
  confirmDate: '2026-11-16',
  confirmedAt: null,
  arrivalDate: null,
  redeemTo: '',
  failReason: '',
  extMetaInfo: null,
  isSignalSellOrder: false,
} as unknown as Order

const labels = (order: Order) => orderFigures(order).map((r) => `${r.label} ${r.value}`)

describe('orderFigures', () => {
  it('gives a cancelled order no 确认日期: it was never confirmed', () => {
    const rows = labels(cancelled)
    expect(rows).toContain('交易日期 2026-11-13')
    expect(rows.some((r) => r.startsWith('确认日期'))).toBe(false)
  })

  it('gives a failed payment no 确认日期 either: it will not be confirmed', () => {
    const rows = labels({ ...cancelled, confirmStatus: '1', payStatus: '1' })
    expect(rows.some((r) => r.startsWith('确认日期'))).toBe(false)
  })

  it('gives a waiting or confirmed order its 确认日期', () => {
    expect(labels({ ...cancelled, confirmStatus: '0' })).toContain('确认日期 2026-11-16')
    expect(labels({ ...cancelled, confirmStatus: '2', confirmedAt: '2026-11-16' })).toContain(
      '确认日期 2026-11-16',
    )
  })
})
