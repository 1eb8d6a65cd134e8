/** The store feature's public surface for other features. */
export { useStoreLink, useViewerToken } from './hooks/use-store-link'
export { useArticleDetail } from './api/get-article-detail'
export { OperationPush } from './components/operation-push'
