import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons'
import type { AccountAsset } from '@/features/assets'
import { formatMoney, formatSigned, toDecimal, trendColor } from '@/lib/format'

const MASK = '****'

interface Props {
  asset: AccountAsset
  hidden: boolean
  onToggle: () => void
}

/** 总资产 of every financial account (hidden ones included), as the server sums it: the
 * holdings and the money still awaiting confirmation, shown as such; with the eye toggle. */
export function AssetTotal({ asset, hidden, onToggle }: Props) {
  const updating = asset.profitProgress === 'UPDATING'
  const pending = toDecimal(asset.pendingAmount)
  return (
    <div className="mine-total">
      <div className="mine-total__label">
        总资产（元）
        <button type="button" onClick={onToggle} aria-label={hidden ? '显示金额' : '隐藏金额'}>
          {hidden ? <EyeInvisibleOutline /> : <EyeOutline />}
        </button>
      </div>
      <div className="mine-total__amount" data-testid="total-asset">
        {hidden ? MASK : formatMoney(asset.totalAsset)}
      </div>
      {pending && pending.gt(0) && (
        <div className="mine-total__pending" data-testid="total-pending">
          含待确认 {hidden ? MASK : formatMoney(pending)} 元
        </div>
      )}
      <div className="mine-total__row">
        <span>
          昨日收益
          <strong style={{ color: hidden ? undefined : trendColor(asset.previousProfit) }}>
            {hidden ? MASK : updating ? '更新中' : formatSigned(asset.previousProfit)}
          </strong>
        </span>
        <span>
          累计收益
          <strong style={{ color: hidden ? undefined : trendColor(asset.accumulatedProfit) }}>
            {hidden ? MASK : formatSigned(asset.accumulatedProfit)}
          </strong>
        </span>
      </div>
    </div>
  )
}
