import type { SmartBand } from '../api/types'
import { bandRange, currentBandIndex, multiplierText } from '../lib/smart'

/** The smart plan's band table: the index's deviation from its 250-day average and the
 * multiplier of each band, today's band marked. */
export function SmartBandTable({
  bands,
  deviation,
}: {
  bands: SmartBand[]
  deviation: string | null | undefined
}) {
  const current = currentBandIndex(bands, deviation)
  if (bands.length === 0) return null
  return (
    <table className="plan-bands" data-testid="smart-bands">
      <thead>
        <tr>
          <th>偏离250日均线</th>
          <th>倍数</th>
          <th>说明</th>
        </tr>
      </thead>
      <tbody>
        {bands.map((b, i) => (
          <tr
            key={`${b.lowerDeviation}-${b.upperDeviation}`}
            className={i === current ? 'is-current' : ''}
          >
            <td>{bandRange(b)}</td>
            <td>{multiplierText(b.multiplier)}</td>
            <td>
              {b.label}
              {i === current && <span className="plan-bands__now">当前</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
