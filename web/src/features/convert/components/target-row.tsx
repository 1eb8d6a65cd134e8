import { RightOutline } from 'antd-mobile-icons'
import { formatNav, formatPercent, trendColor } from '@/lib/format'
import type { ConvertTarget } from '../api/types'
import { riskText } from '../lib/convert-rules'

/** A fund the shares may go into: name, code, type and risk; 近1年 on the right; its NAV and
 * purchase fee rate (the basis of the 补差费) underneath. */
export function TargetRow({ target, onClick }: { target: ConvertTarget; onClick: () => void }) {
  return (
    <div
      className="convert-target"
      role="button"
      tabIndex={0}
      data-testid="convert-target"
      data-fund-code={target.fundCode}
      onClick={onClick}
    >
      <div className="convert-target__main">
        <div className="convert-target__name">{target.fundName}</div>
        <div className="convert-tags">
          <span className="convert-tag convert-tag--plain">{target.fundCode}</span>
          {target.fundTypeName && <span className="convert-tag">{target.fundTypeName}</span>}
          {riskText(target) && <span className="convert-tag">{riskText(target)}</span>}
        </div>
        <div className="convert-target__meta">
          净值 {formatNav(target.nav)}
          {target.navDate ? `（${target.navDate.slice(5)}）` : ''}
          <span className="convert-target__sep">|</span>
          买入费率 {formatPercent(target.purchaseFeeRate)}
        </div>
      </div>
      <div className="convert-target__side">
        <div className="convert-target__return" style={{ color: trendColor(target.yearReturn) }}>
          {formatPercent(target.yearReturn, { signed: true })}
        </div>
        <div className="convert-target__period">近1年</div>
      </div>
      <RightOutline className="convert-target__arrow" />
    </div>
  )
}
