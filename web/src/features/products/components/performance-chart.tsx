import { useState } from 'react'
import { DotLoading } from 'antd-mobile'
import { LineChart, type ChartMarker, type LineSeries } from '@/components/charts/line-chart'
import { formatPercent, trendColor } from '@/lib/format'
import { useNavSeries, type NavSeries } from '../api/get-nav-series'
import { PeriodTabs, type PeriodKey } from './period-tabs'
import '@/components/product-page.css'

const MARKER_COLORS: Record<string, string> = {
  adjust: '#3a6ff0',
  signal: '#f08c2e',
  buy: '#d6262d',
  dividend: '#7a4cf0',
}
const MARKER_NAMES: Record<string, string> = {
  adjust: '调仓',
  signal: '发车',
  buy: '买入',
  dividend: '分红',
}

/** The chart's height; its box keeps it while the series loads, so nothing under it moves. */
const CHART_HEIGHT = 220

/** What a chart of the series shows: cumulative returns (with the benchmark), unit NAVs, or
 * for money-market funds the 7-day yield or 万份收益. */
export type ChartMode = 'return' | 'nav' | 'yield' | 'income'

function toSeries(data: NavSeries, mode: ChartMode, name: string): LineSeries[] {
  const pick = (value: string | null | undefined) =>
    value === null || value === undefined ? NaN : Number(value)
  if (mode === 'nav')
    return [
      { name: '单位净值', color: '#3a6ff0', points: data.points.map((p) => [p.date, pick(p.nav)]) },
    ]
  if (mode === 'yield')
    return [
      {
        name: '七日年化',
        color: '#d6262d',
        area: true,
        points: data.points.map((p) => [p.date, pick(p.yield7d)]),
      },
    ]
  if (mode === 'income')
    return [
      {
        name: '万份收益',
        color: '#d6262d',
        area: true,
        points: data.points.map((p) => [p.date, pick(p.incomePer10k)]),
      },
    ]
  const series: LineSeries[] = [
    {
      name,
      color: '#d6262d',
      area: true,
      points: data.points.map((p) => [p.date, Number(p.value)]),
    },
  ]
  if (
    data.benchmarkName &&
    data.points.some((p) => p.benchmark !== null && p.benchmark !== undefined)
  ) {
    series.push({
      name: data.benchmarkName,
      color: '#696e78',
      points: data.points.map((p) => [p.date, pick(p.benchmark)]),
    })
  }
  return series
}

interface Props {
  productCode: string
  productType?: string
  algorithmType?: string
  mode?: ChartMode
  name?: string
  defaultPeriod?: PeriodKey
}

/** A product's chart over a period with the period tabs, its return against the benchmark,
 * and the markers of adjustments, signals, dividends and the viewer's own purchases. A series
 * that cannot be fetched shows as empty, quietly (docs/api.md#generic-responses). */
export function PerformanceChart({
  productCode,
  productType,
  algorithmType,
  mode = 'return',
  name = '本产品',
  defaultPeriod = '1y',
}: Props) {
  const [period, setPeriod] = useState<PeriodKey>(defaultPeriod)
  const query = useNavSeries({ productCode, productType, period, algorithmType })
  const data = query.data
  const series = data ? toSeries(data, mode, name) : []
  const markers: ChartMarker[] = (data?.markers ?? []).map((m) => ({
    date: m.date,
    label: m.title,
    color: MARKER_COLORS[m.type] ?? '#696e78',
  }))
  const kinds = [...new Set((data?.markers ?? []).map((m) => m.type))]
  return (
    <div data-testid="performance-chart">
      {mode === 'return' && (
        // the legend's line is kept while the series loads (no layout shift)
        <div className="pd-legend">
          {data && data.points.length > 0 && (
            <>
              <span>
                <i className="pd-legend__dot" style={{ background: '#d6262d' }} />
                {name}{' '}
                <b style={{ color: trendColor(data.periodReturn) }}>
                  {formatPercent(data.periodReturn, { signed: true })}
                </b>
              </span>
              {data.benchmarkName && (
                <span>
                  <i className="pd-legend__dot" style={{ background: '#696e78' }} />
                  {data.benchmarkName} {formatPercent(data.benchmarkReturn, { signed: true })}
                </span>
              )}
              {kinds.map((k) => (
                <span key={k}>
                  <i className="pd-legend__dot" style={{ background: MARKER_COLORS[k] }} />
                  {MARKER_NAMES[k] ?? k}
                </span>
              ))}
            </>
          )}
        </div>
      )}
      {query.isPending ? (
        <div className="pd-chart-empty" style={{ height: CHART_HEIGHT }}>
          <DotLoading color="primary" />
        </div>
      ) : !data || data.points.length === 0 ? (
        <div className="pd-chart-empty" style={{ height: CHART_HEIGHT }}>
          暂无走势数据
        </div>
      ) : (
        <LineChart
          height={CHART_HEIGHT}
          label={`${name}走势图`}
          series={series}
          markers={mode === 'return' ? markers : []}
          percent={mode === 'return' || mode === 'yield'}
          decimals={mode === 'nav' || mode === 'income' ? 4 : 2}
        />
      )}
      <PeriodTabs value={period} onChange={setPeriod} />
    </div>
  )
}
