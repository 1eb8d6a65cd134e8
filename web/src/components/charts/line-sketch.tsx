import './line-sketch.css'

/** A series as LineChart takes it (./line-chart.tsx). */
interface SketchSeries {
  name: string
  color: string
  points: [string, number][]
  area?: boolean
}

/** A marker's pin at a point of the main series. */
export interface SketchPin {
  index: number
  color: string
  key: string
}

/** Where LineChart's ECharts grid puts the plot (its `grid`), kept here so both draw alike. */
export const GRID = { left: 8, right: 16, top: 16, bottom: 8 }
const LABEL_FONT_PX = 10
/** The x labels' line under the plot, and the gap between the labels and the axis. */
const X_LABEL_PX = 14
const LABEL_GAP_PX = 8
/** Half a label's height: ECharts' `containLabel` keeps the top value label, centred on its
 * line, inside the grid, and as much again under the dates. */
const HALF_LABEL_PX = 5

/** ECharts' "nice" step (numberUtil.nice, rounded): 1, 2, 3, 5 or 10 times a power of ten. */
export function niceStep(value: number): number {
  const exponent = Math.floor(Math.log10(value))
  const power = 10 ** exponent
  const f = value / power
  const nf = f < 1.5 ? 1 : f < 2.5 ? 2 : f < 4 ? 3 : f < 7 ? 5 : 10
  return Number((nf * power).toFixed(Math.max(0, -exponent)))
}

/** The value axis as ECharts draws it with `scale: true, splitNumber: 4`: the data's extent
 * widened to whole steps, and a tick at each step. */
export function valueTicks(min: number, max: number, splitNumber = 4): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return []
  if (min === max) {
    const pad = Math.abs(min) / 2 || 1
    min -= pad
    max += pad
  }
  const step = niceStep((max - min) / splitNumber)
  const digits = Math.max(0, -Math.floor(Math.log10(step))) + 2
  const first = Math.floor(min / step) * step
  const last = Math.ceil(max / step) * step
  const ticks: number[] = []
  for (let v = first; v <= last + step / 2; v += step) ticks.push(Number(v.toFixed(digits)) || 0)
  return ticks
}

/** An SVG path through the points, scaled to a width × height box (x by index, y by value
 * between `lo` (bottom) and `hi` (top)); a missing value (NaN) breaks the line. */
export function linePath(
  values: number[],
  lo: number,
  hi: number,
  width: number,
  height: number,
): string {
  const step = values.length > 1 ? width / (values.length - 1) : 0
  const span = hi - lo || 1
  let path = ''
  let pen = false
  values.forEach((v, i) => {
    if (!Number.isFinite(v)) {
      pen = false
      return
    }
    const x = (i * step).toFixed(1)
    const y = (height - ((v - lo) / span) * height).toFixed(1)
    path += `${pen ? 'L' : 'M'}${x} ${y}`
    pen = true
  })
  return path
}

/** The rough width of a label at 10 px: digits and signs narrow, CJK characters full. */
function labelWidth(text: string): number {
  let em = 0
  for (const ch of text)
    em += /[0-9]/.test(ch) ? 0.56 : /[.\-+]/.test(ch) ? 0.34 : ch === '%' ? 0.84 : 1
  return Math.ceil(em * LABEL_FONT_PX)
}

/** The x labels ECharts shows: every `interval + 1`th, the last one always. */
function xLabelIndexes(count: number): number[] {
  if (count === 0) return []
  const every = Math.max(0, Math.floor(count / 3) - 1) + 1
  const shown: number[] = []
  for (let i = 0; i < count; i += every) shown.push(i)
  if (shown[shown.length - 1] !== count - 1) {
    // the last label replaces a neighbour it would overlap (ECharts' hideOverlap)
    if (count - 1 - shown[shown.length - 1] < every / 2) shown.pop()
    shown.push(count - 1)
  }
  return shown
}

/** Plot coordinates: a 1000-wide box, stretched to the plot's width (the SVG's lines keep
 * their stroke width as it stretches); the height is the plot's own in pixels. */
const BOX_WIDTH = 1000

/**
 * The first drawing of a line chart (./line-chart.tsx), by the app's own small code: lines,
 * the main series' area, the value axis's ticks and split lines, the date labels and the
 * markers' pins, laid out as LineChart's ECharts grid lays them out. Nothing is measured: the
 * height is given, the widths are percentages of the box, so drawing it costs one short
 * render rather than ECharts' evaluation, options and first drawing (docs/architecture.md#first-load).
 */
