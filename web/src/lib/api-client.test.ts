import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import MockAdapter from './test-adapter'
import {
  ApiError,
  cacheKey,
  cleanBody,
  cleanQuery,
  clearCache,
  configureTransport,
  del,
  get,
  handleFailure,
  http,
  isErrorWhiteListed,
  MESSAGES,
  isNoRefresh,
  openErrorPage,
  post,
  put,
  restartLogin,
  timeoutFor,
  toApiError,
  transport,
  type ErrorPageRequest,
} from './api-client'
import { setBrokerInfo } from './broker'
import { sendReport } from './error-report'
import { ENTRY_KEY } from './entry'
import { setNavigator } from './navigation'
import { REDIRECT_KEY, takeRedirect } from './redirect'
import { getSession, setSession } from './session'
import { setStored } from './storage'

const mock = new MockAdapter(http)
const original = { ...transport }
let toasts: { text: string; duration?: number }[]
let errorPages: ErrorPageRequest[]
let logins: number
let reports: ApiError[]
let loadings: number

beforeEach(() => {
  toasts = []
  errorPages = []
  logins = 0
  reports = []
  loadings = 0
  configureTransport({
    failToast: (text, duration) => void toasts.push({ text, duration }),
    showErrorPage: (req) => void errorPages.push(req),
    restartLogin: () => void (logins += 1),
    report: (err) => void reports.push(err),
    loading: () => {
      loadings += 1
      return () => {
        loadings -= 1
      }
    },
  })
  localStorage.clear()
  sessionStorage.clear()
  clearCache()
})

afterEach(() => {
  mock.reset()
  configureTransport(original)
  vi.useRealTimers()
})

const fail = (code: number, msg: string, error = 'x') => ({
  code,
  msg,
  error,
  data: null,
})

describe('the envelope (docs/architecture.md#transport)', () => {
  it('unwraps data on success', async () => {
    mock.ok('GET', '/noauth/app/version', { version: '1.0.0' })
    await expect(get('/noauth/app/version')).resolves.toEqual({ version: '1.0.0' })
  })

  it('turns the error envelope into an ApiError with code, message and key', async () => {
    mock.reply('POST', '/trade/buyFund', 400, fail(60001, '可用份额不足', 'not_enough_shares'))
    const err = await post('/trade/buyFund', {}).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({
      code: 60001,
      message: '可用份额不足',
      status: 400,
      error: 'not_enough_shares',
      answered: true,
    })
  })

  it('reports a failure without a body as a network error', async () => {
    mock.networkError('GET', '/noauth/app/version')
    const err = await get('/noauth/app/version').catch((e: unknown) => e)
    expect(err).toMatchObject({ code: -1, message: '网络异常，请稍后再试。', answered: false })
  })
})

describe('parameters (docs/api.md#request-values, docs/api.md#transport)', () => {
  it('drops empty and null parameters, blanks undefined/null/NaN and adds broker', () => {
    expect(
      cleanQuery(
        {
          fundCode: '000001',
          a: '',
          b: null,
          c: undefined,
          d: Number.NaN,
          e: 'undefined',
          f: 'null',
          g: 'NaN',
          zero: 0,
          no: false,
        },
        1154,
      ),
    ).toEqual({ fundCode: '000001', zero: 0, no: false, broker: 1154 })
  })

  it('keeps a broker the call names itself, and adds none when unknown', () => {
    expect(cleanQuery({ broker: 1174 }, 1154)).toEqual({ broker: 1174 })
    expect(cleanQuery({ x: 1 }, null)).toEqual({ x: 1 })
  })

  it('cleans JSON bodies the same way and adds broker to form data', () => {
    expect(cleanBody({ amount: '10.00', memo: '', plan: null, list: ['', null] }, 1001)).toEqual({
      amount: '10.00',
      list: ['', null],
      broker: 1001,
    })
    const form = new FormData()
    form.append('file', 'x')
    expect((cleanBody(form, 1001) as FormData).get('broker')).toBe('1001')
  })

  it('sends broker from the stored broker info on every call', async () => {
    setBrokerInfo({ brokerId: 1154, teamId: 9154, mid: 'M1154' })
    mock.ok('GET', '/noauth/team/detail', {})
    mock.ok('POST', '/tamp/traceLogs', {})
    await get('/noauth/team/detail', { teamId: 9154, empty: '' })
    await post('/tamp/traceLogs', { event: 'x', none: null })
    expect(mock.calls[0].params).toEqual({ teamId: 9154, broker: 1154 })
    expect(mock.calls[1].data).toEqual({ event: 'x', broker: 1154 })
  })
})

