/**
 * Addresses of the advisory screens (docs/product.md#screens-and-routes "fa/"), built in one
 * place, and the detail page each kind of financial account opens (service, robo_service,
 * pension and the others each have their own). Below the features: 我的's account list opens
 * them, and the advisory screens build their own addresses with them.
 */
type QueryValue = string | number | boolean | null | undefined

export function withQuery(path: string, values: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(values)) {
    if (v !== null && v !== undefined && v !== '') params.set(k, String(v))
  }
  const q = params.toString()
  return q ? `${path}?${q}` : path
}

/** The screens of one service account, each taking its serviceAccountId. */
export const faPath = (
  page: string,
  serviceAccountId: number | string | null | undefined,
  extra: Record<string, QueryValue> = {},
) => withQuery(`/fa/${page}`, { serviceAccountId, ...extra })

export const accountHomePath = (serviceAccountId: number | string) =>
  faPath('accountHomePage', serviceAccountId)

/** A robo account's screens (智能投顾, docs/robo.md "The screens") are its advisor/ routes: a
 * screen shared with the advisory accounts knows whose it is by the route it is opened on. */
export const isRoboScreen = (pathname: string) => pathname.startsWith('/advisor/')

/** An adjustment's screen, the account's own: a robo account's advisor/adjustment, any other's
 * fa/adjustment (as its 调仓待确认 notice links it, notices/templates.py ADJUSTMENT_SCREENS). */
export const adjustmentPath = (adjustmentId: number | string, robo: boolean) =>
  withQuery(robo ? '/advisor/adjustment' : '/fa/adjustment', { adjustmentId })

/** The detail page of a financial account, by its type (docs/product.md#screens-and-routes
 * "Account and holdings screens"). */
export function accountDetailPath(account: {
  financialAccountId: number
  financialAccountType: string
  serviceAccountInfo?: { serviceAccountId?: unknown } | null
}): string {
  const serviceAccountId = Number(account.serviceAccountInfo?.serviceAccountId) || null
  switch (account.financialAccountType) {
    case 'service':
      return serviceAccountId
        ? accountHomePath(serviceAccountId)
        : withQuery('/financialAccount', { financialAccountId: account.financialAccountId })
    case 'robo_service':
      return withQuery('/advisor/account', {
        serviceAccountId: serviceAccountId ?? account.financialAccountId,
      })
    case 'pension':
      return '/pension/home'
    default:
      return withQuery('/financialAccount', { financialAccountId: account.financialAccountId })
  }
}

/** What a financial account is, by its type (docs/product.md#entities "Account kinds"), in
 * words: never the type's code. */
const ACCOUNT_TYPE_NAMES: Record<string, string> = {
  default: '默认账户',
  normal: '理财账户',
  main: '理财账户',
  pension: '养老账户',
  service: '投顾账户',
  robo_service: '智能投顾账户',
}

export const accountTypeName = (type: string) => ACCOUNT_TYPE_NAMES[type] ?? '理财账户'

/** The accounts money enters only through their own screens: the pension account (its
 * contributions buy pension funds, which any purchase screen buys there by itself; 71125 for
 * anything else) and the service accounts (投顾, 智能投顾: their strategy's 签约, 追加 and 计划投入;
 * 60115 for anything else). */
export const ACCOUNTS_OF_THEIR_OWN = ['pension', 'service', 'robo_service']

/** The financial accounts 选择理财账户 offers for the page it returns to: none of
 * ACCOUNTS_OF_THEIR_OWN for a purchase or a 定投 (allot, allotFund, investPlan); every account
 * for a sale. */
export function choosableAccounts<T extends { financialAccountType: string }>(
  accounts: T[],
  returnTo: string,
): T[] {
  const page = returnTo.replace(/^\//, '').split(/[?#]/)[0]
  if (!['allot', 'allotFund', 'investPlan'].includes(page)) return accounts
  return accounts.filter((a) => !ACCOUNTS_OF_THEIR_OWN.includes(a.financialAccountType))
}
