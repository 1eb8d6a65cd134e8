/**
 * The transport client of the API (docs/api.md#transport, docs/api.md#generic-responses,
 * docs/api.md#error-page; docs/architecture.md#transport).
 *
 * - Calls go to `/api/v1/{product}`; the `{code, msg, data}` envelope is unwrapped and a
 *   failure becomes an `ApiError` carrying the business code, the Chinese message and the key.
 * - Every parameter object gets `broker`; empty-string and null parameters are dropped, and
 *   query values undefined/null/NaN (also as the strings "undefined", "null", "NaN") are
 *   blanked, that is dropped too.
 * - A bearer token on every call but `/noauth/*`; the identity headers (user, merchant and
 *   tenant id) on every call.
 * - Timeouts: 30 s, except the asset detail by config (120 s), the asset certificate and
 *   image uploads (60 s) and convert (10 s); a call may set its own.
 * - GET answers are cached for 1000 ms under page path + url + parameters (per call: another
 *   max age, or none); identical concurrent GETs share one request; any other method clears
 *   the cache unless told not to.
 * - Failures are handled by the table of docs/api.md#generic-responses (`handleFailure`): 401
 *   restarts the login flow after 300 ms (inside the provider's app: the error page); a GET
 *   opens the full-page error unless its toast is flagged or it is on the error white list; a
 *   write toasts for 5 s; the anti-money-laundering upload's 400 is ignored; calls of the
 *   no-refresh list fail quietly.
 *
 * The side effects (toasts, the error page, the login restart, error reports) go through
 * `transport` hooks, so tests can watch them and the app can wire the reporter in.
 */
import { getBrokerId, getBrokerInfo } from './broker'
import { runtimeConfig } from './env'
import { getEntry, isInApp } from './entry'
import { fetchAdapter, HttpError, type Adapter, type HttpResponse } from './http'
import { currentLocation, currentPath, navigateTo } from './navigation'
import { saveRedirect, REDIRECT_KEY } from './redirect'
import { noteServerTime } from './server-clock'
import { clearSession, getSession, getToken } from './session'
import { showFailToast, showLoading, showToast } from './toast'

export interface Envelope<T> {
  code: number
  msg: string
  data: T
  error?: string
}

export class ApiError extends Error {
  readonly code: number
  readonly status: number | undefined
  readonly error: string | undefined
  /** The server answered (with a status); false for timeouts and network failures. */
  readonly answered: boolean
  readonly url: string
  readonly method: string
  /** Seconds until the call may be made again (a 429's data.retryAfter / Retry-After). */
  readonly retryAfter: number | undefined

  constructor(
    message: string,
    code: number,
    status?: number,
    error?: string,
    extra: { answered?: boolean; url?: string; method?: string; retryAfter?: number } = {},
  ) {
    super(message)
    this.name = 'ApiError'
    this.code = code
    this.status = status
    this.error = error
    this.answered = extra.answered ?? status !== undefined
    this.url = extra.url ?? ''
    this.method = extra.method ?? ''
    this.retryAfter = extra.retryAfter
  }

  /** No answer within the time limit. */
  get timedOut(): boolean {
    return this.error === 'ECONNABORTED' || this.error === 'ETIMEDOUT'
  }
}

// -- constants of docs/api.md#transport, docs/api.md#limits ---------------------------------------

export const DEFAULT_TIMEOUT_MS = 30_000
export const GET_CACHE_MAX_AGE_MS = 1000
export const LOGIN_RESTART_DELAY_MS = 300
export const WRITE_ERROR_TOAST_MS = 5000