describe('headers', () => {
  it('sends the bearer token on every call but /noauth/*, and the identity headers', async () => {
    setSession({
      accessToken: 'tok',
      expiresIn: 3600,
      brokerUserId: 7,
      accountId: 3,
      brokerId: 1001,
    })
    setBrokerInfo({ brokerId: 1001, teamId: 9001, mid: 'M1001' })
    mock.ok('GET', '/toast/isNeedRiskToast', {})
    mock.ok('GET', '/noauth/popup/list', [])
    await get('/toast/isNeedRiskToast')
    await get('/noauth/popup/list')
    expect(mock.calls[0].headers.Authorization).toBe('Bearer tok')
    expect(mock.calls[1].headers.Authorization).toBeUndefined()
    // the reporter's own call asks for it: the server keeps its user only with their token
    mock.ok('POST', '/noauth/saveMetrics', { saved: true })
    await sendReport({ type: 'jsError', message: 'boom' })
    expect(mock.calls[2].headers.Authorization).toBe('Bearer tok')
    for (const call of mock.calls) {
      expect(call.headers['X-User-Id']).toBe('7')
      expect(call.headers['X-Merchant-Id']).toBe('M1001')
      expect(call.headers['X-Tenant-Id']).toBe('1001')
    }
  })
})

describe('timeouts (docs/api.md#transport)', () => {
  it('30 s by default, 120 s asset detail by config, 60 s certificate and uploads, 10 s convert', () => {
    expect(timeoutFor('/trade/getShares')).toBe(30_000)
    expect(timeoutFor('/account/getAccountAssetDetailByConfig')).toBe(120_000)
    expect(timeoutFor('/asset/genAssetCertification')).toBe(60_000)
    expect(timeoutFor('/utils/uploadOssResource')).toBe(60_000)
    expect(timeoutFor('/transfer/external/uploadImage')).toBe(60_000)
    expect(timeoutFor('/trade/convert/do')).toBe(10_000)
    expect(timeoutFor('/trade/convert/prepare')).toBe(10_000)
  })

  it('gives each call its limit, or the one the call sets', async () => {
    mock.ok('GET', '/account/getAccountAssetDetailByConfig', {})
    mock.ok('POST', '/trade/convert/do', {})
    await get('/account/getAccountAssetDetailByConfig')
    await post('/trade/convert/do', {})
    mock.ok('GET', '/trade/getShares', {})
    await get('/trade/getShares', {}, { timeout: 5000 })
    expect(mock.calls.map((c) => c.timeout)).toEqual([120_000, 10_000, 5000])
  })
})

