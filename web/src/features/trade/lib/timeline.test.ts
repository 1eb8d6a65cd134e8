import { describe, expect, it } from 'vitest'
import { deriveOrderStatus } from '@/lib/order-status'
import { beijingToday, buildTimeline } from './timeline'

const buy = {
  orderCode: '022',
  applyTime: '2026-11-23T14:30:05+08:00',
  confirmDate: '2026-11-24',
  confirmedAt: null,
  arrivalDate: null,
  profitDate: '2026-11-25',
  failReason: '',
}

const brief = (steps: ReturnType<typeof buildTimeline>) =>
  steps.map((s) => `${s.title}|${s.date}|${s.state}${s.note ? `|${s.note}` : ''}`)

describe('buildTimeline', () => {
  it('a purchase waiting: applied, confirming, profit later', () => {
    const status = deriveOrderStatus({ orderCode: '022', confirmStatus: '0', payStatus: '2' })
    expect(status).toBe('ing')
    expect(brief(buildTimeline(buy, status, { today: '2026-11-23' }))).toEqual([
      '提交申请|2026-11-23 14:30|done',
      '确认份额|2026-11-24|current',
      '查看收益|2026-11-25|wait',
    ])
  })

  it('a confirmed purchase: profit current before its day, done on it', () => {
    expect(brief(buildTimeline(buy, 'success', { today: '2026-11-24' }))[2]).toBe(
      '查看收益|2026-11-25|current',
    )
    expect(brief(buildTimeline(buy, 'success', { today: '2026-11-25' }))).toEqual([
      '提交申请|2026-11-23 14:30|done',
      '确认份额|2026-11-24|done',
      '查看收益|2026-11-25|done',
    ])
  })

  it('takes the profit date from the trade dates when the order has none', () => {
    const steps = buildTimeline({ ...buy, profitDate: null }, 'ing', {
      today: '2026-11-23',
      profitDate: '2026-11-26',
    })
    expect(steps[2].date).toBe('2026-11-26')
  })

  it('a failed payment ends at the second step with what happened, undated', () => {
    const status = deriveOrderStatus({ orderCode: '022', confirmStatus: '1', payStatus: '1' })
    expect(status).toBe('payFail')
    expect(
      brief(buildTimeline({ ...buy, failReason: '银行卡余额不足' }, status, { today: '' })),
    ).toEqual(['提交申请|2026-11-23 14:30|done', '支付失败||error|银行卡余额不足'])
  })

  it('a cancelled order ends without the confirmation date it never reached', () => {
    expect(brief(buildTimeline(buy, 'cancel', { today: '' }))[1]).toBe('已撤单||error')
  })

  it('a redemption ends with the arrival of the cash, confirmed date first', () => {
    const sell = {
      ...buy,
      orderCode: '024',
      confirmedAt: '2026-11-24',
      arrivalDate: '2026-11-26',
    }
    expect(brief(buildTimeline(sell, 'success', { today: '2026-11-25' }))).toEqual([
      '提交申请|2026-11-23 14:30|done',
      '确认份额|2026-11-24|done',
      '资金到账|2026-11-26|current',
    ])
  })

  it('a portfolio parent paying: the pay status notes the confirm step', () => {
    const status = deriveOrderStatus({ orderCode: 'P02', confirmStatus: 'P0', payStatus: '0' })
    expect(status).toBe('payIng')
    const steps = buildTimeline({ ...buy, orderCode: 'P02' }, status, { today: '' })
    expect(brief(steps)[1]).toBe('确认份额|2026-11-24|current|支付中')
  })

  it('a part success is done with its note; a dividend has two steps', () => {
    expect(brief(buildTimeline({ ...buy, orderCode: 'P02' }, 'part', { today: '' }))[1]).toBe(
      '确认份额|2026-11-24|done|部分成功',
    )
    expect(buildTimeline({ ...buy, orderCode: '143' }, 'success', { today: '' })).toHaveLength(2)
  })

  it('today is the Beijing date', () => {
    // 2026-11-23 17:00 UTC is 2026-11-24 01:00 in Beijing.
    expect(beijingToday(new Date('2026-11-23T17:00:00Z'))).toBe('2026-11-24')
  })
})
