import { DonutChart, PALETTE } from '@/components/charts/donut-chart'
import { formatPercent } from '@/lib/format'
import '@/components/product-page.css'

/** The composition donut (docs/product.md#screens-and-routes widgets) with its legend: weights by
 * asset class, or by fund. */
export function Composition({
  items,
  caption,
}: {
  items: { name: string; weight: string }[]
  caption?: string
}) {
  const slices = items.map((item, i) => ({
    name: item.name,
    value: Number(item.weight),
    color: PALETTE[i % PALETTE.length],
  }))
  return (
    <div className="pd-composition" data-testid="composition">
      <DonutChart items={slices} caption={caption} />
      <div className="pd-composition__legend">
        {slices.map((s, i) => (
          <div key={s.name} className="pd-composition__row">
            <span>
              <i className="pd-legend__dot" style={{ background: s.color }} />
              {s.name}
            </span>
            <span>{formatPercent(items[i].weight)}</span>
          </div>
        ))}
      </div>
    </div>
  )
}
