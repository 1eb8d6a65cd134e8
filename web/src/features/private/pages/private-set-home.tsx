import { Button, NoticeBar, Tag } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { Section } from '@/components/section'
import { QueryView } from '@/components/query-view'
import { formatLarge, formatNav, formatPercent, trendColor } from '@/lib/format'
import { usePrivateList } from '../api/get-private-list'
import '@/components/product-page.css'

/** privateSet/home: the private sets and their products; figures after the qualified-investor
 * statement. */
export default function PrivateSetHome() {
  const navigate = useNavigate()
  const query = usePrivateList()
  return (
    <QueryView query={query} isEmpty={(d) => d.sets.length === 0} emptyTitle="暂无私募产品">
      {(d) => (
        <div style={{ paddingBottom: 16 }} data-testid="private-home">
          {!d.qualified && (
            <div className="pd-notice">
              <NoticeBar
                color="alert"
                wrap
                content="私募产品仅向合格投资者展示，请先阅读并确认合格投资者声明"
                extra={
                  <Button
                    size="mini"
                    color="primary"
                    onClick={() => navigate('/privateSet/investorStatement')}
                  >
                    去确认
                  </Button>
                }
              />
            </div>
          )}
          {d.sets.map((s) => (
            <Section key={s.setId} title={s.name}>
              <div className="pd-muted" style={{ marginBottom: 8 }}>
                {s.description}
              </div>
              {s.products.map((p) => (
                <div
                  key={p.productCode}
                  className="pd-fund-row"
                  role="link"
                  onClick={() => navigate(`/privateSet/productDetail?productCode=${p.productCode}`)}
                >
                  <div>
                    <div style={{ fontWeight: 600 }}>{p.name}</div>
                    <div className="pd-muted" style={{ marginTop: 4 }}>
                      <Tag fill="outline">{p.strategyType}</Tag> {p.managerCompany} ·{' '}
                      <span style={{ whiteSpace: 'nowrap' }}>
                        {formatLarge(p.minInvestment)}元起
                      </span>
                    </div>
                  </div>
                  <div style={{ textAlign: 'right', flexShrink: 0 }}>
                    {d.qualified ? (
                      <>
                        <div style={{ color: trendColor(p.sinceInception), fontWeight: 600 }}>
                          {formatPercent(p.sinceInception, { signed: true })}
                        </div>
                        <div className="pd-muted">净值 {formatNav(p.nav)}</div>
                      </>
                    ) : (
                      <div className="pd-muted">认证后可见</div>
                    )}
                  </div>
                </div>
              ))}
            </Section>
          ))}
        </div>
      )}
    </QueryView>
  )
}
