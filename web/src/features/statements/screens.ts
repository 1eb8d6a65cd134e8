/** The statement screens, loaded together as one chunk: the route table imports this module
 * once for all of them (the first route's table stays small, docs/architecture.md#first-load). */
export { default as ProfitBookList } from './pages/profit-book-list'
export { default as ProfitBook } from './pages/profit-book'
export { default as BooksProfitRecord } from './pages/books-profit-record'
export { default as CertificationPreview } from './pages/certification-preview'
export { default as CertificationApply } from './pages/certification-apply'
export { default as CertificationResult } from './pages/certification-result'
