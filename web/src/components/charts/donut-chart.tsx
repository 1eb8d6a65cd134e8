import { useMemo } from 'react'
import type { EChartsOption } from 'echarts'
import { chartAnimation } from './animation'
import { EChart } from './echart'

export interface DonutItem {
  name: string
  /** A fraction (0.25 = 25 %). */
  value: number
  color: string
}

/** A composition donut (docs/product.md#screens-and-routes widgets) with a caption in its hole. */
export function DonutChart({
  items,
  caption,
  size = 140,
}: {
  items: DonutItem[]
  caption?: string
  size?: number
}) {
  const option = useMemo<EChartsOption>(
    () => ({
      animation: chartAnimation,
      title: caption
        ? {
            text: caption,
            left: 'center',
            top: 'center',
            textStyle: { fontSize: 12, color: '#696e78', fontWeight: 'normal' },
          }
        : undefined,
      series: [
        {
          type: 'pie',
          radius: ['58%', '88%'],
          avoidLabelOverlap: false,
          label: { show: false },
          labelLine: { show: false },
          silent: true,
          data: items.map((i) => ({ name: i.name, value: i.value, itemStyle: { color: i.color } })),
        },
      ],
    }),
    [items, caption],
  )
  return <EChart option={option} style={{ height: size, width: size }} />
}

/** Colours of chart series and slices, in order. */
export const PALETTE = [
  '#d6262d',
  '#3a6ff0',
  '#f08c2e',
  '#12824a',
  '#7a4cf0',
  '#13a8a8',
  '#d4a017',
  '#696e78',
]
