import { Button, List } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { accountTypeName } from '@/lib/account-paths'
import { formatMoney, formatSigned, trendColor } from '@/lib/format'
import { serverToday } from '@/lib/server-clock'
import { useAccountAssetList, type AccountAssetItem } from '../api/get-account-asset-list'
import { getTransferCenter } from '../api/get-transfer-center'
import { ReturnsCard } from '../components/returns-card'
import { accountPath } from '../lib/links'
import '../assets.css'

function Figures({ item }: { item: AccountAssetItem }) {
  const rows: [string, string, string | null][] = [
    ['总资产', formatMoney(item.totalAsset), null],
    ['持有金额', formatMoney(item.holdingAsset), null],
    ['待确认金额', formatMoney(item.pendingAmount), null],
    ['持有收益', formatSigned(item.holdingProfit), item.holdingProfit],
    ['累计收益', formatSigned(item.accumulatedProfit), item.accumulatedProfit],
    ['昨日收益', formatSigned(item.previousProfit), item.previousProfit],
  ]
  return (
    <div className="asset-card" data-testid="account-figures">
      <div className="asset-card__title">
        {item.financialAccountName}
        <span className="account-detail__type">
          {accountTypeName(item.financialAccountType)}
          {item.isHidden ? '·已隐藏' : ''}
        </span>
      </div>
      <div className="account-detail__grid">
        {rows.map(([name, text, trend]) => (
          <div key={name}>
            <strong style={trend === null ? undefined : { color: trendColor(trend) }}>
              {text}
            </strong>
            <span>{name}</span>
          </div>
        ))}
      </div>
      <p className="account-detail__note">
        开户日期 {item.createdAt}
        {item.updateDate ? `，收益更新至 ${item.updateDate}` : ''}
      </p>
    </div>
  )
}

/** /accountDetail (financialAccountId; without it, every account to pick from): an account's
 * figures and its three returns over the period the user picks (docs/rules.md#returns). */
export default function AccountDetailPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const id = Number(params.get('financialAccountId')) || null
  const query = useAccountAssetList()
  return (
    <div className="asset-page">
      <QueryView
        query={query}
        rows={6}
        isEmpty={(items) => items.length === 0}
        emptyTitle="暂无理财账户"
      >
        {(items) => {
          const item = id === null ? null : items.find((i) => i.financialAccountId === id)
          if (id !== null && !item) {
            return <div className="asset-chart-empty">该账户不存在</div>
          }
          if (item) {
            return (
              <>
                <Figures item={item} />
                <ReturnsCard
                  financialAccountId={item.financialAccountId}
                  lastDay={item.updateDate ?? serverToday()}
                />
                <div className="asset-card">
                  <Button
                    block
                    onClick={async () => {
                      const jump = await getTransferCenter().catch(() => null)
                      if (jump) window.location.assign(jump.url)
                    }}
                  >
                    转账中心
                  </Button>
                </div>
              </>
            )
          }
          return (
            <List header="我的账户" data-testid="account-list">
              {items.map((i) => (
                <List.Item
                  key={i.financialAccountId}
                  description={accountTypeName(i.financialAccountType)}
                  extra={formatMoney(i.totalAsset)}
                  onClick={() => navigate(accountPath('/accountDetail', i.financialAccountId))}
                >
                  {i.financialAccountName}
                </List.Item>
              ))}
            </List>
          )
        }}
      </QueryView>
    </div>
  )
}
