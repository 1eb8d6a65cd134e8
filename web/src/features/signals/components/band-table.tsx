import type { FollowPlan } from '../api/types'
import { bandRange } from '../lib/texts'

/** The multiple bands of docs/product.md#constants, as the server gives them: each buy signal
 * buys 跟车金额 × the multiple the lead manager chose within one band. */
export function BandTable({ bands }: { bands: FollowPlan['bands'] }) {
  return (
    <table className="sig-bands" data-testid="signal-bands">
      <thead>
        <tr>
          <th>发车倍数</th>
          <th>区间</th>
        </tr>
      </thead>
      <tbody>
        {bands.map((b) => (
          <tr key={b.band}>
            <td>{b.label}</td>
            <td>{bandRange(b.minRate, b.maxRate)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
