import { useNavigate } from 'react-router'
import type { SignalPage } from '../api/get-signals'
import { signalDetailPath } from '../lib/paths'
import { signalFigure, signalTypeText } from '../lib/texts'

/** One signal in a list: its day, its figure (1.5倍 or 卖出30%) and side, the start of its
 * description; a tap opens its detail. */
export function SignalRow({
  poCode,
  signal: s,
}: {
  poCode: string
  signal: SignalPage['list'][number]
}) {
  const navigate = useNavigate()
  return (
    <div
      className="sig-row"
      role="link"
      data-testid="signal-row"
      data-sig-id={s.sigId}
      onClick={() => navigate(signalDetailPath(poCode, s.sigId))}
    >
      <div className="sig-row__main">
        <div className="sig-row__date">{s.sigDate}</div>
        <div className="sig-row__desc">{s.description}</div>
      </div>
      <div className="sig-row__side">
        <div className={`sig-row__figure ${s.signalType === 'SELL' ? 'is-sell' : ''}`}>
          {signalFigure(s)}
        </div>
        <div className="sig-row__band">{signalTypeText(s)}</div>
      </div>
    </div>
  )
}
