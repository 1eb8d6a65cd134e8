import { formatMoney, formatSigned, trendColor } from '@/lib/format'
import type { BookProduct, ProfitBook } from '../api/types'
import { KIND_LABELS } from '../lib/texts'

/** A period's profit, split by kind (price change, dividends, fees) and into realised and
 * unrealised. */
export function BookSummary({ book, label }: { book: ProfitBook; label: string }) {
  return (
    <section className="statements-card" data-testid="book-summary">
      <div className="statements-card__label">{label}</div>
      <div
        className="statements-card__total"
        style={{ color: trendColor(book.total) }}
        data-testid="book-total"
      >
        {formatSigned(book.total)}
      </div>
      <dl className="statements-kinds">
        <div>
          <dt>{KIND_LABELS.priceChange}</dt>
          <dd>{formatSigned(book.priceChange)}</dd>
        </div>
        <div>
          <dt>{KIND_LABELS.dividends}</dt>
          <dd>{formatSigned(book.dividends)}</dd>
        </div>
        <div>
          <dt>{KIND_LABELS.fees}</dt>
          <dd>{formatMoney(book.fees)}</dd>
        </div>
        <div>
          <dt>{KIND_LABELS.realised}</dt>
          <dd>{formatSigned(book.realised)}</dd>
        </div>
        <div>
          <dt>{KIND_LABELS.unrealised}</dt>
          <dd>{formatSigned(book.unrealised)}</dd>
        </div>
      </dl>
      <p className="statements-note">
        收益为每日收益之和；价格变动 = 收益 − 分红 + 费用。已清仓产品的收益计为已实现。
      </p>
    </section>
  )
}

/** The period's profit of each product. */
export function ProductRows({ products }: { products: BookProduct[] }) {
  if (products.length === 0) return null
  return (
    <section className="statements-section">
      <h3 className="statements-section__title">产品收益</h3>
      {products.map((p) => (
        <div className="statements-row" key={p.productCode}>
          <div>
            <div className="statements-row__name">{p.productName}</div>
            <div className="statements-row__sub">
              {p.productCode} · 分红 {formatMoney(p.dividends)} · 费用 {formatMoney(p.fees)}
            </div>
          </div>
          <div className="statements-row__amount" style={{ color: trendColor(p.total) }}>
            {formatSigned(p.total)}
          </div>
        </div>
      ))}
    </section>
  )
}
