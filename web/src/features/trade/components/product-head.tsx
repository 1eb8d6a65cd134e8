import type { TradeProduct } from '../api/get-trade-product'

/** The product a trade screen is about: name, code, type, risk level and any status tag. */
export function ProductHead({ product }: { product: TradeProduct }) {
  return (
    <div className="trade-card" data-testid="trade-product">
      <div className="trade-product__name">
        {product.name}
        <span className="trade-product__code">{product.productCode}</span>
      </div>
      <div className="trade-product__tags">
        {product.typeName && <span className="trade-tag">{product.typeName}</span>}
        {product.riskLevel > 0 && (
          <span className="trade-tag">{product.riskLevelName || `R${product.riskLevel}`}</span>
        )}
        {product.statusText && (
          <span className="trade-tag trade-tag--warn">{product.statusText}</span>
        )}
      </div>
    </div>
  )
}
