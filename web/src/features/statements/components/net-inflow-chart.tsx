import { useMemo } from 'react'
import ReactEChartsCore from 'echarts-for-react/esm/core'
import type { EChartsOption } from 'echarts'
import { BarChart } from 'echarts/charts'
import { LegendComponent } from 'echarts/components'
import { chartAnimation, echarts } from '@/components/charts/echarts'
import type { NetInflow } from '../api/types'

// Registered here, so the bar chart's code stays in this feature's lazily loaded chunk.
echarts.use([BarChart, LegendComponent])

/** Money in and out of each month as bars (资金进出). */
export function NetInflowChart({ data }: { data: NetInflow }) {
  const option = useMemo<EChartsOption>(
    () => ({
      animation: chartAnimation,
      grid: { left: 8, right: 8, top: 32, bottom: 4, containLabel: true },
      legend: { top: 0, itemWidth: 10, itemHeight: 10, textStyle: { fontSize: 11 } },
      tooltip: { trigger: 'axis' },
      xAxis: {
        type: 'category',
        data: data.months.map((m) => `${Number(m.month.slice(5))}月`),
        axisLabel: { fontSize: 10 },
      },
      yAxis: { type: 'value', axisLabel: { fontSize: 10 } },
      series: [
        {
          name: '流入',
          type: 'bar',
          itemStyle: { color: '#d6262d' },
          data: data.months.map((m) => Number(m.inflow)),
        },
        {
          name: '流出',
          type: 'bar',
          itemStyle: { color: '#12824a' },
          data: data.months.map((m) => -Number(m.outflow)),
        },
      ],
    }),
    [data],
  )
  return (
    <div data-testid="net-inflow-chart" role="img" aria-label="近12个月资金流入流出柱状图">
      <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height: 200 }} />
    </div>
  )
}
