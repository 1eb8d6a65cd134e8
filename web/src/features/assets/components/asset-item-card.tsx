import { formatMoney, formatPercent, formatSigned, toDecimal, trendColor } from '@/lib/format'
import type { AssetItem } from '../api/types'
import { AssetTags } from './asset-tags'
import { MASK } from './masked'

interface Props {
  item: AssetItem
  hideAmounts: boolean
  /** Today's NAVs are not all in: 昨日收益 reads 更新中. */
  updating: boolean
  onClick: () => void
}

/** One holding of 账户持仓: its name and tags, 持仓金额, 昨日收益, 持有收益 with its rate and
 * 累计收益, the money still waiting for confirmation and the shares being sold (卖出中). */
export function AssetItemCard({ item, hideAmounts, updating, onClick }: Props) {
  const show = (text: string) => (hideAmounts ? MASK : text)
  const color = (v: unknown) => (hideAmounts ? undefined : trendColor(v))
  const pending = toDecimal(item.pendingAmount)
  const selling = toDecimal(item.redeemingShares)
  return (
    <div
      className="asset-item"
      role="button"
      tabIndex={0}
      onClick={onClick}
      data-testid="asset-item"
    >
      <div className="asset-item__name">
        <span>{item.productName}</span>
        <AssetTags tags={item.tags} />
      </div>
      <div className="asset-item__figures">
        <div>
          <span>持仓金额</span>
          <strong>{show(formatMoney(item.holdingAsset))}</strong>
        </div>
        <div>
          <span>昨日收益</span>
          {updating ? (
            <strong className="asset-updating">更新中</strong>
          ) : (
            <strong style={{ color: color(item.preProfit) }}>
              {show(formatSigned(item.preProfit))}
            </strong>
          )}
        </div>
        <div>
          <span>持有收益</span>
          <strong style={{ color: color(item.holdingProfit) }}>
            {show(formatSigned(item.holdingProfit))}
          </strong>
          <em style={{ color: color(item.holdingProfitRate) }}>
            {show(formatPercent(item.holdingProfitRate, { signed: true }))}
          </em>
        </div>
        <div>
          <span>累计收益</span>
          <strong style={{ color: color(item.accProfit) }}>
            {show(formatSigned(item.accProfit))}
          </strong>
        </div>
      </div>
      {pending && pending.gt(0) && (
        <div className="asset-item__pending">待确认 {show(formatMoney(pending))} 元</div>
      )}
      {item.isRedeeming && (
        <div className="asset-item__pending" data-testid="asset-item-selling">
          {/* a portfolio's funds' shares do not add up: no figure for it */}
          {selling ? `卖出中 ${show(formatMoney(selling))} 份` : '卖出中'}
        </div>
      )}
    </div>
  )
}
