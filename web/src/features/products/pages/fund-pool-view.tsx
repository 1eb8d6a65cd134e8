import { useState } from 'react'
import { CapsuleTabs, Tabs } from 'antd-mobile'
import { LoadMore } from '@/components/load-more'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { formatNav } from '@/lib/format'
import { useFundPool } from '../api/get-fund-pool'
import { Rate } from '../components/figures'
import '@/components/product-page.css'

/** The fund pool (基金备选池): the funds the broker's advisory portfolios may hold, by type,
 * with the day each joined. ``grouped`` (V2) shows the types with their counts as capsules. */
export function FundPoolView({ grouped, enabled = true }: { grouped: boolean; enabled?: boolean }) {
  const navigate = useNavigate()
  const [fundType, setFundType] = useState<number | undefined>()
  const all = useFundPool(undefined, enabled)
  const query = useFundPool(fundType, enabled)
  const groups = all.data?.pages[0].groups ?? []
  const funds = query.data?.pages.flatMap((p) => p.list) ?? []
  const total = all.data?.pages[0].total ?? 0
  const onChange = (key: string) => setFundType(key === 'all' ? undefined : Number(key))
  const tabs = [
    { key: 'all', title: `全部${grouped ? ` ${total}` : ''}` },
    ...groups.map((g) => ({
      key: String(g.fundType),
      title: `${g.fundTypeName}${grouped ? ` ${g.count}` : ''}`,
    })),
  ]
  return (
    <div data-testid="fund-pool">
      <div className="pd-card" style={{ margin: 0, borderRadius: 0 }}>
        <div className="pd-card__title">基金备选池</div>
        <div className="pd-muted" style={{ marginTop: 4 }}>
          共{total}只基金
          {all.data?.pages[0].updatedDate ? ` · 更新于${all.data.pages[0].updatedDate}` : ''}
          ，投顾组合仅从备选池中选择基金
        </div>
      </div>
      {grouped ? (
        <CapsuleTabs
          activeKey={fundType === undefined ? 'all' : String(fundType)}
          onChange={onChange}
        >
          {tabs.map((t) => (
            <CapsuleTabs.Tab key={t.key} title={t.title} />
          ))}
        </CapsuleTabs>
      ) : (
        <Tabs
          activeKey={fundType === undefined ? 'all' : String(fundType)}
          onChange={onChange}
          style={{ background: '#fff' }}
        >
          {tabs.map((t) => (
            <Tabs.Tab key={t.key} title={t.title} />
          ))}
        </Tabs>
      )}
      <QueryView query={query} isEmpty={(d) => d.pages[0].total === 0} emptyTitle="备选池暂无基金">
        {() => (
          <div className="pd-card" style={{ marginTop: 8 }}>
            <table className="pd-table">
              <thead>
                <tr>
                  <th>基金</th>
                  <th>近1年</th>
                  <th>单位净值</th>
                </tr>
              </thead>
              <tbody>
                {funds.map((f) => (
                  <tr
                    key={f.fundCode}
                    onClick={() =>
                      navigate(`/fundProductDetail?productCode=${f.fundCode}&productType=fund`)
                    }
                  >
                    <td>
                      {f.fundName}
                      <div className="pd-muted">
                        {f.fundCode} · {f.fundTypeName} · R{f.riskLevel}
                        {f.statusText ? ` · ${f.statusText}` : ''}
                      </div>
                      {f.addedDate && <div className="pd-muted">入池 {f.addedDate}</div>}
                    </td>
                    <td>
                      <Rate value={f.yearReturn} />
                    </td>
                    <td>{formatNav(f.nav)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <LoadMore query={query} />
          </div>
        )}
      </QueryView>
    </div>
  )
}
