import { describe, expect, it } from 'vitest'
import { axisLabel, dateLabelOf } from './line-chart'

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
