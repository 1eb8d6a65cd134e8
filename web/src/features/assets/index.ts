/** The holdings and profit feature's public surface: the 账户持仓 section of 我的. */
export { HoldingsSection } from './components/holdings-section'
export { useAccountAsset, type AccountAsset } from './api/get-account-asset'
