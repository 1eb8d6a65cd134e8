import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons'
import Decimal from 'decimal.js'
import type { FinancialAccountList } from '@/features/financial-accounts'
import { formatMoney, formatSigned, toDecimal, trendColor } from '@/lib/format'

const MASK = '****'

function sum(
  list: FinancialAccountList,
  field: 'holdingAsset' | 'previousProfit' | 'accumulatedProfit',
) {
  return list.financialAccountList
    .reduce((acc, a) => acc.plus(toDecimal(a[field]) ?? 0), new Decimal(0))
    .toFixed(2)
}

interface Props {
  list: FinancialAccountList
  hidden: boolean
  onToggle: () => void
}

/** 总资产: the sum of every financial account (hidden ones included), with the eye toggle. */
export function AssetTotal({ list, hidden, onToggle }: Props) {
  const total = sum(list, 'holdingAsset')
  const previous = sum(list, 'previousProfit')
  const accumulated = sum(list, 'accumulatedProfit')
  const updating = list.financialAccountList.some((a) => a.profitProgress === 'UPDATING')
  return (
    <div className="mine-total">
      <div className="mine-total__label">
        总资产（元）
        <button type="button" onClick={onToggle} aria-label={hidden ? '显示金额' : '隐藏金额'}>
          {hidden ? <EyeInvisibleOutline /> : <EyeOutline />}
        </button>
      </div>
      <div className="mine-total__amount">{hidden ? MASK : formatMoney(total)}</div>
      <div className="mine-total__row">
        <span>
          昨日收益
          <strong style={{ color: hidden ? undefined : trendColor(previous) }}>
            {hidden ? MASK : updating ? '更新中' : formatSigned(previous)}
          </strong>
        </span>
        <span>
          累计收益
          <strong style={{ color: hidden ? undefined : trendColor(accumulated) }}>
            {hidden ? MASK : formatSigned(accumulated)}
          </strong>
        </span>
      </div>
    </div>
  )
}
