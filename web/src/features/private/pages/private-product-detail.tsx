import { Button } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { Section } from '@/components/section'
import { LineChart } from '@/components/charts/line-chart'
import { QueryView } from '@/components/query-view'
import { formatLarge, formatNav, formatPercent, trendColor } from '@/lib/format'
import { usePrivateProduct } from '../api/get-private-product'
import '@/components/product-page.css'

/** privateSet/productDetail (productCode): a private fund; its figures, weekly NAVs and
 * documents once the qualified-investor statement is made. */
export default function PrivateProductDetail() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const code = params.get('productCode') ?? ''
  const query = usePrivateProduct({ productCode: code })
  return (
    <QueryView query={query} emptyTitle="未指定产品">
      {(p) => (
        <div style={{ paddingBottom: 16 }} data-testid="private-detail">
          <Section title={p.name}>
            <div className="pd-muted">
              {p.managerCompany} · {p.strategyType} · R{p.riskLevel} {p.riskLevelName}
            </div>
            {p.qualified ? (
              <div className="pd-figures">
                <div>
                  <div className="pd-figure__label">成立以来</div>
                  <div
                    className="pd-figure__value pd-figure__value--big"
                    style={{ color: trendColor(p.sinceInception) }}
                  >
                    {formatPercent(p.sinceInception, { signed: true })}
                  </div>
                </div>
                <div style={{ textAlign: 'right' }}>
                  <div className="pd-figure__label">单位净值（{p.navDate}）</div>
                  <div className="pd-figure__value">{formatNav(p.nav)}</div>
                </div>
              </div>
            ) : (
              <div style={{ marginTop: 12 }}>
                <div className="pd-desc">私募产品的净值与业绩仅向合格投资者展示。</div>
                <Button
                  color="primary"
                  size="small"
                  style={{ marginTop: 8 }}
                  onClick={() => navigate('/privateSet/investorStatement')}
                >
                  确认合格投资者声明
                </Button>
              </div>
            )}
          </Section>
          {p.qualified && p.navs.length > 1 && (
            <Section title="净值走势" extra="每周披露">
              <LineChart
                percent={false}
                decimals={4}
                series={[
                  {
                    name: '单位净值',
                    color: '#d6262d',
                    area: true,
                    points: [...p.navs].reverse().map((n) => [n.navDate, Number(n.nav)]),
                  },
                ]}
              />
              <table className="pd-table">
                <tbody>
                  {p.returns.map((r) => (
                    <tr key={r.period}>
                      <td>{r.name}</td>
                      <td style={{ color: trendColor(r.value) }}>
                        {formatPercent(r.value, { signed: true })}
                      </td>
                    </tr>
                  ))}
                  <tr>
                    <td>最大回撤</td>
                    <td>{formatPercent(p.maxDrawdown)}</td>
                  </tr>
                </tbody>
              </table>
            </Section>
          )}
          <Section title="产品要素">
            {[
              ['投资经理', p.managerName],
              ['成立日期', p.inceptionDate],
              ['起投金额', `${formatLarge(p.minInvestment)}元`],
              ['封闭期', p.lockup],
              ['开放日', p.openDays],
              ['托管机构', p.custodian],
              ['费用', p.feeNote],
            ].map(([k, v]) => (
              <div key={k} className="pd-kv">
                <span className="pd-kv__key">{k}</span>
                <span className="pd-kv__value">{v}</span>
              </div>
            ))}
            <div className="pd-desc">{p.description}</div>
          </Section>
          {p.qualified && (
            <Section>
              <div
                className="pd-fund-row"
                role="link"
                onClick={() => navigate(`/privateSet/productProtocol?productCode=${p.productCode}`)}
              >
                <span>产品合同与协议</span>
                <span className="pd-muted">&gt;</span>
              </div>
            </Section>
          )}
        </div>
      )}
    </QueryView>
  )
}
