import { Button, ErrorBlock } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { levelText } from '@/features/suitability'
import { formatMoney, formatNav, formatPercent, trendColor } from '@/lib/format'
import { useDsfofList } from '../api/get-dsfof-list'
import '../shelf.css'

/** /dsfofDetail (productCode): one FOF — its figures, what the user holds, and the ways in:
 * 买入 (the pension Y shares through the pension account), 详细资料 and 交易记录. */
export default function DsfofDetailPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const code = params.get('productCode') ?? ''
  const query = useDsfofList()
  return (
    <div className="shelf-page">
      <QueryView query={query} rows={6}>
        {(list) => {
          const f = list.find((x) => x.fundCode === code)
          if (!f) return <ErrorBlock status="empty" title="该产品不是在售的 FOF" description="" />
          return (
            <>
              <div className="shelf-card" data-testid="dsfof-detail">
                <h2>
                  {f.fundName}
                  {f.isPension && <span className="shelf-tag">个人养老金</span>}
                </h2>
                <p className="shelf-muted">
                  {f.fundCode} · {levelText(f.riskLevel)} · 成立于 {f.inceptionDate}
                </p>
                <div className="shelf-figures">
                  <div>
                    <strong>{formatNav(f.nav)}</strong>
                    <span>单位净值 {f.navDate?.slice(5) ?? ''}</span>
                  </div>
                  <div>
                    <strong style={{ color: trendColor(f.oneYearReturn) }}>
                      {formatPercent(f.oneYearReturn, { signed: true })}
                    </strong>
                    <span>近1年</span>
                  </div>
                  <div>
                    <strong>{formatMoney(f.minPurchaseAmount)}</strong>
                    <span>起购金额</span>
                  </div>
                </div>
                <p className="shelf-muted" style={{ marginTop: 12 }}>
                  我的持有份额 {formatMoney(f.heldShares)}
                </p>
              </div>
              <div className="shelf-actions">
                <Button
                  color="primary"
                  block
                  onClick={() =>
                    navigate(
                      f.isPension
                        ? '/pension/home'
                        : `/allot?productCode=${f.fundCode}&productType=fund`,
                    )
                  }
                >
                  {f.isPension ? '用个人养老金买入' : '买入'}
                </Button>
                <Button
                  block
                  onClick={() => navigate(`/fundProductDetail?productCode=${f.fundCode}`)}
                >
                  详细资料
                </Button>
                <Button block onClick={() => navigate(`/dsfofRecord?productCode=${f.fundCode}`)}>
                  交易记录
                </Button>
              </div>
            </>
          )
        }}
      </QueryView>
    </div>
  )
}
