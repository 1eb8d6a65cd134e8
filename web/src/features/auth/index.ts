/** The sign-in feature's public surface. */
export { useCustomer, customerQueryOptions, type Customer } from './api/get-customer'
export { useLogout } from './api/logout'
export { readEntryLogin, storedEntryLogin, clearEntryLogin } from './lib/entry-login'
