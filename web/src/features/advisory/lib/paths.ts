/** Addresses of the advisory screens: lib/account-paths.ts, where 我的's account list finds the
 * detail page of each kind of financial account too. */
export { accountDetailPath, accountHomePath, faPath, withQuery } from '@/lib/account-paths'
