import { useState } from 'react'
import { Button, Skeleton } from 'antd-mobile'
import { FilterOutline, RightOutline } from 'antd-mobile-icons'
import { useNavigate } from 'react-router'
import { LightTabs } from '@/components/light-tabs'
import { QueryView, StateBlock } from '@/components/query-view'
import { useFinancialAccounts, type FinancialAccount } from '@/features/financial-accounts'
import { HoldingsPreChecks } from '@/features/popups'
import { formatMoney, toDecimal } from '@/lib/format'
import { getSession } from '@/lib/session'
import { assetListCacheKeyFor, useAssetList } from '../api/get-asset-list'
import type { AssetList } from '../api/types'
import { countItems, readAssetList, skeletonCount } from '../lib/asset-cache'
import { DEFAULT_FILTER, describeFilter, isDefaultFilter, type AssetFilter } from '../lib/filter'
import { accountPath, assetDetailPath } from '../lib/links'
import { AssetItemCard } from './asset-item-card'
import { FilterSheet } from './filter-sheet'
import { MASK } from './masked'
import '../assets.css'

const CREATE_ACCOUNT_PATH = '/financialAccountManage'

function Skeletons({ count }: { count: number }) {
  return (
    <div role="status" aria-label="正在加载">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="asset-item asset-item--skeleton" data-testid="asset-skeleton">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={2} animated />
        </div>
      ))}
    </div>
  )
}

function Empty({ create }: { create?: () => void }) {
  return (
    <div className="asset-empty">
      <StateBlock status="empty" title="暂无持仓资产" description="" />
      {create && (
        <Button color="primary" size="small" onClick={create}>
          创建理财账户
        </Button>
      )}
    </div>
  )
}

function PendingBanner({
  list,
  hideAmounts,
  onClick,
}: {
  list: AssetList
  hideAmounts: boolean
  onClick: () => void
}) {
  if (!list.pendingCount) return null
  const amount = toDecimal(list.pendingAmount)
  return (
    <div className="asset-pending" role="button" tabIndex={0} onClick={onClick}>
      <span>
        <strong>当前资产待确认</strong>
        {list.pendingCount}笔交易确认中
        {amount && `，共 ${hideAmounts ? MASK : formatMoney(amount)} 元`}
      </span>
      <RightOutline />
    </div>
  )
}

interface AccountHoldingsProps {
  financialAccountId: number
  filter: AssetFilter
  hideAmounts: boolean
}

/** One account's holdings: the pending banner, then the groups with their items. A cached
 * answer shows at once; without one, a skeleton of the last count (docs/product.md#constants). The
 * list's pre-checks (risk mismatch, refill signing, strategy manual; docs/product.md#states) run
 * once a visit per account. */
function AccountHoldings({ financialAccountId, filter, hideAmounts }: AccountHoldingsProps) {
  const navigate = useNavigate()
  const query = useAssetList(financialAccountId, filter)
  const cached = readAssetList(assetListCacheKeyFor(financialAccountId))
  const create = () => navigate(CREATE_ACCOUNT_PATH)
  const session = getSession()
  return (
    <>
      {session?.accountId && (
        <HoldingsPreChecks
          scope={{
            brokerUserId: session.brokerUserId,
            accountId: session.accountId,
            financialAccountId,
          }}
        />
      )}
      <QueryView query={query} loading={<Skeletons count={skeletonCount(cached)} />}>
        {(list) => (
          <>
            <PendingBanner
              list={list}
              hideAmounts={hideAmounts}
              onClick={() => navigate(accountPath('/transactionRecord', financialAccountId))}
            />
            {countItems(list) === 0 ? (
              <Empty create={isDefaultFilter(filter) ? create : undefined} />
            ) : (
              list.groups
                .filter((g) => g.items.length > 0)
                .map((group) => (
                  <div key={group.typeName} className="asset-group" data-testid="asset-group">
                    <div className="asset-group__head">
                      <span>{group.typeName}</span>
                      <span>{hideAmounts ? MASK : formatMoney(group.holdingAsset)}</span>
                    </div>
                    {group.items.map((item) => (
                      <AssetItemCard
                        key={item.productCode}
                        item={item}
                        hideAmounts={hideAmounts}
                        updating={list.updating}
                        onClick={() => navigate(assetDetailPath(item, financialAccountId))}
                      />
                    ))}
                  </div>
                ))
            )}
            {list.updating && <div className="asset-note">今日净值更新中，收益稍后更新</div>}
          </>
        )}
      </QueryView>
    </>
  )
}

function defaultAccount(accounts: FinancialAccount[]): number | null {
  return (accounts.find((a) => a.isDefault) ?? accounts[0])?.financialAccountId ?? null
}

/** 账户持仓 on 我的 (docs/product.md#screens-and-routes): the holdings of one financial account grouped
 * by product type, with the filter sheet, the account switch when there are several, and the ways
 * to 收益明细, 收益分析 and 已清仓. */
export function HoldingsSection({ hideAmounts = false }: { hideAmounts?: boolean }) {
  const navigate = useNavigate()
  const accounts = useFinancialAccounts(true)
  const [chosen, setChosen] = useState<number | null>(null)
  const [filter, setFilter] = useState<AssetFilter>(DEFAULT_FILTER)
  const [sheet, setSheet] = useState(false)
  const visible = accounts.data?.visibleAccountList ?? []
  const accountId =
    chosen !== null && visible.some((a) => a.financialAccountId === chosen)
      ? chosen
      : defaultAccount(visible)

  return (
    <section className="asset-section" aria-label="账户持仓">
      <div className="asset-section__head">
        <h3>账户持仓</h3>
        {accountId !== null && (
          <button
            type="button"
            className={`asset-section__filter${isDefaultFilter(filter) ? '' : ' is-active'}`}
            onClick={() => setSheet(true)}
          >
            {isDefaultFilter(filter) ? '筛选' : describeFilter(filter)}
            <FilterOutline />
          </button>
        )}
      </div>
      <QueryView query={accounts} rows={2}>
        {() =>
          accountId === null ? (
            <Empty create={() => navigate(CREATE_ACCOUNT_PATH)} />
          ) : (
            <>
              {visible.length > 1 && (
                <LightTabs
                  look="capsule"
                  className="asset-accounts"
                  activeKey={String(accountId)}
                  onChange={(key) => setChosen(Number(key))}
                  tabs={visible.map((a) => ({
                    key: String(a.financialAccountId),
                    title: a.financialAccountName,
                  }))}
                />
              )}
              <AccountHoldings
                key={accountId}
                financialAccountId={accountId}
                filter={filter}
                hideAmounts={hideAmounts}
              />
              <div className="asset-links">
                <button
                  type="button"
                  onClick={() => navigate(accountPath('/profitDetail', accountId))}
                >
                  收益明细
                </button>
                <button
                  type="button"
                  onClick={() => navigate(accountPath('/profitAnalysis', accountId))}
                >
                  收益分析
                </button>
                <button
                  type="button"
                  onClick={() => navigate(accountPath('/clearOutAssets', accountId))}
                >
                  已清仓
                </button>
              </div>
            </>
          )
        }
      </QueryView>
      <FilterSheet
        visible={sheet}
        value={filter}
        onClose={() => setSheet(false)}
        onChange={setFilter}
      />
    </section>
  )
}
