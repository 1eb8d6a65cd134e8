/** The products feature's public surface for other features. */
export { detailPath } from './pages/product-detail'
export { getFundInfo, type FundInfo } from './api/get-fund-info'
export { getPoInfo, type PoInfo } from './api/get-po-info'
export { useWalletFunds } from './api/get-wallet-funds'
