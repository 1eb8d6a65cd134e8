/** The financial accounts feature's public surface. */
export { AccountList } from './components/account-list'
export { AccountCard } from './components/account-card'
export {
  useFinancialAccounts,
  financialAccountsQueryOptions,
  type FinancialAccount,
  type FinancialAccountList,
} from './api/get-financial-accounts'
