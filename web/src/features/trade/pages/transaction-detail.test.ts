import { describe, expect, it } from 'vitest'
import type { Order } from '../api/types'
import { orderFigures } from '../lib/order-text'

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
  bankCardShowName: '工商银行(1234)',
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

const labels = (order: Order) => orderFigures(order, '活期宝').map((r) => `${r.label} ${r.value}`)

describe('orderFigures', () => {
  it('gives a portfolio sale its 卖出比例, no 申请份额: shares of different funds do not add up', () => {
    const sale = {
      ...cancelled,
      orderCode: 'P03',
      productType: 'PO',
      confirmStatus: 'P0',
      tradeAmount: '0.00',
      tradeShare: '0.00',
      fee: '0.00',
      feeRate: null,
      netAmount: '0.00',
      redeemTo: 'wallet',
      extMetaInfo: { ratio: '0.5' },
    } as unknown as Order
    const rows = labels(sale)
    expect(rows).toContain('卖出比例 50.00%')
    expect(rows.some((r) => r.startsWith('申请份额'))).toBe(false)
    // a fund's sale keeps its shares, and has no 卖出比例
    const fundSale = labels({
      ...sale,
      orderCode: '024',
      productType: 'FUND',
      tradeShare: '700.00',
    })
    expect(fundSale).toContain('申请份额 700.00份')
    expect(fundSale.some((r) => r.startsWith('卖出比例'))).toBe(false)
  })

  it('names the wallet as the broker does and the card as the payment methods show it', () => {
    expect(labels(cancelled)).toContain('支付方式 工商银行(1234)')
    expect(labels({ ...cancelled, payType: 'wallet', bankCardShowName: '' })).toContain(
      '支付方式 活期宝',
    )
    const sale = { ...cancelled, orderCode: '024', confirmStatus: '2', redeemTo: 'card' }
    expect(labels({ ...sale, payoutStatus: 'wallet' } as Order)).toEqual(
      expect.arrayContaining(['到账状态 银行卡入账失败，已转入活期宝', '回款方式 工商银行(1234)']),
    )
    expect(labels({ ...sale, redeemTo: 'wallet' } as Order)).toContain('回款方式 活期宝')
  })

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

  it('gives a cancelled purchase no fee nor net amount: it was refunded in full', () => {
    const rows = labels(cancelled)
    expect(rows).toContain('申请金额 1,000.00元')
    expect(rows.some((r) => /^(手续费|费率|净申购金额)/.test(r))).toBe(false)
    expect(labels({ ...cancelled, confirmStatus: '0' })).toEqual(
      expect.arrayContaining(['手续费 1.20元', '费率 0.12%', '净申购金额 998.80元']),
    )
  })

  it('gives a confirmed redemption what reaches the card: 到账金额 = 确认金额 − 手续费', () => {
    const redeemed = {
      ...cancelled,
      orderCode: '024',
      confirmStatus: '2',
      tradeAmount: '0.00',
      tradeShare: '3163.89',
      fee: '36.47',
      feeRate: null,
      netAmount: '7258.51',
      nav: '2.3057',
      confirmedShares: '3163.89',
      confirmedAmount: '7294.98',
      confirmedAt: '2026-10-19',
      arrivalDate: '2026-10-21',
      redeemTo: 'card',
    } as unknown as Order
    expect(labels(redeemed)).toEqual(
      expect.arrayContaining(['确认金额 7,294.98元', '手续费 36.47元', '到账金额 7,258.51元']),
    )
    expect(labels({ ...redeemed, orderCode: '036' }).some((r) => r.startsWith('到账金额'))).toBe(
      false,
    )
  })
})
