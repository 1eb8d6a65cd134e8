/**
 * ECharts, tree-shaken (TOOLCHAIN): only the chart parts the app draws are registered.
 * The shared charts load it when they draw (./echart.tsx).
 */
import * as echarts from 'echarts/core'
import { LineChart, PieChart } from 'echarts/charts'
import { GridComponent, MarkPointComponent, TooltipComponent } from 'echarts/components'
import { CanvasRenderer } from 'echarts/renderers'

echarts.use([
  LineChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  MarkPointComponent,
  CanvasRenderer,
])

export { echarts }

export { chartAnimation } from './animation'
