/** The products feature's public surface for other features. */
export { ProductCard } from './components/product-card'
export { Section } from './components/section'
export { detailPath } from './pages/product-detail'
