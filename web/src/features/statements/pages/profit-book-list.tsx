/**
 * 收益账本 (profitBookList): the profit of every year with its split by kind, each year opening
 * its book; the money in and out of the last 12 months as bars with the card's flows below; and
 * the ways to the statements (对账单, opened over this screen in a panel: they have no route of
 * their own) and the asset certificate (资产证明).
 */
import { List } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { LoadMore } from '@/components/load-more'
import { QueryView } from '@/components/query-view'
import { formatMoney, formatSigned, trendColor } from '@/lib/format'
import { useCapitalDetail, useNetInflow, useProfitBook } from '../api/calls'
import { BookSummary, ProductRows } from '../components/book-summary'
import { NetInflowChart } from '../components/net-inflow-chart'
import { flowText, hasFlows, NO_FLOWS_TEXT, statementListPath } from '../lib/texts'
import { StatementPanel } from './statement-panel'
import '../statements.css'

export default function ProfitBookListPage() {
  const navigate = useNavigate()
  const book = useProfitBook()
  const inflow = useNetInflow(12)
  const flows = useCapitalDetail()
  return (
    <div className="statements-page" data-testid="profit-book-list">
      <QueryView
        query={book}
        rows={4}
        isEmpty={(b) => b.children.length === 0}
        emptyTitle="暂无收益记录"
        emptyDescription="买入产品并确认后，每日收益会记入账本"
      >
        {(b) => (
          <>
            <BookSummary book={b} label="累计收益（元）" />
            <List header="年度账本">
              {b.children.map((y) => (
                <List.Item
                  key={y.period}
                  onClick={() => navigate(`/profitBook?year=${y.period}`)}
                  extra={
                    <span style={{ color: trendColor(y.total) }}>{formatSigned(y.total)}</span>
                  }
                >
                  {y.period}年
                </List.Item>
              ))}
            </List>
            <ProductRows products={b.products} />
          </>
        )}
      </QueryView>
      <List header="账户文件">
        <List.Item
          onClick={() => navigate(statementListPath('month'))}
          description="月度、年度对账单（PDF）"
        >
          对账单
        </List.Item>
        <List.Item
          onClick={() => navigate('/applyCertification/preview')}
          description="开具带验证码的资产证明（PDF）"
        >
          资产证明
        </List.Item>
      </List>
      <section className="statements-section">
        <h3 className="statements-section__title">资金进出（近12个月）</h3>
        <QueryView query={inflow} rows={3}>
          {(d) => (
            <>
              <div className="statements-inflow">
                <div>
                  <span>流入</span>
                  <strong>{formatMoney(d.inflow)}</strong>
                </div>
                <div>
                  <span>流出</span>
                  <strong>{formatMoney(d.outflow)}</strong>
                </div>
                <div>
                  <span>净流入</span>
                  <strong data-testid="net-inflow">{formatSigned(d.net)}</strong>
                </div>
              </div>
              {hasFlows(d.months) ? (
                <NetInflowChart data={d} />
              ) : (
                <p className="statements-note">{NO_FLOWS_TEXT}</p>
              )}
            </>
          )}
        </QueryView>
      </section>
      <section className="statements-section">
        <h3 className="statements-section__title">资金明细</h3>
        <QueryView
          query={flows}
          rows={4}
          isEmpty={(d) => d.pages.every((p) => p.list.length === 0)}
          emptyTitle="暂无资金记录"
        >
          {(d) => (
            <>
              {d.pages
                .flatMap((p) => p.list)
                .map((f) => (
                  <div className="statements-row" key={`${f.orderNo}-${f.direction}`}>
                    <div>
                      <div className="statements-row__name">{flowText(f)}</div>
                      <div className="statements-row__sub">{f.date}</div>
                    </div>
                    <div
                      className="statements-row__amount"
                      style={{
                        color: f.direction === 'in' ? 'var(--app-rise)' : 'var(--app-fall)',
                      }}
                    >
                      {f.direction === 'in' ? '+' : '-'}
                      {formatMoney(f.amount)}
                    </div>
                  </div>
                ))}
              <LoadMore query={flows} />
            </>
          )}
        </QueryView>
      </section>
      <StatementPanel />
    </div>
  )
}
