import { formatPercent, trendColor } from '@/lib/format'
import '@/components/product-page.css'

/** A labelled figure; rates (decimal strings) show as signed percentages in trend colour. */
export function Figure({
  label,
  value,
  rate = false,
  signed = true,
  big = false,
  align = 'left',
}: {
  label: string
  value: string | null | undefined
  rate?: boolean
  /** Returns carry their sign; a yield does not. */
  signed?: boolean
  big?: boolean
  align?: 'left' | 'right' | 'center'
}) {
  return (
    <div style={{ textAlign: align }}>
      <div className="pd-figure__label">{label}</div>
      <div
        className={`pd-figure__value${big ? ' pd-figure__value--big' : ''}`}
        style={rate ? { color: signed ? trendColor(value) : 'var(--app-rise)' } : undefined}
      >
        {rate ? formatPercent(value, { signed }) : (value ?? '--')}
      </div>
    </div>
  )
}

/** A signed percentage in trend colour (returns). */
export function Rate({ value }: { value: string | null | undefined }) {
  return <span style={{ color: trendColor(value) }}>{formatPercent(value, { signed: true })}</span>
}
