/** The accounts feature's public surface. */
export { useSetting, useUpdateSetting, type Setting } from './api/get-setting'
export { useTampAccount, type TampAccount } from './api/get-tamp-account'
export { useAccountSensitive } from './api/get-account-sensitive'
