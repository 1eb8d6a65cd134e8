import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { AssetTrendChart } from './asset-trend-chart'

vi.mock('@/components/charts/line-chart', () => ({
  LineChart: ({ series }: { series: { color: string }[] }) => (
    <div data-testid="chart" data-color={series[0].color} />
  ),
}))

const day = (date: string, marketValue: string) => ({
  date,
  marketValue,
  accumulatedProfit: '0.00',
})

describe('the holding chart', () => {
  it('shows no lone point for a single day', () => {
    render(<AssetTrendChart trend={[day('2026-11-25', '1000.00')] as never} trades={[]} />)
    expect(screen.queryByTestId('chart')).toBeNull()
    expect(screen.getByText('持有满两个交易日后展示走势')).toBeInTheDocument()
  })

  it('draws two days and more in the theme colour', () => {
    document.documentElement.style.setProperty('--adm-color-primary', '#14a0a0')
    render(
      <AssetTrendChart
        trend={[day('2026-11-24', '1000.00'), day('2026-11-25', '1010.00')] as never}
        trades={[]}
      />,
    )
    expect(screen.getByTestId('chart').dataset.color).toBe('#14a0a0')
    document.documentElement.style.removeProperty('--adm-color-primary')
  })
})
