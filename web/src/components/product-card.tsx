import { Tag } from 'antd-mobile'
import { useNavigate } from 'react-router'
import type { Schemas } from '@/lib/api-types'
import { formatPercent, trendColor } from '@/lib/format'
import './product-card.css'

type Card = Schemas['ProductCardOut']

/** A product in a list (home, search, articles): its headline figure, risk and minimum
 * purchase; a tap opens its page. */
export function ProductCard({ card, reason }: { card: Card; reason?: string }) {
  const navigate = useNavigate()
  return (
    <div
      className="product-card"
      role="link"
      onClick={() => navigate(card.detailPath)}
      data-testid="product-card"
    >
      <div className="product-card__metric">
        <div className="product-card__value" style={{ color: trendColor(card.metricValue) }}>
          {formatPercent(card.metricValue, { signed: true })}
        </div>
        <div className="product-card__label">{card.metricName}</div>
      </div>
      <div className="product-card__body">
        <div className="product-card__name">
          {card.name}
          {card.statusText && (
            <Tag color="warning" style={{ marginLeft: 6 }}>
              {card.statusText}
            </Tag>
          )}
        </div>
        <div className="product-card__meta">
          {card.typeName} · {card.riskLevelName}
          {card.minPurchaseAmount ? ` · ${Number(card.minPurchaseAmount)}元起投` : ''}
        </div>
        {reason && <div className="product-card__reason">{reason}</div>}
        {card.tags.length > 0 && (
          <div className="product-card__tags">
            {card.tags.map((t) => (
              <Tag key={t} fill="outline" color="primary">
                {t}
              </Tag>
            ))}
          </div>
        )}
      </div>
    </div>
  )
}
