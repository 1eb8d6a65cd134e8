import { describe, expect, it } from 'vitest'
import { ApiError } from './api-client'
import {
  ErrorReporter,
  FREQUENT_COUNT,
  FREQUENT_WINDOW_MS,
  SAMPLE_RATE,
  isIgnoredApiError,
  type Report,
} from './error-report'

function reporter(random = () => 0, start = 1_000_000) {
  const sent: Report[] = []
  let now = start
  const r = new ErrorReporter({ send: (rep) => void sent.push(rep), random, now: () => now })
  return { r, sent, tick: (ms: number) => (now += ms) }
}

const ctx = (timeout = 30_000) => ({
  method: 'GET',
  url: '/a',
  options: {},
  durationMs: 10,
  timeout,
})

describe('error reporting rules (docs/api.md#messages-and-codes)', () => {
  it('ignores statuses 400, 401, 500 and 501, but not 404 or 502', () => {
    for (const status of [400, 401, 500, 501])
      expect(isIgnoredApiError(new ApiError('x', 1, status), ctx()), String(status)).toBe(true)
    for (const status of [404, 502])
      expect(isIgnoredApiError(new ApiError('x', 1, status), ctx()), String(status)).toBe(false)
  })

  it('ignores timeouts of 20 000 and 30 000 ms, and Network Error', () => {
    const timeout = new ApiError('网络超时，请检查网络环境', -1, undefined, 'ECONNABORTED')
    expect(isIgnoredApiError(timeout, ctx(30_000))).toBe(true)
    expect(isIgnoredApiError(timeout, ctx(20_000))).toBe(true)
    expect(isIgnoredApiError(timeout, ctx(120_000))).toBe(false)
    expect(isIgnoredApiError(new ApiError('x', -1, undefined, 'ERR_NETWORK'), ctx())).toBe(true)
    const { r, sent } = reporter()
    expect(r.capture({ type: 'jsError', message: 'Network Error' })).toBe(false)
    expect(r.capture({ type: 'jsError', message: 'timeout of 30000ms exceeded' })).toBe(false)
    expect(r.capture({ type: 'jsError', message: 'timeout of 10000ms exceeded' })).toBe(true)
    expect(sent).toHaveLength(1)
  })

  it('samples one in ten', () => {
    expect(SAMPLE_RATE).toBe(0.1)
    const low = reporter(() => 0.0999)
    expect(low.r.capture({ type: 'jsError', message: 'a' })).toBe(true)
    const high = reporter(() => 0.1)
    expect(high.r.capture({ type: 'jsError', message: 'a' })).toBe(false)
    expect(high.r.captureApi(new ApiError('x', 1, 404), ctx())).toBe(false)
    expect(high.sent).toEqual([])
  })

  it('always sends chunk, resource and store-link errors', () => {
    const { r, sent } = reporter(() => 0.99)
    r.capture({ type: 'chunkError', message: 'c' })
    r.capture({ type: 'resourceError', message: 'r' })
    r.capture({ type: 'linkError', message: 'l' })
    expect(sent.map((s) => s.type)).toEqual(['chunkError', 'resourceError', 'linkError'])
  })

  it('detects 5 errors within 20 s and sends the burst once', () => {
    expect([FREQUENT_COUNT, FREQUENT_WINDOW_MS]).toEqual([5, 20_000])
    const { r, sent, tick } = reporter()
    for (let i = 0; i < 4; i += 1) {
      r.capture({ type: 'jsError', message: `e${i}` })
      tick(4000)
    }
    // Four errors at 0, 4, 8 and 12 s; the fifth at 16 s makes a burst.
    expect(sent).toHaveLength(4)
    r.capture({ type: 'jsError', message: 'e4' })
    r.capture({ type: 'jsError', message: 'e5' })
    expect(sent).toHaveLength(5)
    expect(sent[4]).toMatchObject({ name: 'frequentErrors' })
    // 40 s later the window is empty again: reports go out one by one.
    tick(40_000)
    r.capture({ type: 'jsError', message: 'later' })
    expect(sent.at(-1)).toMatchObject({ message: 'later' })
  })

  it('puts an API failure into a report with its call', () => {
    const { r, sent } = reporter()
    r.captureApi(new ApiError('请求错误', 61001, 404, 'not_found'), { ...ctx(), url: '/trade/x' })
    expect(sent[0]).toMatchObject({
      type: 'apiError',
      name: 'GET /trade/x',
      status: 404,
      url: '/trade/x',
      extra: { code: 61001, error: 'not_found', durationMs: 10 },
    })
  })
})
