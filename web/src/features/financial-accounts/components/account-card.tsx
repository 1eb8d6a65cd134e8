import { Tag } from 'antd-mobile'
import { serviceAccountTags, TAG_TERMINATED } from '@/lib/service-account'
import { formatMoney, formatSigned, trendColor } from '@/lib/format'
import type { FinancialAccount } from '../api/get-financial-accounts'

const MASK = '****'

interface Props {
  account: FinancialAccount
  hideAmounts?: boolean
  onClick?: () => void
}

/** One 理财账户 card: its 总资产 (the holdings and the purchases awaiting confirmation, as 我的's
 * total and the account's own page count it), latest (昨日) profit, holding profit and
 * cumulative profit. */
export function AccountCard({ account, hideAmounts, onClick }: Props) {
  const show = (text: string) => (hideAmounts ? MASK : text)
  const updating = account.profitProgress === 'UPDATING'
  const tags = serviceAccountTags(account.serviceAccountInfo)
  return (
    <div className="fa-card" role="button" tabIndex={0} onClick={onClick} data-testid="fa-card">
      <div className="fa-card__top">
        <span className="fa-card__name">
          {account.financialAccountName}
          {account.isDefault && (
            <Tag className="fa-card__tag" color="primary" fill="outline">
              默认
            </Tag>
          )}
          {tags.map((t) => (
            <Tag
              key={t}
              className="fa-card__tag"
              color={t === TAG_TERMINATED ? 'default' : 'warning'}
              fill="outline"
              data-testid="fa-card-tag"
            >
              {t}
            </Tag>
          ))}
          {account.isHidden && (
            <Tag className="fa-card__tag" color="default" fill="outline">
              已隐藏
            </Tag>
          )}
        </span>
        <span className="fa-card__updated">
          {updating ? '更新中' : account.updateDate ? `${account.updateDate.slice(5)} 更新` : ''}
        </span>
      </div>
      <div className="fa-card__amount">
        {show(formatMoney(account.totalAsset ?? account.holdingAsset))}
      </div>
      <div className="fa-card__figures">
        <div className="fa-card__figure">
          <span>昨日收益</span>
          <strong style={{ color: hideAmounts ? undefined : trendColor(account.previousProfit) }}>
            {show(formatSigned(account.previousProfit))}
          </strong>
        </div>
        <div className="fa-card__figure">
          <span>持有收益</span>
          <strong style={{ color: hideAmounts ? undefined : trendColor(account.holdingProfit) }}>
            {show(formatSigned(account.holdingProfit))}
          </strong>
        </div>
        <div className="fa-card__figure">
          <span>累计收益</span>
          <strong
            style={{ color: hideAmounts ? undefined : trendColor(account.accumulatedProfit) }}
          >
            {show(formatSigned(account.accumulatedProfit))}
          </strong>
        </div>
      </div>
    </div>
  )
}
