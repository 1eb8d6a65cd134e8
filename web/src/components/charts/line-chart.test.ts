import { describe, expect, it } from 'vitest'
import { axisLabel, dateLabelOf, MAX_PINS_OF_A_KIND, thinPins } from './line-chart'

describe('axis labels', () => {
  it('drop needless decimals and count 万 from 10000', () => {
    expect(axisLabel(18000, false, 2)).toBe('1.8万')
    expect(axisLabel(9500, false, 2)).toBe('9500')
    expect(axisLabel(1.25, false, 2)).toBe('1.25')
    expect(axisLabel(1.2, false, 4)).toBe('1.2')
    expect(axisLabel(0, false, 2)).toBe('0')
    expect(axisLabel(-25000, false, 2)).toBe('-2.5万')
  })

  it('write percentages as every percentage, with two decimals', () => {
    expect(axisLabel(0.025, true, 2)).toBe('2.50%')
    expect(axisLabel(-0.16, true, 2)).toBe('-16.00%')
  })
})

describe('date labels', () => {
  it('show a year of dates by month, so its two ends differ', () => {
    const year = dateLabelOf(['2025-11-27', '2026-04-01', '2026-11-27'])
    expect(['2025-11-27', '2026-11-27'].map(year)).toEqual(['2025-11', '2026-11'])
  })

  it('show half a year and less by month and day', () => {
    const half = dateLabelOf(['2026-05-27', '2026-08-03', '2026-11-27'])
    expect(['2026-05-27', '2026-11-27'].map(half)).toEqual(['05-27', '11-27'])
  })
})

describe('pins', () => {
  const buy = { date: '', label: '买入', color: '#2b6ff2' }
  const dividend = { date: '', label: '分红', color: '#f59a23' }

  it('thin a weekly 定投 over a year to at most a dozen pins, each counting what it holds', () => {
    // 245 trading days, a purchase every 5th: 49 purchases
    const weekly = Array.from({ length: 49 }, (_, k) => ({ m: buy, i: k * 5 }))
    const pins = thinPins(weekly, 245)
    expect(pins.length).toBeLessThanOrEqual(MAX_PINS_OF_A_KIND + 1)
    expect(pins[0]).toEqual({ m: { ...buy, label: '买入（5次）' }, i: 0 })
    const held = pins.map((p) => Number(/（(\d+)次）/.exec(p.m.label)?.[1] ?? 1))
    expect(held.reduce((a, b) => a + b, 0)).toBe(49)
  })

  it('keep pins far apart, and never merge two kinds', () => {
    const few = [
      { m: buy, i: 10 },
      { m: dividend, i: 11 },
      { m: buy, i: 200 },
    ]
    expect(thinPins(few, 245)).toEqual(few)
  })
})
