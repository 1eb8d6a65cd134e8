import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { linePath, LineSketch, niceStep, valueTicks } from './line-sketch'

describe('the first drawing of a line chart', () => {
  it('steps its value axis as ECharts does: 1, 2, 3, 5 or 10 times a power of ten', () => {
    expect(niceStep(0.0123)).toBe(0.01)
    expect(niceStep(0.021)).toBe(0.02)
    expect(niceStep(0.3)).toBe(0.3)
    expect(niceStep(45)).toBe(50)
    expect(niceStep(800)).toBe(1000)
  })

  it('widens the data to whole steps, four or so', () => {
    // -3.2 % … +11.7 %: a span of 0.149 over 4 → a step of 0.03 (3.7 is under 4: 3)
    expect(valueTicks(-0.032, 0.117)).toEqual([-0.06, -0.03, 0, 0.03, 0.06, 0.09, 0.12])
    expect(valueTicks(1.02, 1.38)).toEqual([1, 1.1, 1.2, 1.3, 1.4])
    // one value: a band around it
    expect(valueTicks(2, 2)).toEqual([1, 1.5, 2, 2.5, 3])
    expect(valueTicks(NaN, NaN)).toEqual([])
  })

  it('draws a line by index and value, broken where a value is missing', () => {
    expect(linePath([0, 1, 2], 0, 2, 100, 50)).toBe('M0.0 50.0L50.0 25.0L100.0 0.0')
    expect(linePath([0, NaN, 2, 1], 0, 2, 90, 10)).toBe('M0.0 10.0M60.0 0.0L90.0 5.0')
  })

  it('is an image with its axis labels and dates, at the given height', () => {
    render(
      <LineSketch
        series={[
          {
            name: 'fund',
            color: '#d6262d',
            area: true,
            points: [
              ['2026-01-05', 0],
              ['2026-02-05', 0.04],
              ['2026-03-05', 0.1],
            ],
          },
        ]}
        pins={[{ index: 1, color: '#3a6ff0', key: 'adjust' }]}
        height={220}
        dates={['2026-01-05', '2026-02-05', '2026-03-05']}
        format={(v) => `${(v * 100).toFixed(2)}%`}
        dateLabel={(d) => d.slice(5)}
        label="业绩走势图"
      />,
    )
    const chart = screen.getByRole('img', { name: '业绩走势图' })
    expect(chart.style.height).toBe('220px')
    expect(chart.textContent).toContain('0.00%')
    expect(chart.textContent).toContain('12.00%')
    expect(chart.textContent).toContain('01-05')
    expect(chart.textContent).toContain('03-05')
    expect(chart.querySelectorAll('.line-sketch__pin')).toHaveLength(1)
  })
})
