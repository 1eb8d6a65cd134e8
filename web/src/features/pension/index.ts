/** The pension feature's public surface for other features: the pension account (the purchase
 * screen pays pension funds from it) and the path of its page. */
export { usePensionAccount, tdAccountQueryOptions } from './api/get-td-account'
export type { PensionAccount } from './api/types'
export { PENSION_HOME_PATH } from './lib/texts'
