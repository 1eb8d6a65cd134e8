/** Addresses of the advisory screens: lib/account-paths.ts, where 我的's account list finds the
 * detail page of each kind of financial account too. */
export {
  accountDetailPath,
  accountHomePath,
  adjustmentPath,
  faPath,
  isRoboScreen,
  withQuery,
} from '@/lib/account-paths'