/** Calls with their own time limit. */
export const TIMEOUTS: ReadonlyArray<readonly [RegExp, number]> = [
  [/^\/account\/getAccountAssetDetailByConfig$/, 120_000],
  [/^\/asset\/genAssetCertification$/, 60_000],
  [/^\/utils\/uploadOssResource$/, 60_000],
  [/^\/transfer\/external\/upload(Image|File)$/, 60_000],
  [/^\/trade\/convert\//, 10_000],
]

/** The error white list: failures of these calls never open the error page (the screen that
 * made them shows its own message). Buy, redeem, plan creation, verification codes and
 * navigation histories, as docs/api.md#transport names them. */
export const ERROR_WHITE_LIST: ReadonlyArray<RegExp> = [
  /^\/trade\/(buyFund|buyPo|rechargeWallet|openWallet)$/,
  /^\/trade\/(redeemFundByFundCode|redeemPo|redeemWallet)$/,
  /^\/trade\/signalPo\/(buy|redeem)$/,
  /^\/trade\/(investPlan|superWallet)\//,
  /^\/saip\/strategyInvestPlan\/create$/,
  /^\/serviceAccount\/depositInvestPlan\/create$/,
  /^\/trade\/buyVerifyCode\//,
  /^\/auth\/login\/getPhoneVerifyCode$/,
  /VerifyCode$/,
  /^\/security\/IDSms\//,
  /^\/product\/navSeries$/,
  /^\/product\/performance$/,
  /^\/utils\/getIp$/,
  /^\/noauth\/saveMetrics$/,
  /^\/tamp\/traceLogs$/,
]

/** The no-refresh list: failures of these calls change nothing on screen (no toast, no error
 * page): the page keeps what it showed and its own fallback (an empty series, no estimate).
 * Prepare buy or redeem, fee estimates and NAV series (docs/api.md#transport,
 * docs/api.md#generic-responses). */
export const NO_REFRESH_LIST: ReadonlyArray<RegExp> = [
  /^\/trade\/prepare(BuyPo|RedeemPo)$/,
  /^\/trade\/estimateBuyFundFee$/,
  /^\/trade\/estimateRedeemFundFee$/,
  /^\/trade\/convert\/prepare$/,
  /^\/product\/navSeries$/,
  /^\/product\/performance$/,
  /^\/product\/benchmark$/,
]

/** Writes whose failure toast is off by default (docs/api.md#toast-option): the screens that
 * make them show the failure themselves. Sign deposit, contract and payment signing, survey
 * saving. */
export const WRITE_TOAST_OFF_LIST: ReadonlyArray<RegExp> = [
  /^\/roboServiceAccount\/signDeposit$/,
  /^\/serviceAccount\/contract\/(sign|signStepTwo)$/,
  /^\/account\/paymentMethod\/(prepareSign|confirmSign)$/,
  /^\/payment\/cmb\/sign$/,
  /^\/roboServiceAccount\/survey\/save$/,
]

/** The anti-money-laundering upload: its 400 is ignored (docs/api.md#generic-responses). */
export const ANTI_MONEY_LAUNDERING_PATH = /^\/account\/antiMoney\//

export const MESSAGES = {
  timeout: '网络超时，请检查网络环境',
  network: '网络异常，请稍后再试。',
  getFailed: '请求错误，请稍后再试',
  writeFailed: '请求异常，请确认本次操作结果，避免重复操作',
  /** The asset calls' fallback (docs/api.md#generic-responses "Asset fetch fails"). */
  assetFailed: '获取资产信息失败',
} as const

/** Network failures by code (docs/api.md#trade-network-errors). */
export const NETWORK_MESSAGES: Record<string, string> = {
  ECONNABORTED: MESSAGES.timeout,
  ETIMEDOUT: MESSAGES.timeout,
  ENOTFOUND: '网络连接失败，请检查网络环境',
  ECONNREFUSED: '服务暂时无法连接，请稍后再试',
  ECONNRESET: '网络连接中断，请稍后再试',
}

/** Server error keys whose text the client words itself (docs/api.md#messages-and-codes). */
export const ERROR_TEXT: Record<string, string> = {
  invalid_token: '登录已过期',
}

// -- per-call options -----------------------------------------------------------------------

export interface CallOptions {
  /** GET: cache the answer for 1000 ms (default), another max age, or not at all (false). */
  cache?: boolean | { maxAge: number }
  /** A write that keeps the GET cache (by default any non-GET clears it). */
  keepCache?: boolean
  /** Toast the failure. Default: on for writes, off for reads (a read opens the error page). */
  errorToast?: boolean
  /** The failure toast's text, instead of the server's message or the default. */
  errorText?: string
  /** The failure toast's text when the server gave no message of its own (no answer): the
   * asset calls' 获取资产信息失败. */
  errorFallback?: string
  /** Show the loading toast: true for 正在加载..., or the text to show. */
  loading?: boolean | string
  /** How long the loading toast may stay (default 60 s). */
  loadingDuration?: number
  /** On the error white list: a failure never opens the error page. */
  noErrorPage?: boolean
  /** On the no-refresh list: a failure shows nothing at all. */
  quiet?: boolean
  /** A time limit of its own, in ms. */
  timeout?: number
  /** Do not report this call's failure (the reporter's own call). */
  noReport?: boolean
  /** Send the bearer token on a `/noauth/` call too (the reporter's own call: the server keeps
   * the report's user only when a token of theirs comes with it). */
  withToken?: boolean
}

export interface RequestConfig {
  method?: string
  /** The call's path under the API base. */
  url?: string
  params?: object
  data?: unknown
  headers?: Record<string, string>
  /** A time limit of its own, in ms. */
  timeout?: number
  /** `blob` for a file to save (lib/http.ts). */
  responseType?: 'blob'
  options?: CallOptions
}

export type ErrorPageType = 'load' | 'offline' | 'service' | 'custom' | 'missing' | 'link'

export interface ErrorPageRequest {
  type: ErrorPageType
  toastText?: string
  hideRetryBtn?: boolean
  /** Milliseconds after which the page goes back to the provider's app. */
  backAfter?: number
}

export interface FailureContext {
  method: string
  url: string
  options: CallOptions
  durationMs: number
  /** The call's time limit in ms. */
  timeout: number
}

/** The side effects of failures, replaceable for tests and wired by the app. */
export const transport = {
  toast: (text: string, duration?: number) => showToast(text, duration),
  failToast: (text: string, duration?: number) => showFailToast(text, duration),
  loading: (text?: string, duration?: number) => showLoading(text, duration),
  showErrorPage: (request: ErrorPageRequest) => openErrorPage(request),
  restartLogin: () => restartLogin(),
  report: (_error: ApiError, _context: FailureContext) => {},
}

export function configureTransport(hooks: Partial<typeof transport>): void {
  Object.assign(transport, hooks)
}

// -- parameters ---------------------------------------------------------------------------

const BLANK_STRINGS = new Set(['undefined', 'null', 'NaN'])

function isBlankQueryValue(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true
  if (typeof value === 'number') return Number.isNaN(value)
  return typeof value === 'string' && BLANK_STRINGS.has(value)
}

/** Query parameters: undefined/null/NaN values blanked, empty and null ones dropped, broker
 * added (unless the call names one itself). */
export function cleanQuery(
  params: object | undefined,
  broker: number | null = getBrokerId(),
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(params ?? {})) {
    if (!isBlankQueryValue(value)) out[key] = value
  }
  if (broker !== null && out.broker === undefined) out.broker = broker
  return out
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  !!value && Object.getPrototypeOf(value) === Object.prototype

/** A JSON body: empty-string and null members dropped, broker added. Form data gets broker
 * appended; anything else is sent as it is. */
export function cleanBody(data: unknown, broker: number | null = getBrokerId()): unknown {
  if (typeof FormData !== 'undefined' && data instanceof FormData) {
    if (broker !== null && !data.has('broker')) data.append('broker', String(broker))
    return data
  }
  if (data !== undefined && !isPlainObject(data)) return data
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(data ?? {})) {
    if (value !== '' && value !== null && value !== undefined) out[key] = value
  }
  if (broker !== null && out.broker === undefined) out.broker = broker
  return out
}

