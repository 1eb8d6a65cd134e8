import { describe, expect, it } from 'vitest'
import { distributionBars, drawdownPeriod, fanBands, fanLabelShown } from './backtest'
import { missingAnswers, toServerAnswers, typedAmount } from './survey'
import { authorizationText, labelOf, LOSS_TOLERANCE } from './texts'

describe('the fan of outcomes', () => {
  it('stacks four bands over the 5th percentile, adding up to the 95th', () => {
    const f = fanBands([
      { label: '1个月', p5: '-0.04', p25: '-0.01', p50: '0.005', p75: '0.02', p95: '0.05' },
    ])
    expect(f.base).toEqual([-0.04])
    const top = f.base[0] + f.lowBand[0] + f.lowerMid[0] + f.upperMid[0] + f.highBand[0]
    expect(top).toBeCloseTo(0.05, 10)
    expect(f.base[0] + f.lowBand[0] + f.lowerMid[0]).toBeCloseTo(0.005, 10)
    expect(f.median).toEqual([0.005])
  })

  it('sorts percentiles out of order so that no band is negative', () => {
    const f = fanBands([
      { label: 'x', p5: '0.03', p25: '0.01', p50: '0.02', p75: '0.00', p95: '0.04' },
    ])
    for (const band of [f.lowBand, f.lowerMid, f.upperMid, f.highBand]) {
      expect(band[0]).toBeGreaterThanOrEqual(0)
    }
    expect(f.base[0]).toBe(0)
  })
})

describe('the rolling-return distribution', () => {
  it('gives each bucket its share of the windows and marks the losses', () => {
    const bars = distributionBars([
      { low: '-0.1', high: '0', count: 1 },
      { low: '0', high: '0.1', count: 3 },
    ])
    expect(bars.map((b) => b.share)).toEqual([0.25, 0.75])
    expect(bars.map((b) => b.loss)).toEqual([true, false])
    expect(bars[0].label).toBe('-10%~0%')
  })

  it('has no share when there is no window', () => {
    expect(distributionBars([{ low: 0, high: 0.1, count: 0 }])[0].share).toBe(0)
  })
})

describe('the goal survey', () => {
  it('lists the unanswered questions in order', () => {
    expect(missingAnswers({})).toEqual([
      'goal',
      'horizonMonths',
      'amount',
      'liquidityNeed',
      'lossTolerance',
    ])
    expect(
      missingAnswers({
        goal: 'WEALTH',
        horizonMonths: 36,
        amount: '0',
        liquidityNeed: 'LOW',
        lossTolerance: '0.10',
      }),
    ).toEqual(['amount'])
    expect(missingAnswers({ horizonMonths: 3 })).toContain('horizonMonths')
  })

  it('keeps the typed amount to what the server takes: two decimals, nine whole digits', () => {
    expect(typedAmount('12.345')).toBe('12.34')
    expect(typedAmount('5,000.5元')).toBe('5000.5')
    expect(typedAmount('1.2.3')).toBe('1.23')
    expect(typedAmount('.5')).toBe('0.5')
    expect(typedAmount('99999999999')).toBe('999999999')
    expect(typedAmount('abc')).toBe('')
  })

  it('sends the amount to the cent and leaves out what is empty', () => {
    expect(toServerAnswers({ amount: '5000', goal: '', lossTolerance: '0.20' })).toEqual({
      amount: '5000.00',
      lossTolerance: '0.20',
    })
  })
})

describe('names', () => {
  it('names the authorisation codes and the choices', () => {
    expect(authorizationText(0)).toBe('超风险等级待授权')
    expect(authorizationText(1)).toBe('已授权')
    expect(authorizationText(2)).toBe('已拒绝授权')
    expect(authorizationText(9)).toBe('无需授权')
    expect(labelOf(LOSS_TOLERANCE, '0.10')).toBe('10%以内')
    expect(labelOf(LOSS_TOLERANCE, 'x')).toBe('--')
  })
})

describe("the fan chart's median numbers", () => {
  it('writes each point of a short fan, and only the last of a long one', () => {
    expect([0, 1, 2, 3].map((i) => fanLabelShown(i, 4))).toEqual([true, true, true, true])
    const long = Array.from({ length: 36 }, (_, i) => fanLabelShown(i, 36))
    expect(long.filter(Boolean)).toHaveLength(1)
    expect(long[35]).toBe(true)
  })
})

describe("the maximum drawdown's period", () => {
  it('writes both dates in full, the end on its own line', () => {
    expect(drawdownPeriod('2020-03-13', '2020-07-29')).toEqual(['2020-03-13', '至2020-07-29'])
  })
  it('is empty while an end is missing', () => {
    expect(drawdownPeriod('2020-03-13', null)).toBeNull()
    expect(drawdownPeriod(null, '2020-07-29')).toBeNull()
  })
})
