import type { ProductType } from '../api/types'

/** The wallet's money-market fund (docs/product.md#constants). */
export const WALLET_FUND_CODE = '000509'

/** The trade type of a product link (`/allot?productCode=&productType=`): product pages pass
 * fund, wallet, poFund, strategy or signal; the trade calls speak FUND, PO and WALLET. Codes
 * prefixed ZH, CL or SI are portfolios (docs/product.md#entities). */
export function tradeTypeOf(productType: string | null, productCode: string | null): ProductType {
  const type = (productType ?? '').toLowerCase()
  const code = (productCode ?? '').toUpperCase()
  if (code === WALLET_FUND_CODE || type === 'wallet') return 'WALLET'
  if (['po', 'pofund', 'strategy', 'signal'].includes(type) || /^(ZH|CL|SI)/.test(code)) return 'PO'
  return 'FUND'
}