export function timeoutFor(url: string): number {
  return TIMEOUTS.find(([pattern]) => pattern.test(url))?.[1] ?? DEFAULT_TIMEOUT_MS
}

const listed = (list: ReadonlyArray<RegExp>, url: string) => list.some((p) => p.test(url))
export const isErrorWhiteListed = (url: string) => listed(ERROR_WHITE_LIST, url)
export const isNoRefresh = (url: string) => listed(NO_REFRESH_LIST, url)

// -- the GET cache --------------------------------------------------------------------------

function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
      .join(',')}}`
  }
  return JSON.stringify(value) ?? 'undefined'
}

export function cacheKey(pagePath: string, url: string, params: object): string {
  return `${pagePath} ${url} ${stable(params)}`
}

const cache = new Map<string, { expires: number; data: unknown }>()
const inflight = new Map<string, Promise<unknown>>()
/** Counts the clearings: a GET answered after one that came after it left is not cached. */
let generation = 0

/** Forgets the cached answers and the GETs in flight: a GET asked after a write is sent anew
 * rather than joining one that left before the write (whose answer predates it), and the
 * answer of one that left before is not kept for those asked later. */
export function clearCache(): void {
  cache.clear()
  inflight.clear()
  generation += 1
}

// -- identity and authorisation -----------------------------------------------------------

/** Identity headers (docs/product.md#entities): user id, merchant id (mid) and tenant id
 * (broker). */
export function identityHeaders(): Record<string, string> {
  const session = getSession()
  const broker = getBrokerInfo()
  const headers: Record<string, string> = {}
  if (session) headers['X-User-Id'] = String(session.brokerUserId)
  if (broker?.mid) headers['X-Merchant-Id'] = broker.mid
  const tenant = getBrokerId()
  if (tenant !== null) headers['X-Tenant-Id'] = String(tenant)
  return headers
}

/** The HTTP layer (lib/http.ts): the API base, and the adapter tests replace. Every call gets
 * the identity headers, and the bearer token unless it is a `/noauth/` call (not asked for it
 * with `withToken`). */
export const http = {
  baseURL: runtimeConfig().apiBase,
  adapter: fetchAdapter as Adapter,
  request<T>(config: RequestConfig & { method: string; url: string }): Promise<HttpResponse<T>> {
    const headers: Record<string, string> = { ...config.headers, ...identityHeaders() }
    const token = getToken()
    if (token && (config.options?.withToken || !config.url.startsWith('/noauth/')))
      headers.Authorization = `Bearer ${token}`
    return http.adapter(
      {
        method: config.method,
        url: config.url,
        params: config.params,
        data: config.data,
        headers,
        timeout: config.timeout ?? DEFAULT_TIMEOUT_MS,
        responseType: config.responseType,
      },
      http.baseURL,
    ) as Promise<HttpResponse<T>>
  },
}

// -- errors ---------------------------------------------------------------------------------

/** The message of a failure (docs/api.md#error-page): the server's own words (or the client's
 * wording of its error key), the network code's, the timeout's, else the default. */
function retryAfterOf(data: unknown, header: unknown): number | undefined {
  const fromData = (data as { retryAfter?: unknown } | null)?.retryAfter
  const seconds = Number(typeof fromData === 'number' ? fromData : header)
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined
}

export function toApiError(err: unknown, method = '', url = ''): ApiError {
  if (err instanceof ApiError) return err
  if (err instanceof HttpError) {
    noteServerTime(err.response?.headers['x-server-time'])
    const status = err.response?.status
    const body = err.response?.data as Partial<Envelope<unknown>> | undefined
    if (body && typeof body.code === 'number') {
      const text = (body.error && ERROR_TEXT[body.error]) || body.msg || body.error
      return new ApiError(text || MESSAGES.getFailed, body.code, status, body.error, {
        method,
        url,
        retryAfter: retryAfterOf(body.data, err.response?.headers['retry-after']),
      })
    }
    const code = err.code
    const timedOut = code === 'ECONNABORTED' || code === 'ETIMEDOUT' || /timeout/i.test(err.message)
    const key = timedOut ? 'ECONNABORTED' : code
    const message = NETWORK_MESSAGES[key] ?? MESSAGES.network
    return new ApiError(message, -1, status, key || err.message, {
      answered: status !== undefined,
      method,
      url,
    })
  }
  return new ApiError(MESSAGES.network, -1, undefined, undefined, { method, url })
}

function errorPageType(error: ApiError): ErrorPageType {
  if (!error.answered && typeof navigator !== 'undefined' && navigator.onLine === false)
    return 'offline'
  if (error.status !== undefined && error.status >= 500) return 'service'
  // the server answered: an object that does not exist, or a request the link left incomplete
  if (error.status === 404) return 'missing'
  if (error.status === 400 || error.status === 422) return 'link'
  return 'load'
}

/** docs/api.md#generic-responses, row by row. */
export function handleFailure(error: ApiError, context: FailureContext): void {
  const { method, url, options } = context
  if (!options.noReport) transport.report(error, context)
  if (error.status === 401) {
    if (isInApp()) {
      transport.showErrorPage({
        type: 'custom',
        toastText: '登录已过期，请返回重试',
        hideRetryBtn: true,
        backAfter: 5000,
      })
    } else {
      transport.restartLogin()
    }
    return
  }
  if (method === 'POST' && error.status === 400 && ANTI_MONEY_LAUNDERING_PATH.test(url)) return
  if (options.quiet || isNoRefresh(url)) return
  if (method === 'GET') {
    if (options.errorToast) {
      const fallback = options.errorFallback ?? MESSAGES.getFailed
      transport.failToast(options.errorText ?? (error.answered ? error.message : fallback))
    } else if (!options.noErrorPage && !isErrorWhiteListed(url)) {
      transport.showErrorPage({ type: errorPageType(error) })
    }
    return
  }
  if (options.errorToast ?? !listed(WRITE_TOAST_OFF_LIST, url)) {
    const fallback = options.errorFallback ?? MESSAGES.writeFailed
    const text =
      options.errorText ?? (error.answered && error.code !== -1 ? error.message : fallback)
    transport.failToast(text, WRITE_ERROR_TOAST_MS)
  }
}

let restartTimer: ReturnType<typeof setTimeout> | null = null

/** 401 outside the provider's app: after 300 ms the session is dropped and the user goes to
 * sign in again, coming back here afterwards. Concurrent 401s restart once. */
export function restartLogin(): void {
  if (restartTimer !== null) return
  // A visit that began on app-login waits for the user to leave it before its own login flow
  // (docs/product.md#screens-and-routes "Special entry").
  if (getEntry()?.firstPath === 'app-login' && currentPath() === '/app-login') return
  restartTimer = setTimeout(() => {
    restartTimer = null
    clearSession()
    const here = currentLocation()
    if (!here.path.startsWith('/empower')) {
      saveRedirect({ path: here.path, query: here.query })
      navigateTo(`/empower?storageKey=${REDIRECT_KEY}`, { replace: true })
    }
  }, LOGIN_RESTART_DELAY_MS)
}

/** The full-page error for the current page: its retry comes back here. An offline error is
 * not shown again while the offline error page is up. */
export function openErrorPage(request: ErrorPageRequest): void {
  const path = currentPath()
  const here = new URLSearchParams(window.location.search)
  if (path === '/error' && request.type === 'offline' && here.get('type') === 'offline') return
  const query = new URLSearchParams({ type: request.type })
  if (path !== '/error') {
    query.set('payload', JSON.stringify({ path, query: window.location.search }))
  } else if (here.get('payload')) {
    query.set('payload', here.get('payload') as string)
  }
  if (request.toastText) query.set('toastText', request.toastText)
  if (request.hideRetryBtn) query.set('hideRetryBtn', 'true')
  if (request.backAfter) query.set('backAfter', String(request.backAfter))
  navigateTo(`/error?${query.toString()}`, { replace: true })
}

// -- the calls ------------------------------------------------------------------------------

async function send<T>(config: RequestConfig, method: string, url: string): Promise<T> {
  const options = config.options ?? {}
  const started = Date.now()
  const timeout = options.timeout ?? config.timeout ?? timeoutFor(url)
  const stopLoading = options.loading
    ? transport.loading(
        typeof options.loading === 'string' ? options.loading : undefined,
        options.loadingDuration,
      )
    : null
  try {
    const res = await http.request<Envelope<T>>({
      ...config,
      method,
      url,
      timeout,
    })
    noteServerTime(res.headers['x-server-time'])
    if (res.data.code !== 0) {
      throw new ApiError(res.data.msg, res.data.code, res.status, res.data.error, { method, url })
    }
    return res.data.data
  } catch (err) {
    const error = toApiError(err, method, url)
    handleFailure(error, { method, url, options, durationMs: Date.now() - started, timeout })
    throw error
  } finally {
    stopLoading?.()
  }
}

export async function request<T>(config: RequestConfig): Promise<T> {
  const method = (config.method ?? 'GET').toUpperCase()
  const url = config.url ?? ''
  const options = config.options ?? {}
  if (method === 'GET' || method === 'DELETE') {
    config = { ...config, params: cleanQuery(config.params) }
  } else {
    config = { ...config, data: cleanBody(config.data) }
  }
  if (method !== 'GET') {
    if (!options.keepCache) clearCache()
    try {
      return await send<T>(config, method, url)
    } finally {
      if (!options.keepCache) clearCache()
    }
  }
  const key = cacheKey(currentPath(), url, config.params as object)
  const maxAge =
    options.cache === false
      ? 0
      : typeof options.cache === 'object'
        ? options.cache.maxAge
        : GET_CACHE_MAX_AGE_MS
  const hit = cache.get(key)
  if (maxAge > 0 && hit && hit.expires > Date.now()) return hit.data as T
  const pending = inflight.get(key)
  if (pending) return pending as Promise<T>
  const sentIn = generation
  const call = send<T>(config, method, url)
    .then((data) => {
      if (maxAge > 0 && sentIn === generation)
        cache.set(key, { expires: Date.now() + maxAge, data })
      return data
    })
    .finally(() => {
      if (inflight.get(key) === call) inflight.delete(key)
    })
  inflight.set(key, call)
  return call
}

export const get = <T>(url: string, params?: object, options?: CallOptions) =>
  request<T>({ method: 'GET', url, params, options })
export const post = <T>(url: string, data?: object, options?: CallOptions) =>
  request<T>({ method: 'POST', url, data, options })
export const put = <T>(url: string, data?: object, options?: CallOptions) =>
  request<T>({ method: 'PUT', url, data, options })
export const del = <T>(url: string, params?: object, options?: CallOptions) =>
  request<T>({ method: 'DELETE', url, params, options })
