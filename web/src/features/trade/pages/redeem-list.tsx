/**
 * 卖出 (redeemList): the holdings of a financial account that can be sold, each opening the
 * redeem screen; portfolios as one item (their components summed), funds alone, the wallet.
 */
import { useState } from 'react'
import { List } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useFinancialAccounts } from '@/features/financial-accounts'
import { formatMoney, formatNumber } from '@/lib/format'
import { useShares } from '../api/get-shares'
import { useTradeProduct } from '../api/get-trade-product'
import { AccountPicker } from '../components/account-picker'
import { redeemableItems, type RedeemableItem } from '../lib/holdings'
import '../trade.css'

function PoName({ code }: { code: string }) {
  const po = useTradeProduct(code, 'PO')
  return <>{po.data?.name ?? code}</>
}

function Item({
  item,
  financialAccountId,
}: {
  item: RedeemableItem
  financialAccountId: number | null
}) {
  const navigate = useNavigate()
  const q = new URLSearchParams({ productCode: item.productCode, productType: item.productType })
  if (financialAccountId) q.set('financialAccountId', String(financialAccountId))
  return (
    <List.Item
      data-testid="redeem-item"
      arrowIcon
      onClick={() => navigate(`/redeem?${q}`)}
      description={
        item.productType === 'poFund'
          ? `基金组合 · ${item.rows.length}只基金`
          : `${item.productCode} · 可用 ${formatNumber(item.availableShares)}份`
      }
      extra={`${formatMoney(item.marketValue)}元`}
    >
      {item.productType === 'poFund' ? <PoName code={item.productCode} /> : item.name}
    </List.Item>
  )
}

export default function RedeemListPage() {
  const [params] = useSearchParams()
  const accounts = useFinancialAccounts(false)
  const visible = accounts.data?.visibleAccountList ?? []
  const [chosen, setChosen] = useState<number | null>(
    Number(params.get('financialAccountId')) || null,
  )
  const financialAccountId = chosen ?? visible[0]?.financialAccountId ?? null
  const shares = useShares(financialAccountId, !accounts.isPending)
  return (
    <div className="form-page">
      <div className="trade-card trade-card--flush">
        <AccountPicker accounts={visible} value={financialAccountId} onChange={setChosen} />
      </div>
      <QueryView
        query={shares}
        rows={5}
        isEmpty={(rows) => redeemableItems(rows).length === 0}
        emptyTitle="暂无可卖出的持仓"
      >
        {(rows) => (
          <div className="trade-card trade-card--flush">
            <List header="选择要卖出的产品">
              {redeemableItems(rows).map((item) => (
                <Item
                  key={`${item.productType}-${item.productCode}`}
                  item={item}
                  financialAccountId={financialAccountId}
                />
              ))}
            </List>
          </div>
        )}
      </QueryView>
    </div>
  )
}
