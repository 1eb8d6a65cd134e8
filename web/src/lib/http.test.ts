import { afterEach, describe, expect, it, vi } from 'vitest'
import { fetchAdapter, HttpError, requestUrl, serializeParams, type HttpRequest } from './http'

const call = (over: Partial<HttpRequest> = {}): HttpRequest => ({
  method: 'GET',
  url: '/account/getAccount',
  headers: {},
  timeout: 0,
  ...over,
})

function answer(status: number, body: string, headers: Record<string, string> = {}) {
  return vi.fn(async () => new Response(body, { status, headers }))
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('query parameters (docs/architecture.md#transport)', () => {
  it('are written as the client always wrote them', () => {
    expect(
      serializeParams({
        productCode: '004101',
        q: 'a b:c,$',
        page: 1,
        ok: false,
        gone: undefined,
        none: null,
        codes: ['a', 'b'],
        range: { from: 1, to: 2 },
        at: new Date('2026-01-02T03:04:05Z'),
        text: '中文&=',
      }),
    ).toBe(
      'productCode=004101&q=a+b:c,$&page=1&ok=false&codes[]=a&codes[]=b&range[from]=1' +
        '&range[to]=2&at=2026-01-02T03:04:05.000Z&text=%E4%B8%AD%E6%96%87%26%3D',
    )
  })

  it('go after the API base, resolved against the page', () => {
    expect(requestUrl('/api/v1/opentamp', '/a/b', { x: 1 })).toBe(
      `${window.location.origin}/api/v1/opentamp/a/b?x=1`,
    )
  })
})

describe('the fetch adapter', () => {
  it('sends a plain object as JSON with the headers, and parses a JSON answer', async () => {
    const fetch = answer(200, '{"code":0,"msg":"ok","data":1}', { 'X-Server-Time': '5' })
    vi.stubGlobal('fetch', fetch)
    const res = await fetchAdapter(
      call({ method: 'POST', data: { a: 1 }, headers: { Authorization: 'Bearer t' } }),
      '/api/v1/opentamp',
    )
    expect(res).toEqual({
      status: 200,
      headers: expect.objectContaining({ 'x-server-time': '5' }),
      data: { code: 0, msg: 'ok', data: 1 },
    })
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe(`${window.location.origin}/api/v1/opentamp/account/getAccount`)
    expect(init.method).toBe('POST')
    expect(init.body).toBe('{"a":1}')
    expect(init.headers).toMatchObject({
      Authorization: 'Bearer t',
      'Content-Type': 'application/json',
    })
  })

  it('sends form data as it is (the browser writes its content type)', async () => {
    const fetch = answer(200, '{}')
    vi.stubGlobal('fetch', fetch)
    const form = new FormData()
    form.append('scene', 'idFront')
    await fetchAdapter(call({ method: 'POST', data: form }), '/api')
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1]
    expect(init.body).toBe(form)
    expect(init.headers).not.toHaveProperty('Content-Type')
  })

  it('fails an answer outside 2xx with the answer, parsed', async () => {
    vi.stubGlobal('fetch', answer(429, '{"code":3,"msg":"太频繁","data":{"retryAfter":9}}'))
    const error = await fetchAdapter(call(), '/api').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).code).toBe('ERR_BAD_REQUEST')
    expect((error as HttpError).response?.status).toBe(429)
    expect((error as HttpError).response?.data).toEqual({
      code: 3,
      msg: '太频繁',
      data: { retryAfter: 9 },
    })
    vi.stubGlobal('fetch', answer(502, 'Bad Gateway'))
    const gateway = (await fetchAdapter(call(), '/api').catch((e: unknown) => e)) as HttpError
    expect(gateway.code).toBe('ERR_BAD_RESPONSE')
    expect(gateway.response?.data).toBe('Bad Gateway')
  })

  it('calls no answer ERR_NETWORK, and a call past its time limit ECONNABORTED', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    const down = (await fetchAdapter(call(), '/api').catch((e: unknown) => e)) as HttpError
    expect([down.code, down.message]).toEqual(['ERR_NETWORK', 'Network Error'])

    vi.useFakeTimers()
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () =>
              reject(new DOMException('aborted', 'AbortError')),
            ),
          ),
      ),
    )
    const pending = fetchAdapter(call({ timeout: 10_000 }), '/api').catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(10_000)
    const slow = (await pending) as HttpError
    expect([slow.code, slow.message]).toEqual(['ECONNABORTED', 'timeout of 10000ms exceeded'])
  })
})
