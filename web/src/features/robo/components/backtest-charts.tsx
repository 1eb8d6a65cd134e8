/**
 * The backtest's charts (docs/robo.md "Backtest"): the fan of outcomes by holding time (5th–95th
 * and 25th–75th percentile bands around the median) and the distribution of the rolling
 * returns over the plan's horizon, losses in green (docs/product.md#validation colours).
 */
import { useMemo } from 'react'
import ReactEChartsCore from 'echarts-for-react/esm/core'
import type { EChartsOption } from 'echarts'
import { chartAnimation, echarts } from './echarts-parts'
import {
  distributionBars,
  fanBands,
  fanLabelShown,
  type Bucket,
  type OutcomePoint,
} from '../lib/backtest'

const pct = (v: number, d = 1) => `${(v * 100).toFixed(d)}%`
const AXIS = { color: '#696e78', fontSize: 10 }

export function FanChart({ points, height = 220 }: { points: OutcomePoint[]; height?: number }) {
  const option = useMemo<EChartsOption>(() => {
    const f = fanBands(points)
    const band = (name: string, data: number[], opacity: number) => ({
      type: 'line' as const,
      name,
      data,
      stack: 'fan',
      symbol: 'none',
      lineStyle: { width: 0 },
      areaStyle: { color: '#d6262d', opacity },
      silent: true,
    })
    return {
      animation: chartAnimation,
      grid: { left: 8, right: 16, top: 24, bottom: 8, containLabel: true },
      legend: { show: false },
      xAxis: {
        type: 'category',
        data: f.labels,
        boundaryGap: false,
        axisLabel: AXIS,
        axisTick: { show: false },
        axisLine: { lineStyle: { color: '#e5e6eb' } },
      },
      yAxis: {
        type: 'value',
        axisLabel: { ...AXIS, formatter: (v: number) => pct(v, 0) },
        splitLine: { lineStyle: { color: '#f2f3f5' } },
      },
      series: [
        { ...band('base', f.base, 0), areaStyle: { opacity: 0 } },
        band('5%–25%', f.lowBand, 0.12),
        band('25%–50%', f.lowerMid, 0.25),
        band('50%–75%', f.upperMid, 0.25),
        band('75%–95%', f.highBand, 0.12),
        {
          type: 'line',
          name: '中位数',
          data: f.median,
          symbol: 'circle',
          symbolSize: 4,
          lineStyle: { width: 2, color: '#d6262d' },
          itemStyle: { color: '#d6262d' },
          label: {
            show: true,
            position: 'top',
            fontSize: 10,
            color: '#d6262d',
            formatter: (p: { value?: unknown; dataIndex?: number }) =>
              fanLabelShown(p.dataIndex ?? 0, f.median.length) ? pct(Number(p.value)) : '',
          },
          markLine: {
            silent: true,
            symbol: 'none',
            lineStyle: { color: '#12824a', type: 'dashed' },
            label: { show: false },
            data: [{ yAxis: 0 }],
          },
        },
      ],
    }
  }, [points])
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      notMerge
      style={{ height, width: '100%' }}
    />
  )
}

export function DistributionChart({
  buckets,
  height = 180,
}: {
  buckets: Bucket[]
  height?: number
}) {
  const option = useMemo<EChartsOption>(() => {
    const bars = distributionBars(buckets)
    return {
      animation: chartAnimation,
      grid: { left: 28, right: 8, top: 16, bottom: 8, containLabel: true },
      xAxis: {
        type: 'category',
        data: bars.map((b) => b.label),
        axisLabel: { ...AXIS, rotate: 40, fontSize: 9 },
        axisTick: { show: false },
      },
      yAxis: {
        type: 'value',
        axisLabel: { ...AXIS, formatter: (v: number) => pct(v, 0) },
        splitLine: { lineStyle: { color: '#f2f3f5' } },
      },
      series: [
        {
          type: 'bar',
          barCategoryGap: '15%',
          data: bars.map((b) => ({
            value: b.share,
            itemStyle: { color: b.loss ? '#12824a' : '#d6262d' },
          })),
        },
      ],
    }
  }, [buckets])
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      notMerge
      style={{ height, width: '100%' }}
    />
  )
}