describe('the GET cache (docs/api.md#transport, docs/api.md#requests-in-flight)', () => {
  it('keys by page path, url and parameters (order does not matter)', () => {
    expect(cacheKey('/home', '/a', { x: 1, y: 2 })).toBe(cacheKey('/home', '/a', { y: 2, x: 1 }))
    expect(cacheKey('/home', '/a', { x: 1 })).not.toBe(cacheKey('/mine', '/a', { x: 1 }))
    expect(cacheKey('/home', '/a', { x: 1 })).not.toBe(cacheKey('/home', '/a', { x: 2 }))
  })

  it('answers the same GET from the cache for 1000 ms', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-23T10:00:00+08:00'))
    mock.ok('GET', '/trade/getShares', { n: 1 })
    await get('/trade/getShares', { fundCode: '1' })
    vi.setSystemTime(new Date('2026-11-23T10:00:00.999+08:00'))
    await get('/trade/getShares', { fundCode: '1' })
    expect(mock.calls).toHaveLength(1)
    await get('/trade/getShares', { fundCode: '2' })
    expect(mock.calls).toHaveLength(2)
    vi.setSystemTime(new Date('2026-11-23T10:00:01+08:00'))
    await get('/trade/getShares', { fundCode: '1' })
    expect(mock.calls).toHaveLength(3)
  })

  it('can be turned off or given another max age per call', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-23T10:00:00+08:00'))
    mock.ok('GET', '/a', 1)
    await get('/a', {}, { cache: false })
    await get('/a', {}, { cache: false })
    expect(mock.calls).toHaveLength(2)
    await get('/a', {}, { cache: { maxAge: 5000 } })
    vi.setSystemTime(new Date('2026-11-23T10:00:04.999+08:00'))
    await get('/a', {}, { cache: { maxAge: 5000 } })
    expect(mock.calls).toHaveLength(3)
  })

  it('merges identical concurrent GETs into one request', async () => {
    mock.ok('GET', '/trade/getShares', { n: 1 }, 20)
    const [a, b, c] = await Promise.all([
      get('/trade/getShares', { x: 1 }, { cache: false }),
      get('/trade/getShares', { x: 1 }, { cache: false }),
      get('/trade/getShares', { x: 2 }, { cache: false }),
    ])
    expect(a).toEqual({ n: 1 })
    expect(b).toBe(a)
    expect(c).toEqual({ n: 1 })
    expect(mock.calls).toHaveLength(2)
  })

  it('sends a GET asked after a write anew instead of joining one that left before it', async () => {
    mock.ok('GET', '/adviser/member/userProductStatus', { bound: false }, 40)
    mock.ok('POST', '/adviser/queryOpenId', null)
    const before = get('/adviser/member/userProductStatus', {}, { cache: false })
    await post('/adviser/queryOpenId', { code: 'c' })
    const after = get('/adviser/member/userProductStatus', {}, { cache: false })
    await Promise.all([before, after])
    expect(mock.calls.filter((c) => c.method === 'GET')).toHaveLength(2)
    // concurrent GETs after it merge again
    await Promise.all([
      get('/adviser/member/userProductStatus', {}, { cache: false }),
      get('/adviser/member/userProductStatus', {}, { cache: false }),
    ])
    expect(mock.calls.filter((c) => c.method === 'GET')).toHaveLength(3)
  })

  it('keeps no answer of a GET that left before a write and came back after it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-23T10:00:00+08:00'))
    mock.ok('GET', '/trade/investPlan/detail', { status: 'A' }, 40)
    mock.ok('POST', '/trade/investPlan/pause', null)
    const before = get('/trade/investPlan/detail')
    await post('/trade/investPlan/pause', {})
    await before
    // asked after the write: the earlier answer predates it, so the GET is sent again
    await get('/trade/investPlan/detail')
    expect(mock.calls.filter((c) => c.method === 'GET')).toHaveLength(2)
    // and an answer of after the write is cached as usual
    await get('/trade/investPlan/detail')
    expect(mock.calls.filter((c) => c.method === 'GET')).toHaveLength(2)
  })

  it('is cleared by any write, unless the write keeps it', async () => {
    mock.ok('GET', '/a', 1)
    mock.ok('POST', '/w', null)
    mock.ok('PUT', '/w', null)
    mock.ok('DELETE', '/w', null)
    await get('/a')
    await post('/w', {}, { keepCache: true })
    await get('/a')
    expect(mock.calls.filter((c) => c.url === '/a')).toHaveLength(1)
    await post('/w', {})
    await get('/a')
    await put('/w', {})
    await get('/a')
    await del('/w', { id: 1 })
    await get('/a')
    expect(mock.calls.filter((c) => c.url === '/a')).toHaveLength(4)
    expect(mock.calls.find((c) => c.method === 'DELETE')?.params).toEqual({ id: 1 })
  })
})

