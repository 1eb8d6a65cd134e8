/** The products feature's public surface for other features. */
export { ProductCard } from './components/product-card'
export { Section } from './components/section'
export { detailPath } from './pages/product-detail'
export { getFundInfo, type FundInfo } from './api/get-fund-info'
export { getPoInfo, type PoInfo } from './api/get-po-info'
