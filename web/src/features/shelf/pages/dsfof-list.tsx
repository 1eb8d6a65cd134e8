import { List } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { levelText } from '@/features/suitability'
import { formatNav, formatPercent, trendColor } from '@/lib/format'
import { useDsfofList, type DsfofList } from '../api/get-dsfof-list'
import '../shelf.css'

export type Dsfof = DsfofList[number]

/** /dsfofList: the FOF shelf (基金中基金, docs/shelf.md#dsfof-the-fof-shelf) — each fund with its NAV, its
 * 近1年 change, its risk level and what the user holds. */
export default function DsfofListPage() {
  const navigate = useNavigate()
  const query = useDsfofList()
  return (
    <div className="shelf-page">
      <div className="shelf-card">
        <h2>基金中基金（FOF）</h2>
        <p className="shelf-muted">
          FOF 以其他基金为投资对象，由基金经理进行二次分散配置。养老目标 FOF 的 Y
          份额仅限个人养老金资金购买。
        </p>
      </div>
      <QueryView
        query={query}
        rows={5}
        isEmpty={(l) => l.length === 0}
        emptyTitle="暂无在售的 FOF 产品"
      >
        {(list) => (
          <List data-testid="dsfof-list">
            {list.map((f) => (
              <List.Item
                key={f.fundCode}
                onClick={() => navigate(`/dsfofDetail?productCode=${f.fundCode}`)}
                description={
                  <>
                    {f.fundCode} · {levelText(f.riskLevel)} ·{' '}
                    <span className="shelf-nowrap">单位净值 {formatNav(f.nav)}</span>
                    {Number(f.heldShares) > 0 && <span className="shelf-nowrap"> · 已持有</span>}
                  </>
                }
                extra={
                  <span style={{ color: trendColor(f.oneYearReturn) }}>
                    {formatPercent(f.oneYearReturn, { signed: true })}
                    <br />
                    <span className="shelf-muted">近1年</span>
                  </span>
                }
              >
                {f.shortName}
                {f.isPension && <span className="shelf-tag">个人养老金</span>}
              </List.Item>
            ))}
          </List>
        )}
      </QueryView>
    </div>
  )
}