describe('the loading toast (docs/api.md#transport)', () => {
  it('shows while the call runs when asked', async () => {
    let during = -1
    mock.handle('GET', '/slow', async () => {
      during = loadings
      return { status: 200, body: { code: 0, msg: 'ok', data: 1 } }
    })
    await get('/slow', {}, { loading: true })
    expect(during).toBe(1)
    expect(loadings).toBe(0)
    await get('/slow', {}, { cache: false })
    expect(during).toBe(0)
  })
})

describe('the generic responses of docs/api.md#generic-responses', () => {
  it('401 outside the provider’s app restarts the login flow', async () => {
    mock.reply('GET', '/toast/isNeedRiskToast', 401, fail(40100, '登录已过期', 'invalid_token'))
    const err = await get('/toast/isNeedRiskToast').catch((e: unknown) => e)
    expect(err).toMatchObject({ status: 401, message: '登录已过期' })
    expect(logins).toBe(1)
    expect(errorPages).toEqual([])
  })

  it('401 inside the provider’s app opens the error page with a way back to the app', async () => {
    setStored(ENTRY_KEY, { isInApp: true, firstPath: 'home', query: {} }, null, sessionStorage)
    mock.reply('POST', '/tamp/traceLogs', 401, fail(40100, '登录已过期', 'invalid_token'))
    await post('/tamp/traceLogs', {}).catch(() => null)
    expect(logins).toBe(0)
    expect(errorPages).toEqual([
      { type: 'custom', toastText: '登录已过期，请返回重试', hideRetryBtn: true, backAfter: 5000 },
    ])
  })

  it('a GET whose toast is flagged toasts the server message, else 请求错误，请稍后再试', async () => {
    mock.reply('GET', '/a', 404, fail(40400, '数据不存在或已删除'))
    mock.networkError('GET', '/b')
    await get('/a', {}, { errorToast: true }).catch(() => null)
    await get('/b', {}, { errorToast: true }).catch(() => null)
    expect(toasts.map((t) => t.text)).toEqual(['数据不存在或已删除', '请求错误，请稍后再试'])
    expect(errorPages).toEqual([])
  })

  it('a GET not flagged opens the full-page error of its kind', async () => {
    mock.reply('GET', '/a', 404, fail(40400, '数据不存在或已删除'))
    mock.reply('GET', '/b', 502, fail(50000, '系统繁忙，请稍后再试'))
    mock.timeout('GET', '/c')
    mock.reply('GET', '/e', 400, fail(40001, '缺少必填参数：productCode'))
    await get('/a').catch(() => null)
    await get('/b').catch(() => null)
    await get('/c').catch(() => null)
    await get('/e').catch(() => null)
    // a missing object or an incomplete link is not a network problem
    expect(errorPages.map((p) => p.type)).toEqual(['missing', 'service', 'load', 'link'])
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    mock.networkError('GET', '/d')
    await get('/d').catch(() => null)
    expect(errorPages.at(-1)).toEqual({ type: 'offline' })
    online.mockRestore()
    expect(toasts).toEqual([])
  })

  it('calls on the error white list never open the error page', async () => {
    expect(isErrorWhiteListed('/trade/buyFund')).toBe(true)
    expect(isErrorWhiteListed('/trade/redeemPo')).toBe(true)
    expect(isErrorWhiteListed('/trade/investPlan/create')).toBe(true)
    expect(isErrorWhiteListed('/auth/login/getPhoneVerifyCode')).toBe(true)
    expect(isErrorWhiteListed('/trade/getShares')).toBe(false)
    mock.networkError('GET', '/product/navSeries')
    mock.networkError('GET', '/trade/getShares')
    await get('/trade/getShares', {}, { noErrorPage: true }).catch(() => null)
    await get('/product/navSeries').catch(() => null)
    expect(errorPages).toEqual([])
  })

  it('calls on the no-refresh list fail quietly', async () => {
    expect(isNoRefresh('/trade/estimateBuyFundFee')).toBe(true)
    expect(isNoRefresh('/trade/prepareBuyPo')).toBe(true)
    expect(isNoRefresh('/product/navSeries')).toBe(true)
    mock.reply('GET', '/trade/estimateBuyFundFee', 400, fail(61001, '金额有误'))
    await get('/trade/estimateBuyFundFee', {}, { errorToast: true }).catch(() => null)
    expect(toasts).toEqual([])
    expect(errorPages).toEqual([])
  })

  it('a write toasts the server message for 5 s, else the duplicate-operation warning', async () => {
    mock.reply('POST', '/trade/buyFund', 400, fail(60001, '可用份额不足'))
    mock.timeout('POST', '/trade/buyPo')
    mock.networkError('PUT', '/account/updateFinancialAccount')
    await post('/trade/buyFund', {}).catch(() => null)
    await post('/trade/buyPo', {}).catch(() => null)
    await put('/account/updateFinancialAccount', {}).catch(() => null)
    expect(toasts).toEqual([
      { text: '可用份额不足', duration: 5000 },
      { text: '请求异常，请确认本次操作结果，避免重复操作', duration: 5000 },
      { text: '请求异常，请确认本次操作结果，避免重复操作', duration: 5000 },
    ])
    expect(errorPages).toEqual([])
  })

  it('an asset call toasts the server message, or 获取资产信息失败 without one', async () => {
    mock.reply('GET', '/account/getAccountAsset', 404, fail(40400, '账户不存在'))
    mock.networkError('GET', '/account/getAccountAssetList')
    const options = { errorToast: true, errorFallback: MESSAGES.assetFailed }
    await get('/account/getAccountAsset', {}, options).catch(() => null)
    await get('/account/getAccountAssetList', {}, options).catch(() => null)
    expect(toasts.map((t) => t.text)).toEqual(['账户不存在', '获取资产信息失败'])
  })

  it('writes of docs/api.md#toast-option have their toast off unless asked', async () => {
    mock.reply('POST', '/roboServiceAccount/signDeposit', 400, fail(65002, '签约失败'))
    mock.reply('POST', '/serviceAccount/contract/sign', 400, fail(65003, '签约失败'))
    await post('/roboServiceAccount/signDeposit', {}).catch(() => null)
    await post('/serviceAccount/contract/sign', {}).catch(() => null)
    expect(toasts).toEqual([])
    await post('/serviceAccount/contract/sign', {}, { errorToast: true }).catch(() => null)
    expect(toasts).toEqual([{ text: '签约失败', duration: 5000 }])
  })

  it('a write may turn its toast off or word it itself', async () => {
    mock.reply('POST', '/adviser/sign', 400, fail(65001, '签约失败'))
    await post('/adviser/sign', {}, { errorToast: false }).catch(() => null)
    expect(toasts).toEqual([])
    await post('/adviser/sign', {}, { errorText: '网络错误' }).catch(() => null)
    expect(toasts).toEqual([{ text: '网络错误', duration: 5000 }])
  })

  it('ignores the anti-money-laundering upload’s 400', async () => {
    mock.reply('POST', '/account/antiMoney/upload', 400, fail(62100, '请上传证件'))
    const err = await post('/account/antiMoney/upload', {}).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(toasts).toEqual([])
    expect(errorPages).toEqual([])
  })

  it('reports failures unless the call opts out', async () => {
    mock.networkError('GET', '/a')
    await get('/a').catch(() => null)
    await get('/a', {}, { noReport: true, cache: false }).catch(() => null)
    expect(reports).toHaveLength(1)
  })
})