export function LineSketch({
  series,
  pins,
  height,
  dates,
  format,
  dateLabel,
  label,
}: {
  series: SketchSeries[]
  pins: SketchPin[]
  height: number
  dates: string[]
  /** A value axis label. */
  format: (value: number) => string
  dateLabel: (date: string) => string
  /** What the chart shows, for a screen reader. */
  label: string
}) {
  const values = series.flatMap((s) => s.points.map((p) => p[1]).filter(Number.isFinite))
  const ticks = valueTicks(Math.min(...values), Math.max(...values))
  const lo = ticks[0] ?? 0
  const hi = ticks[ticks.length - 1] ?? 1
  const top = GRID.top + HALF_LABEL_PX
  const plotHeight = height - top - GRID.bottom - X_LABEL_PX - HALF_LABEL_PX
  const left = GRID.left + Math.max(0, ...ticks.map((t) => labelWidth(format(t)))) + LABEL_GAP_PX
  // the last date is centred on the plot's end: the plot stops where it fits (containLabel)
  const lastDate = dates.length ? dateLabel(dates[dates.length - 1]) : ''
  const right = GRID.right + Math.ceil(labelWidth(lastDate) / 2)
  const y = (v: number) => plotHeight - ((v - lo) / (hi - lo || 1)) * plotHeight
  const main = series[0]?.points.map((p) => p[1]) ?? []
  const base = lo <= 0 && hi >= 0 ? 0 : lo > 0 ? lo : hi
  const last = main.length - 1
  const x = (i: number) => (last > 0 ? (i / last) * 100 : 0)
  const mainPath = linePath(main, lo, hi, BOX_WIDTH, plotHeight)
  const areaOf = (s: SketchSeries) => {
    if (!s.area) return null
    const drawn = s.points.flatMap((p, i) => (Number.isFinite(p[1]) ? [i] : []))
    const first = drawn.length ? drawn[0] : -1
    const end = drawn[drawn.length - 1]
    if (first < 0) return null
    const step = last > 0 ? BOX_WIDTH / last : 0
    const bottom = y(base).toFixed(1)
    return `${mainPath}L${(end * step).toFixed(1)} ${bottom}L${(first * step).toFixed(1)} ${bottom}Z`
  }
  return (
    <div className="line-sketch" style={{ height }} role="img" aria-label={label}>
      {ticks.map((t) => (
        <span
          key={t}
          className="line-sketch__y"
          style={{ top: top + y(t), right: `calc(100% - ${left - LABEL_GAP_PX}px)` }}
        >
          {format(t)}
        </span>
      ))}
      <div className="line-sketch__plot" style={{ left, right, top, height: plotHeight }}>
        <svg
          width="100%"
          height={plotHeight}
          viewBox={`0 0 ${BOX_WIDTH} ${plotHeight}`}
          preserveAspectRatio="none"
          aria-hidden="true"
        >
          {ticks.map((t) => (
            <line
              key={t}
              x1={0}
              x2={BOX_WIDTH}
              y1={y(t)}
              y2={y(t)}
              stroke={t === lo ? '#e5e6eb' : '#f2f3f5'}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {series.map((s, index) => {
            const area = areaOf(s)
            return (
              <g key={s.name + index}>
                {area && index === 0 && <path d={area} fill={s.color} fillOpacity={0.08} />}
                <path
                  d={
                    index === 0
                      ? mainPath
                      : linePath(
                          s.points.map((p) => p[1]),
                          lo,
                          hi,
                          BOX_WIDTH,
                          plotHeight,
                        )
                  }
                  fill="none"
                  stroke={s.color}
                  strokeWidth={index === 0 ? 2 : 1.2}
                  strokeLinejoin="round"
                  vectorEffect="non-scaling-stroke"
                />
              </g>
            )
          })}
        </svg>
        {pins
          .filter((pin) => Number.isFinite(main[pin.index]))
          .map((pin) => (
            <svg
              key={pin.key}
              className="line-sketch__pin"
              style={{ left: `${x(pin.index)}%`, top: y(main[pin.index]) }}
              width="22"
              height="22"
              viewBox="0 0 22 22"
              aria-hidden="true"
            >
              <path
                d="M11 22C11 22 3 13.5 3 8.5a8 8 0 0 1 16 0C19 13.5 11 22 11 22Z"
                fill={pin.color}
              />
            </svg>
          ))}
        {xLabelIndexes(dates.length).map((i) => (
          <span
            key={i}
            className="line-sketch__x"
            style={{ left: `${x(i)}%`, top: plotHeight + LABEL_GAP_PX }}
          >
            {dateLabel(dates[i])}
          </span>
        ))}
      </div>
    </div>
  )
}
