/** A tiny adapter of the HTTP layer (lib/http.ts) for unit tests: canned replies by method and
 * URL, and the calls made. */
import { HttpError, type Adapter, type HttpRequest, type HttpResponse } from './http'

type Reply =
  | { status: number; body: unknown; delayMs?: number }
  | { networkError: true; code?: string; message?: string }
  | { handler: (request: HttpRequest) => Promise<{ status: number; body: unknown }> }

export interface RecordedCall {
  method: string
  url: string
  params?: unknown
  data?: unknown
  headers: Record<string, string>
  timeout?: number
}

export default class MockAdapter {
  private replies = new Map<string, Reply>()
  readonly calls: RecordedCall[] = []

  constructor(instance: { adapter: Adapter }) {
    instance.adapter = async (request) => {
      const { method, url } = request
      this.calls.push({
        method,
        url,
        params: request.params,
        data: request.data,
        headers: { ...request.headers },
        timeout: request.timeout,
      })
      const reply = this.replies.get(`${method} ${url}`)
      if (!reply) throw new HttpError(`no reply for ${method} ${url}`, 'ERR_NO_REPLY')
      if ('networkError' in reply) {
        throw new HttpError(reply.message ?? 'Network Error', reply.code ?? 'ERR_NETWORK')
      }
      const { status, body } =
        'handler' in reply
          ? await reply.handler(request)
          : await new Promise<{ status: number; body: unknown }>((resolve) =>
              setTimeout(() => resolve(reply), reply.delayMs ?? 0),
            )
      const response: HttpResponse = { data: body, status, headers: {} }
      if (status >= 400) throw new HttpError('Request failed', 'ERR_BAD_RESPONSE', response)
      return response
    }
  }

  reply(method: string, url: string, status: number, body: unknown, delayMs = 0) {
    this.replies.set(`${method} ${url}`, { status, body, delayMs })
  }

  /** Answer `{code: 0, data}`. */
  ok(method: string, url: string, data: unknown, delayMs = 0) {
    this.reply(method, url, 200, { code: 0, msg: 'ok', data }, delayMs)
  }

  handle(
    method: string,
    url: string,
    handler: (request: HttpRequest) => Promise<{ status: number; body: unknown }>,
  ) {
    this.replies.set(`${method} ${url}`, { handler })
  }

  networkError(method: string, url: string, code = 'ERR_NETWORK', message = 'Network Error') {
    this.replies.set(`${method} ${url}`, { networkError: true, code, message })
  }

  timeout(method: string, url: string, ms = 30_000) {
    this.networkError(method, url, 'ECONNABORTED', `timeout of ${ms}ms exceeded`)
  }

  reset() {
    this.replies.clear()
    this.calls.length = 0
  }
}
