/**
 * The HTTP layer under the API client (docs/architecture.md#transport), on the browser's `fetch`:
 * what the client needs of a request library and no more (docs/architecture.md#first-load).
 *
 * - Query parameters are written as the client always wrote them: `key=value` with
 *   `encodeURIComponent` except `:$,[]` and a space as `+`; an array as `key[]=a&key[]=b`, an
 *   object member as `key[member]=v`, a date as its ISO text; undefined and null are left out.
 * - A plain-object body goes as JSON; FormData, URLSearchParams, Blob and text as they are.
 * - A time limit aborts the call: `ECONNABORTED` ("timeout of N ms exceeded"); no answer at all
 *   is `ERR_NETWORK`; an answer outside 2xx is an `HttpError` carrying the answer.
 * - An answer's body is parsed as JSON when it is JSON, else kept as text (or as a Blob when
 *   the request asks for one: a file to save).
 */

export interface HttpRequest {
  method: string
  /** The call's path under the API base, e.g. `/account/getAccount`. */
  url: string
  params?: object
  data?: unknown
  headers: Record<string, string>
  /** Milliseconds; 0 for none. */
  timeout: number
  /** `blob` keeps the answer's body as a Blob (a file to save), else it is parsed. */
  responseType?: 'blob'
}

export interface HttpResponse<T = unknown> {
  status: number
  /** Header values by lower-case name. */
  headers: Record<string, string>
  data: T
}

/** A call that got no answer (`code` ERR_NETWORK, ECONNABORTED) or an answer outside 2xx
 * (`response` set). */
export class HttpError extends Error {
  readonly code: string
  readonly response: HttpResponse | undefined

  constructor(message: string, code: string, response?: HttpResponse) {
    super(message)
    this.name = 'HttpError'
    this.code = code
    this.response = response
  }
}

export type Adapter = (request: HttpRequest, baseURL: string) => Promise<HttpResponse>

function encode(value: string): string {
  return encodeURIComponent(value)
    .replace(/%3A/gi, ':')
    .replace(/%24/g, '$')
    .replace(/%2C/gi, ',')
    .replace(/%20/g, '+')
    .replace(/%5B/gi, '[')
    .replace(/%5D/gi, ']')
}

function scalar(value: unknown): string {
  if (value instanceof Date) return value.toISOString()
  if (value !== null && typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** The query string of the parameters (module docstring), without the `?`. */
export function serializeParams(params: object | undefined): string {
  const parts: string[] = []
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null) return
    parts.push(`${encode(key)}=${encode(scalar(value))}`)
  }
  for (const [key, value] of Object.entries(params ?? {})) {
    if (Array.isArray(value)) {
      for (const item of value) add(`${key}[]`, item)
    } else if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
      for (const [member, inner] of Object.entries(value)) add(`${key}[${member}]`, inner)
    } else {
      add(key, value)
    }
  }
  return parts.join('&')
}

export function requestUrl(baseURL: string, url: string, params?: object): string {
  const query = serializeParams(params)
  const path = /^https?:\/\//.test(url)
    ? url
    : `${baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`
  const full = query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path
  // relative to the page, as the browser resolves it (tests run without a page address of
  // fetch's own)
  return typeof window !== 'undefined' ? new URL(full, window.location.href).toString() : full
}

function body(data: unknown, headers: Record<string, string>): BodyInit | undefined {
  if (data === undefined || data === null) return undefined
  if (
    typeof data === 'string' ||
    data instanceof FormData ||
    data instanceof URLSearchParams ||
    data instanceof Blob ||
    data instanceof ArrayBuffer
  ) {
    return data
  }
  headers['Content-Type'] ??= 'application/json'
  return JSON.stringify(data)
}

async function parse(res: Response): Promise<unknown> {
  const text = await res.text()
  if (!text) return text
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** The adapter that goes to the network. */
export const fetchAdapter: Adapter = async (request, baseURL) => {
  const headers: Record<string, string> = {
    Accept: 'application/json, text/plain, */*',
    ...request.headers,
  }
  const init: RequestInit = {
    method: request.method,
    headers,
    body:
      request.method === 'GET' || request.method === 'HEAD'
        ? undefined
        : body(request.data, headers),
    credentials: 'same-origin',
  }
  const controller = new AbortController()
  init.signal = controller.signal
  let timedOut = false
  const timer =
    request.timeout > 0
      ? setTimeout(() => {
          timedOut = true
          controller.abort()
        }, request.timeout)
      : null
  try {
    const res = await fetch(requestUrl(baseURL, request.url, request.params), init)
    const response: HttpResponse = {
      status: res.status,
      headers: Object.fromEntries([...res.headers].map(([k, v]) => [k.toLowerCase(), v])),
      data: request.responseType === 'blob' && res.ok ? await res.blob() : await parse(res),
    }
    if (res.status < 200 || res.status >= 300) {
      const code = res.status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST'
      throw new HttpError(`Request failed with status code ${res.status}`, code, response)
    }
    return response
  } catch (error) {
    if (error instanceof HttpError) throw error
    if (timedOut) throw new HttpError(`timeout of ${request.timeout}ms exceeded`, 'ECONNABORTED')
    throw new HttpError('Network Error', 'ERR_NETWORK')
  } finally {
    if (timer !== null) clearTimeout(timer)
  }
}
