import { DonutChart } from '@/components/charts/donut-chart'
import { formatPercent } from '@/lib/format'
import { donutItems, type Weighted } from '../lib/weights'

/** The composition donut with its legend (name and percentage per slice). */
export function Composition({ items, caption }: { items: Weighted[]; caption?: string }) {
  const slices = donutItems(items)
  if (slices.length === 0) return <p className="fa-muted">暂无持仓</p>
  return (
    <div className="fa-donut" data-testid="fa-composition">
      <DonutChart items={slices} caption={caption} size={120} />
      <ul className="fa-legend">
        {slices.map((s) => (
          <li key={s.name}>
            <i style={{ background: s.color }} />
            <span>{s.name}</span>
            <strong>{formatPercent(s.value)}</strong>
          </li>
        ))}
      </ul>
    </div>
  )
}