describe('the message lookup of docs/api.md#error-page and the network codes of docs/api.md#trade-network-errors', () => {
  it('falls back to the default message for anything that is not an HTTP failure', () => {
    expect(toApiError(new Error('boom')).message).toBe('网络异常，请稍后再试。')
    expect(toApiError(null).message).toBe('网络异常，请稍后再试。')
  })

  it('words timeouts, refused, reset and unknown hosts', async () => {
    const cases: [string, string][] = [
      ['ECONNABORTED', '网络超时，请检查网络环境'],
      ['ETIMEDOUT', '网络超时，请检查网络环境'],
      ['ENOTFOUND', '网络连接失败，请检查网络环境'],
      ['ECONNREFUSED', '服务暂时无法连接，请稍后再试'],
      ['ECONNRESET', '网络连接中断，请稍后再试'],
      ['ERR_NETWORK', '网络异常，请稍后再试。'],
    ]
    for (const [code, text] of cases) {
      mock.networkError('GET', `/n/${code}`, code, code === 'ERR_NETWORK' ? 'Network Error' : code)
      const err = (await get(`/n/${code}`, {}, { quiet: true }).catch(
        (e: unknown) => e,
      )) as ApiError
      expect(err.message, code).toBe(text)
    }
    mock.timeout('GET', '/slow', 30_000)
    const slow = (await get('/slow', {}, { quiet: true }).catch((e: unknown) => e)) as ApiError
    expect(slow.timedOut).toBe(true)
  })

  it('prefers the client’s wording of an error key, then the message, then the key', async () => {
    mock.reply('GET', '/t', 401, { code: 40100, msg: 'token expired', error: 'invalid_token' })
    mock.reply('GET', '/u', 400, { code: 1, msg: '', error: 'some_key' })
    expect(((await get('/t').catch((e) => e)) as ApiError).message).toBe('登录已过期')
    expect(((await get('/u', {}, { quiet: true }).catch((e) => e)) as ApiError).message).toBe(
      'some_key',
    )
  })
})

