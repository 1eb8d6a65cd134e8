import { Navigate, useSearchParams } from 'react-router'
import { ErrorBlock } from 'antd-mobile'

/** Where a product type's page is (docs/product.md#entities product types; code prefixes ZH, CL,
 * SI). */
export function detailPath(code: string, type: string | null): string {
  const kind =
    type ||
    (code.startsWith('ZH')
      ? 'poFund'
      : code.startsWith('CL')
        ? 'strategy'
        : code.startsWith('SI')
          ? 'signal'
          : code.startsWith('P')
            ? 'privateSet'
            : 'fund')
  const q = `productCode=${encodeURIComponent(code)}&productType=${kind}`
  switch (kind) {
    case 'poFund':
    case 'strategy':
    case 'signal':
      return `/poProductDetail?${q}`
    case 'wallet':
    case 'superWallet':
      return `/superWalletDetail?${q}`
    case 'privateSet':
      return `/privateSet/productDetail?${q}`
    default:
      return `/fundProductDetail?${q}`
  }
}

/** productDetail (productCode, productType, productId): dispatches to the product type's page. */
export default function ProductDetail() {
  const [params] = useSearchParams()
  const code = params.get('productCode') ?? params.get('productId') ?? ''
  if (!code) return <ErrorBlock status="empty" title="未指定产品" description="" />
  return <Navigate to={detailPath(code, params.get('productType'))} replace />
}
