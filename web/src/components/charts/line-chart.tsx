import { useMemo, useState } from 'react'
import type { EChartsOption } from 'echarts'
import { chartAnimation } from './animation'
import { EChart } from './echart'
import { GRID, LineSketch } from './line-sketch'

export interface LineSeries {
  name: string
  color: string
  /** [date, value] in time order; values are plain numbers for drawing only. */
  points: [string, number][]
  area?: boolean
}

export interface ChartMarker {
  date: string
  label: string
  color: string
}

interface Props {
  series: LineSeries[]
  markers?: ChartMarker[]
  /** Values are fractions shown as percentages (0.05 → 5.00%). */
  percent?: boolean
  decimals?: number
  height?: number
  /** What the chart shows, for a screen reader (its first drawing is an image). */
  label?: string
}

function formatValue(value: number, percent: boolean, decimals: number): string {
  return percent ? `${(value * 100).toFixed(decimals)}%` : value.toFixed(decimals)
}

/** An axis tick: no needless decimals ("18000", not "18000.00"), 万 from 10000 on (docs/product.md#validation
 * display); percentages as every percentage, with two decimals. */
export function axisLabel(value: number, percent: boolean, decimals: number): string {
  if (percent) return formatValue(value, true, 2)
  if (Math.abs(value) >= 10_000) return `${Number((value / 10_000).toFixed(2))}万`
  return String(Number(value.toFixed(decimals)))
}

/** Where a marker sits: the last point on or before its date. */
function markerIndex(dates: string[], date: string): number {
  let found = -1
  for (let i = 0; i < dates.length; i++) {
    if (dates[i] <= date) found = i
    else break
  }
  return found
}

/** At most this many pins of one kind across the chart's width: a weekly 定投's 买入 over a year
 * would otherwise be 50 pins, one over the other, hiding the line. */
export const MAX_PINS_OF_A_KIND = 12

/** The markers placed at their points (``i``), thinned: a marker closer than the chart's width
 * over MAX_PINS_OF_A_KIND to the last kept pin of its kind (its label and colour) joins that
 * pin, which then reads "买入（3次）". Markers of different kinds never merge. */
export function thinPins(
  placed: { m: ChartMarker; i: number }[],
  points: number,
): { m: ChartMarker; i: number }[] {
  const gap = Math.ceil(points / MAX_PINS_OF_A_KIND)
  const kept: { m: ChartMarker; i: number; n: number }[] = []
  const last = new Map<string, { m: ChartMarker; i: number; n: number }>()
  for (const p of placed) {
    const kind = `${p.m.label}|${p.m.color}`
    const pin = last.get(kind)
    if (pin && p.i - pin.i < gap) {
      pin.n += 1
      continue
    }
    const next = { ...p, n: 1 }
    kept.push(next)
    last.set(kind, next)
  }
  return kept.map(({ m, i, n }) => ({ m: n > 1 ? { ...m, label: `${m.label}（${n}次）` } : m, i }))
}

/** A date on the axis: a span of about a year or more (over 300 days) shows years and months,
 * a shorter one months and days; 近1年 in months and days would begin and end on the same
 * day (11-27 … 11-27). */
export function dateLabelOf(dates: string[]): (date: string) => string {
  const long =
    dates.length > 1 &&
    Date.parse(dates[dates.length - 1]) - Date.parse(dates[0]) > 300 * 86_400_000
  return (date) => (long ? date.slice(0, 7) : date.slice(5))
}

/** A line chart of one or more series on shared dates, with pins for dated events (调仓,
 * 发车, 买入, 分红). It is first drawn by the app's own small code (LineSketch: lines, area,
 * axes, pins); ECharts, with its tooltip, loads and takes the box over when the chart is first
 * touched or hovered (docs/architecture.md#first-load). */
export function LineChart({
  series,
  markers = [],
  percent = true,
  decimals = 2,
  height = 220,
  label = '走势图',
}: Props) {
  const [live, setLive] = useState(false)
  const dates = useMemo(() => series[0]?.points.map((p) => p[0]) ?? [], [series])
  const dateLabel = useMemo(() => dateLabelOf(dates), [dates])
  const placed = useMemo(
    () =>
      thinPins(
        markers
          .map((m) => ({ m, i: markerIndex(dates, m.date) }))
          .filter(({ i }) => i >= 0)
          .sort((a, b) => a.i - b.i),
        dates.length,
      ),
    [dates, markers],
  )
  const option = useMemo<EChartsOption>(() => {
    const main = series[0]?.points ?? []
    const pins = placed.map(({ m, i }) => ({
      coord: [dates[i], main[i][1]],
      name: m.label,
      value: m.label,
      itemStyle: { color: m.color },
      label: { show: false },
    }))
    return {
      animation: chartAnimation,
      grid: { ...GRID, containLabel: true },
      tooltip: {
        trigger: 'axis',
        confine: true,
        valueFormatter: (v) =>
          typeof v === 'number' ? formatValue(v, percent, decimals) : String(v),
      },
      xAxis: {
        type: 'category',
        data: dates,
        boundaryGap: false,
        axisLabel: {
          color: '#696e78',
          fontSize: 10,
          showMinLabel: true,
          showMaxLabel: true,
          interval: Math.max(0, Math.floor(dates.length / 3) - 1),
          formatter: dateLabel,
          hideOverlap: true,
        },
        axisLine: { lineStyle: { color: '#e5e6eb' } },
        axisTick: { show: false },
      },
      yAxis: {
        type: 'value',
        scale: true,
        splitNumber: 4,
        axisLabel: {
          color: '#696e78',
          fontSize: 10,
          formatter: (v: number) => axisLabel(v, percent, decimals),
        },
        splitLine: { lineStyle: { color: '#f2f3f5' } },
      },
      series: series.map((s, index) => ({
        type: 'line',
        name: s.name,
        data: s.points.map((p) => p[1]),
        showSymbol: false,
        smooth: false,
        lineStyle: { width: index === 0 ? 2 : 1.2, color: s.color },
        itemStyle: { color: s.color },
        areaStyle: s.area ? { color: s.color, opacity: 0.08 } : undefined,
        markPoint:
          index === 0 && pins.length
            ? { symbol: 'pin', symbolSize: 22, data: pins, animation: chartAnimation }
            : undefined,
      })),
    }
  }, [dates, dateLabel, placed, series, percent, decimals])

  const sketch = (
    <LineSketch
      series={series}
      pins={placed.map(({ m, i }) => ({ index: i, color: m.color, key: `${m.date}${m.label}` }))}
      height={height}
      dates={dates}
      format={(v) => axisLabel(v, percent, decimals)}
      dateLabel={dateLabel}
      label={label}
    />
  )
  if (!live) {
    return (
      <div onPointerDown={() => setLive(true)} onMouseEnter={() => setLive(true)}>
        {sketch}
      </div>
    )
  }
  return (
    <EChart
      option={option}
      style={{ height, width: '100%' }}
      opts={{ renderer: 'canvas' }}
      placeholder={sketch}
    />
  )
}
