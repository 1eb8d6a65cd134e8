/** A tiny axios adapter for unit tests: canned replies by method and URL. */
import {
  AxiosError,
  type AxiosAdapter,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios'

type Reply =
  | { status: number; body: unknown; delayMs?: number }
  | { networkError: true; code?: string; message?: string }
  | { handler: (config: InternalAxiosRequestConfig) => Promise<{ status: number; body: unknown }> }

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

  constructor(instance: AxiosInstance) {
    const adapter: AxiosAdapter = async (config) => {
      const method = (config.method ?? 'get').toUpperCase()
      const url = config.url ?? ''
      const headers: Record<string, string> = {}
      for (const [k, v] of Object.entries(config.headers?.toJSON?.() ?? {})) headers[k] = String(v)
      let data = config.data
      if (typeof data === 'string') {
        try {
          data = JSON.parse(data)
        } catch {
          // not JSON: keep the text
        }
      }
      this.calls.push({
        method,
        url,
        params: config.params,
        data,
        headers,
        timeout: config.timeout,
      })
      const reply = this.replies.get(`${method} ${url}`)
      if (!reply) throw new AxiosError(`no reply for ${method} ${url}`, 'ERR_NO_REPLY', config)
      if ('networkError' in reply) {
        throw new AxiosError(reply.message ?? 'Network Error', reply.code ?? 'ERR_NETWORK', config)
      }
      const { status, body } =
        'handler' in reply
          ? await reply.handler(config)
          : await new Promise<{ status: number; body: unknown }>((resolve) =>
              setTimeout(() => resolve(reply), reply.delayMs ?? 0),
            )
      const response: AxiosResponse = { data: body, status, statusText: '', headers: {}, config }
      if (status >= 400) {
        throw new AxiosError('Request failed', 'ERR_BAD_RESPONSE', config, null, response)
      }
      return response
    }
    instance.defaults.adapter = adapter
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
    handler: (config: InternalAxiosRequestConfig) => Promise<{ status: number; body: unknown }>,
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
