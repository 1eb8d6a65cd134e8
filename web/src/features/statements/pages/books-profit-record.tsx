/**
 * 账本收益记录 (booksProfitRecord, year, month): the month's profit by kind and by product, and
 * each day's profit (the stored daily rows the month's total sums).
 */
import { useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { formatSigned, trendColor } from '@/lib/format'
import { useProfitBook } from '../api/calls'
import { BookSummary, ProductRows } from '../components/book-summary'
import '../statements.css'

export default function BooksProfitRecordPage() {
  const [params] = useSearchParams()
  const year = Number(params.get('year')) || 0
  const month = Number(params.get('month')) || 0
  const book = useProfitBook(year, month)
  return (
    <div className="statements-page" data-testid="books-profit-record">
      <QueryView query={book} rows={4}>
        {(b) => (
          <>
            <BookSummary book={b} label={`${year}年${month}月收益（元）`} />
            <ProductRows products={b.products} />
            <section className="statements-section">
              <h3 className="statements-section__title">每日收益</h3>
              {b.days.length === 0 && <p className="statements-note">本月暂无收益记录</p>}
              {b.days.map((d) => (
                <div className="statements-row" key={d.date} data-testid="book-day">
                  <div className="statements-row__name">{d.date}</div>
                  <div className="statements-row__amount" style={{ color: trendColor(d.profit) }}>
                    {formatSigned(d.profit)}
                  </div>
                </div>
              ))}
            </section>
          </>
        )}
      </QueryView>
    </div>
  )
}
