/**
 * ECharts, tree-shaken (TOOLCHAIN): only the chart parts the app draws are registered.
 * Browser tests run with navigator.webdriver set; charts there are drawn without animation so
 * screenshots show them complete.
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

export const chartAnimation = typeof navigator === 'undefined' || !navigator.webdriver
