import { describe, expect, it } from 'vitest'
import type { Order } from '@/features/trade'
import { deriveOrderStatus } from '@/lib/order-status'
import {
  buildConvertTimeline,
  convertFigures,
  convertTarget,
  type FigureRow,
} from './convert-order'

function order(fields: Partial<Order>): Order {
  return {
    brokerOrderNo: '20261123143005000000000001',
    accountId: 1,
    brokerUserId: 1,
    financialAccountId: 1,
    orderCode: '036',
    fundOrderCode: '036',
    poOrderCode: '',
    confirmStatus: '0',
    payStatus: '2',
    payType: '',
    paymentMethodId: null,
    bankName: '',
    cardTail: '',
    bankCardShowName: '',
    productCode: '004101',
    productName: '远航消费升级股票',
    productType: 'FUND',
    tradeAmount: '0.00',
    tradeShare: '1000.00',
    fee: '0.00',
    feeRate: null,
    netAmount: '0.00',
    nav: null,
    confirmedShares: '0.00',
    confirmedAmount: '0.00',
    applyTime: '2026-11-23T14:30:05+08:00',
    tradeDate: '2026-11-23',
    confirmDate: '2026-11-24',
    confirmedAt: null,
    profitDate: '2026-11-25',
    arrivalDate: null,
    redeemTo: '',
    canCancel: true,
    extMetaInfo: { targetFundCode: '003301', targetFundName: '远航稳健配置混合' },
    isSignalSellOrder: false,
    isTransfer: false,
    failReason: '',
    children: [],
    ...fields,
  }
}

const brief = (steps: ReturnType<typeof buildConvertTimeline>) =>
  steps.map((s) => `${s.title}|${s.date}|${s.state}${s.note ? `|${s.note}` : ''}`)

/** A conversion of 1000.00 shares confirmed at A's NAV 1.2345 and B's NAV 2.0000:
 * gross = 1000.00 × 1.2345 = 1234.50; redemption fee 0.5 % = 6.17 (6.1725 half-up);
 * 1228.33 goes into B; 补差费 0.3 % of it, 外扣法: net = 1228.33 / 1.003 = 1224.66,
 * fee = 3.67; shares = 1224.66 / 2.0000 = 612.33. */
const confirmed = order({
  confirmStatus: '2',
  canCancel: false,
  confirmedAt: '2026-11-24',
  children: [
    order({
      brokerOrderNo: '2026112314300500000000000101',
      orderCode: '024',
      confirmStatus: '2',
      tradeShare: '1000.00',
      nav: '1.2345',
      confirmedAmount: '1234.50',
      fee: '6.17',
      netAmount: '1228.33',
      extMetaInfo: null,
    }),
    order({
      brokerOrderNo: '2026112314300500000000000102',
      orderCode: '022',
      productCode: '003301',
      productName: '远航稳健配置混合',
      confirmStatus: '2',
      tradeShare: '0.00',
      tradeAmount: '1228.33',
      fee: '3.67',
      netAmount: '1224.66',
      nav: '2.0000',
      confirmedShares: '612.33',
      confirmedAt: '2026-11-24',
      profitDate: '2026-11-25',
      extMetaInfo: null,
    }),
  ],
})

describe('convertTarget', () => {
  it('names the fund converted into from extMetaInfo', () => {
    expect(convertTarget(order({}))).toEqual({ fundCode: '003301', fundName: '远航稳健配置混合' })
  })

  it('falls back to the purchase child', () => {
    expect(convertTarget({ ...confirmed, extMetaInfo: null })).toEqual({
      fundCode: '003301',
      fundName: '远航稳健配置混合',
    })
  })
})

describe('buildConvertTimeline', () => {
  it('waiting: submitted, confirming, profit later', () => {
    const waiting = order({})
    const status = deriveOrderStatus(waiting)
    expect(status).toBe('ing')
    expect(brief(buildConvertTimeline(waiting, status, '2026-11-23'))).toEqual([
      '提交成功|2026-11-23 14:30|done',
      '份额确认|2026-11-24|current',
      '查看收益|2026-11-25|wait',
    ])
  })

  it('confirmed: the profit step is current until its day', () => {
    const status = deriveOrderStatus(confirmed)
    expect(status).toBe('success')
    expect(brief(buildConvertTimeline(confirmed, status, '2026-11-24'))).toEqual([
      '提交成功|2026-11-23 14:30|done',
      '份额确认|2026-11-24|done',
      '查看收益|2026-11-25|current',
    ])
    expect(brief(buildConvertTimeline(confirmed, status, '2026-11-25'))[2]).toBe(
      '查看收益|2026-11-25|done',
    )
  })

  it('cancelled or failed: the line ends with what happened', () => {
    const cancelled = order({ confirmStatus: '9', canCancel: false })
    expect(
      brief(buildConvertTimeline(cancelled, deriveOrderStatus(cancelled), '2026-11-23')),
    ).toEqual(['提交成功|2026-11-23 14:30|done', '已撤单|2026-11-24|error'])
    const failed = order({ confirmStatus: '1', failReason: '转入基金暂停申购' })
    expect(brief(buildConvertTimeline(failed, deriveOrderStatus(failed), '2026-11-24'))).toEqual([
      '提交成功|2026-11-23 14:30|done',
      '交易失败|2026-11-24|error|转入基金暂停申购',
    ])
  })
})

describe('convertFigures', () => {
  const rows = (list: FigureRow[]) =>
    list.map((r) => `${r.label} ${r.value}${r.note ? ` ${r.note}` : ''}`)

  it('a waiting conversion: the shares applied for, the rest to be confirmed', () => {
    const figures = convertFigures(order({}), 'ing')
    expect(rows(figures.out)).toEqual([
      '转出基金 远航消费升级股票 004101',
      '转出份额 1,000.00份',
      '转出净值 待确认',
      '转出金额 待确认',
      '赎回费 待确认',
    ])
    expect(rows(figures.in)).toEqual([
      '转入基金 远航稳健配置混合 003301',
      '转入金额 待确认',
      '补差费 待确认',
      '转入净值 待确认',
      '确认份额 待确认',
    ])
    expect(rows(figures.info)).toEqual([
      '订单编号 20261123143005000000000001',
      '申请时间 2026-11-23 14:30',
      '交易日 2026-11-23',
      '确认日期 2026-11-24',
    ])
  })

  it('a confirmed conversion: each side as its child confirmed it', () => {
    const figures = convertFigures(confirmed, 'success')
    expect(rows(figures.out).slice(1)).toEqual([
      '转出份额 1,000.00份',
      '转出净值 1.2345',
      '转出金额 1,234.50元',
      '赎回费 6.17元',
    ])
    expect(rows(figures.in).slice(1)).toEqual([
      '转入金额 1,228.33元',
      '补差费 3.67元',
      '转入净值 2.0000',
      '确认份额 612.33份',
    ])
  })

  it('no 补差费 reads 0.00 once the amount is known', () => {
    const noDifference = {
      ...confirmed,
      children: confirmed.children?.map((c) => (c.orderCode === '022' ? { ...c, fee: '0.00' } : c)),
    }
    expect(rows(convertFigures(noDifference, 'success').in)[2]).toBe('补差费 0.00元')
  })

  it('a cancelled conversion shows -- for what never happened', () => {
    expect(rows(convertFigures(order({ confirmStatus: '9' }), 'cancel').in)[4]).toBe('确认份额 --')
  })
})
