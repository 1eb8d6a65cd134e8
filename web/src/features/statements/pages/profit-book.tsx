/**
 * 收益账本 of a year (profitBook, year; this year without it): the year's profit by kind, each month's total opening
 * its record (booksProfitRecord), and the year's profit by product.
 */
import { List } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { formatSigned, trendColor } from '@/lib/format'
import { useProfitBook } from '../api/calls'
import { BookSummary, ProductRows } from '../components/book-summary'
import { periodText } from '../lib/texts'
import '../statements.css'

export default function ProfitBookPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const year = Number(params.get('year')) || new Date().getFullYear()
  const book = useProfitBook(year, undefined)
  return (
    <div className="statements-page" data-testid="profit-book">
      <QueryView query={book} rows={4}>
        {(b) => (
          <>
            <BookSummary book={b} label={`${year}年收益（元）`} />
            <List header="月度收益">
              {b.children.length === 0 && <List.Item>本年暂无收益记录</List.Item>}
              {b.children.map((m) => (
                <List.Item
                  key={m.period}
                  onClick={() =>
                    navigate(`/booksProfitRecord?year=${year}&month=${Number(m.period.slice(5))}`)
                  }
                  extra={
                    <span style={{ color: trendColor(m.total) }}>{formatSigned(m.total)}</span>
                  }
                >
                  {periodText(m.period)}
                </List.Item>
              ))}
            </List>
            <ProductRows products={b.products} />
          </>
        )}
      </QueryView>
    </div>
  )
}
