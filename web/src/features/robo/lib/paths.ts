/** Addresses of the robo screens (docs/product.md#screens-and-routes "advisor/"). */
import { withQuery } from '@/lib/account-paths'

type QueryValue = string | number | boolean | null | undefined

export const advisorPath = (page: string, query: Record<string, QueryValue> = {}) =>
  withQuery(`/advisor/${page}`, query)

export const faRoboPath = (page: string, query: Record<string, QueryValue> = {}) =>
  withQuery(`/fa/${page}`, query)

export { withQuery }
