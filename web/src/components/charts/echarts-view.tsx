import ReactEChartsCore from 'echarts-for-react/esm/core'
import type { EChartProps } from './echart'
import { echarts } from './echarts'

/** A chart of the shared ECharts core (loaded by `EChart`, ./echart.tsx). Its options are
 * taken in one task and laid out and painted in the next frame (`lazyUpdate`), two tasks rather
 * than one long one. */
export default function EChartsView({ option, style, opts }: EChartProps) {
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      notMerge
      lazyUpdate
      style={style}
      opts={opts}
    />
  )
}
