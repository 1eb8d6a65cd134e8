import { lazy, Suspense, type CSSProperties, type ReactNode } from 'react'
import type { EChartsOption } from 'echarts'
import { nextTask } from '@/lib/next-task'

export interface EChartProps {
  option: EChartsOption
  /** The chart's box; it is kept while the chart library loads. */
  style: CSSProperties
  opts?: { renderer?: 'canvas' | 'svg' }
  /** What the box shows while the chart library loads (empty by default). */
  placeholder?: ReactNode
}

// The chart library (≈ 180 KiB gzip) comes after the screen that shows a chart, and is drawn
// in a task after the one that evaluates it: the screen, the library and the drawing are three
// shorter tasks rather than one long one (docs/architecture.md#first-load).
const EChartsView = lazy(async () => {
  const view = await import('./echarts-view')
  await nextTask()
  return view
})

/** A chart of the app's tree-shaken ECharts (./echarts.ts), loaded when first drawn. */
export function EChart({ placeholder, ...props }: EChartProps) {
  return (
    <Suspense fallback={placeholder ?? <div style={props.style} />}>
      <EChartsView {...props} />
    </Suspense>
  )
}
