/**
 * The chart parts the robo screens draw beyond the app's shared ones (components/charts): the
 * bars of the rolling-return distribution. Registered on the shared tree-shaken ECharts core
 * when a robo chart's chunk loads, so nothing of it reaches the first route.
 */
import { BarChart } from 'echarts/charts'
import { LegendComponent, MarkLineComponent } from 'echarts/components'
import { chartAnimation, echarts } from '@/components/charts/echarts'

echarts.use([BarChart, MarkLineComponent, LegendComponent])

export { chartAnimation, echarts }
