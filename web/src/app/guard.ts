/**
 * The route guards (docs/product.md#screens-and-routes "Access levels", docs/product.md#states
 * "Other entry rules", docs/product.md#validation store-link check).
 *
 * - token routes: without a token the visit goes on under the retail visitor identity (a
 *   visitor token for the broker of the visit, docs/product.md#what-it-does), so a first open
 *   lands on 首页 and signs in only when an action needs it; only when no visitor token can be
 *   had does the user go to /empower. Account routes: a visitor or a visit without a token goes
 *   to /empower (sign in), a signed-in user without an opened account to /identityBinding. Both save the page
 *   (path and query) under the storage key REDIRECT_KEY and name it in the redirect's query
 *   (`storageKey`), so sign-in or binding brings the user back. riskSurvey needs only a token.
 * - Routes that need the broker (login, login-sms, noauth/fundAlternatePoolV2) open only when
 *   teamId, mid and brokerId are all known; a wrong link shows 商户信息传入有误，链接无法打开.
 * - Financial-account choice: on a trade page for a product that is not the wallet (000509 or
 *   the super wallet), opened without financialAccountId by a user who has several financial
 *   accounts, the route is replaced by /chooseFinancialAccount, which returns to `from` with the
 *   chosen account; a user with a single account has it chosen for them.
 * - A page opened without a parameter it needs (the route's `needs`) shows the error page's
 *   链接不完整或已失效 with 返回, rather than an empty or failing page.
 */
import { redirect, replace, type LoaderFunctionArgs } from 'react-router'
import { get } from '@/lib/api-client'
import { isStoreLinkComplete, StoreLinkError } from '@/lib/broker'
import { runtimeConfig } from '@/lib/env'
import { REDIRECT_KEY, saveRedirect } from '@/lib/redirect'
import { getSession, hasAccount } from '@/lib/session'
import { startVisitorSession } from '@/lib/visitor'
import { ensureBrokerInfo } from '@/features/platform'
import type { Access, RouteDef } from './routes'

export const BROKER_INFO_ROUTES = ['login', 'login-sms', 'noauth/fundAlternatePoolV2']
export const FINANCIAL_ACCOUNT_CHOICE_ROUTES = ['allot', 'allotFund', 'investPlan', 'redeem']
/** The wallet fund and the super wallet: no financial account to choose
 * (docs/product.md#constants). */
export const WALLET_CODES = ['000509', 'S_WALLET']

export type AccessDecision = 'allow' | 'visitor' | 'empower' | 'identityBinding'

export function accessDecision(
  access: Access,
  state: { hasToken: boolean; hasAccount: boolean; visitor?: boolean },
): AccessDecision {
  if (access === 'public') return 'allow'
  if (access === 'token') return state.hasToken ? 'allow' : 'visitor'
  if (!state.hasToken || state.visitor) return 'empower'
  if (!state.hasAccount) return 'identityBinding'
  return 'allow'
}

export function redirectTarget(decision: 'empower' | 'identityBinding'): string {
  return `/${decision}?storageKey=${REDIRECT_KEY}`
}

/** The app path of a request URL (without the H5 base path). */
export function appPath(url: URL): string {
  const base = runtimeConfig().basePath
  const inner = url.pathname.startsWith(base) ? url.pathname.slice(base.length) : url.pathname
  return inner.startsWith('/') ? inner : `/${inner}`
}

/** The first of the route's needed parameters (each a group of alternatives 'a|b') that the
 * query lacks, or null when it has them all. */
export function missingNeed(def: Pick<RouteDef, 'needs'>, query: URLSearchParams): string | null {
  for (const need of def.needs ?? []) {
    if (!need.split('|').some((name) => query.get(name)?.trim())) return need
  }
  return null
}

export const INCOMPLETE_LINK_PATH = '/error?type=link'

export function needsFinancialAccountChoice(
  routePath: string,
  query: URLSearchParams,
  hasFinancialAccounts: boolean,
): boolean {
  if (!FINANCIAL_ACCOUNT_CHOICE_ROUTES.includes(routePath)) return false
  const code = query.get('productCode')
  if (!code || WALLET_CODES.includes(code)) return false
  if (query.get('financialAccountId')) return false
  // a pension fund is bought in the pension account, which the purchase screen takes itself
  // (docs/pension.md)
  if (query.get('payType') === 'pension') return false
  return hasFinancialAccounts
}

interface FinancialAccountList {
  hasFinancialAccount?: boolean
  financialAccountList?: { financialAccountId: number }[]
}

/** The user's financial accounts ([] when none or when the list cannot be had: the choice is a
 * convenience, without the list the page opens as it is). */
async function financialAccountIds(): Promise<number[]> {
  try {
    const data = await get<FinancialAccountList>(
      '/account/getFinancialAccountList',
      { needAsset: false },
      { quiet: true },
    )
    return (data?.financialAccountList ?? []).map((a) => a.financialAccountId)
  } catch {
    return []
  }
}

/** A visitor token for the broker of this visit; false when none can be had. */
async function enterAsVisitor(): Promise<boolean> {
  await ensureBrokerInfo()
  try {
    await startVisitorSession(undefined, { quiet: true })
    return true
  } catch {
    return false
  }
}

export async function guardRoute(def: RouteDef, { request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const path = appPath(url)
  const session = getSession()
  let decision = accessDecision(def.access, {
    hasToken: !!session,
    hasAccount: hasAccount(),
    visitor: !!session?.visitor,
  })
  if (decision === 'visitor') decision = (await enterAsVisitor()) ? 'allow' : 'empower'
  if (decision !== 'allow') {
    saveRedirect({ path, query: url.search })
    throw redirect(redirectTarget(decision))
  }
  // replacing the link: 返回 must not come back to it (and be sent here again)
  if (missingNeed(def, url.searchParams)) throw replace(INCOMPLETE_LINK_PATH)
  if (BROKER_INFO_ROUTES.includes(def.path)) {
    if (!isStoreLinkComplete(await ensureBrokerInfo())) throw new StoreLinkError()
  }
  if (needsFinancialAccountChoice(def.path, url.searchParams, true)) {
    const ids = await financialAccountIds()
    if (ids.length === 1) {
      // one account: it is the one, no choice to make
      const query = new URLSearchParams(url.search)
      query.set('financialAccountId', String(ids[0]))
      throw redirect(`${path}?${query}`)
    }
    if (ids.length > 1) {
      const from = `${path}${url.search}`
      throw redirect(`/chooseFinancialAccount?${new URLSearchParams({ from })}`)
    }
  }
  return null
}
