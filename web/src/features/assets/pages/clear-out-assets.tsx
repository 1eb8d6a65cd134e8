import { useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { formatSigned, trendColor } from '@/lib/format'
import { useClearOutAssets } from '../api/get-clear-out-assets'
import '../assets.css'

/** /clearOutAssets (financialAccountId): the products the account sold out (已清仓), each with
 * its 累计收益 and the dates it was held; opened without an account, those of all the user's
 * accounts. */
export default function ClearOutAssetsPage() {
  const [params] = useSearchParams()
  const financialAccountId = Number(params.get('financialAccountId')) || null
  const query = useClearOutAssets(financialAccountId)
  return (
    <div className="asset-page">
      <QueryView query={query} rows={4} isEmpty={(d) => d.length === 0} emptyTitle="暂无已清仓资产">
        {(list) => (
          <div className="asset-cleared">
            {list.map((a) => (
              <div
                key={`${a.productCode}-${a.clearedDate}`}
                className="asset-cleared__item"
                data-testid="cleared-item"
              >
                <div className="asset-cleared__name">
                  {a.productName}
                  <em>{a.productCode}</em>
                </div>
                <div className="asset-cleared__row">
                  <span>累计收益</span>
                  <strong style={{ color: trendColor(a.accProfit) }}>
                    {formatSigned(a.accProfit)}
                  </strong>
                </div>
                <div className="asset-cleared__row">
                  <span>持有期间</span>
                  <span>
                    {a.firstConfirmDate ?? '--'} 至 {a.clearedDate ?? '--'}
                  </span>
                </div>
              </div>
            ))}
          </div>
        )}
      </QueryView>
    </div>
  )
}