describe('the login restart and the error page', () => {
  it('waits 300 ms, drops the session, keeps where the user was and goes to /empower once', () => {
    vi.useFakeTimers()
    const visits: string[] = []
    setNavigator((to) => void visits.push(to))
    window.history.replaceState(null, '', '/h5/opentamp-trade-h5/allot?productCode=000001')
    setSession({ accessToken: 't', expiresIn: 3600, brokerUserId: 1 })
    restartLogin()
    restartLogin()
    vi.advanceTimersByTime(299)
    expect(visits).toEqual([])
    expect(getSession()).not.toBeNull()
    vi.advanceTimersByTime(1)
    expect(visits).toEqual([`/empower?storageKey=${REDIRECT_KEY}`])
    expect(getSession()).toBeNull()
    expect(takeRedirect()).toEqual({ path: '/allot', query: '?productCode=000001' })
    setNavigator(null)
  })

  it('opens the error page with the callback payload, and no second offline page', () => {
    const visits: string[] = []
    setNavigator((to) => void visits.push(to))
    window.history.replaceState(null, '', '/h5/opentamp-trade-h5/mine?tab=1')
    openErrorPage({ type: 'load' })
    const q = new URLSearchParams(visits[0].split('?')[1])
    expect(q.get('type')).toBe('load')
    expect(JSON.parse(q.get('payload') ?? '')).toEqual({ path: '/mine', query: '?tab=1' })
    window.history.replaceState(null, '', `/h5/opentamp-trade-h5/error?type=offline`)
    openErrorPage({ type: 'offline' })
    expect(visits).toHaveLength(1)
    openErrorPage({ type: 'service' })
    expect(visits).toHaveLength(2)
    setNavigator(null)
  })

  it('does not restart the login while a visit that began on app-login is still on it', () => {
    vi.useFakeTimers()
    const visits: string[] = []
    setNavigator((to) => void visits.push(to))
    setStored(
      ENTRY_KEY,
      { firstPath: 'app-login', query: {}, isInApp: false },
      null,
      sessionStorage,
    )
    window.history.replaceState(null, '', '/h5/opentamp-trade-h5/app-login')
    restartLogin()
    vi.advanceTimersByTime(1000)
    expect(visits).toEqual([])
    window.history.replaceState(null, '', '/h5/opentamp-trade-h5/home')
    restartLogin()
    vi.advanceTimersByTime(300)
    expect(visits).toEqual([`/empower?storageKey=${REDIRECT_KEY}`])
    setNavigator(null)
  })

  it('handleFailure keeps 401 handling even for quiet calls', () => {
    const err = new ApiError('登录已过期', 40100, 401, 'invalid_token')
    handleFailure(err, {
      method: 'GET',
      url: '/x',
      options: { quiet: true },
      durationMs: 1,
      timeout: 30_000,
    })
    expect(logins).toBe(1)
  })
})
