/** msw for client tests: answers the API's calls under /api/v1/opentamp with envelopes. */
import { http, HttpResponse, type JsonBodyType } from 'msw'
import { setupServer } from 'msw/node'

export const server = setupServer()

export const API = '*/api/v1/opentamp'

export const envelope = (data: JsonBodyType) => HttpResponse.json({ code: 0, msg: 'ok', data })

export const failure = (status: number, code: number, msg: string, error = 'error') =>
  HttpResponse.json({ code, msg, error, data: null }, { status })

/** Record what each call received: query parameters for reads, the JSON body for writes. */
export interface Recorded {
  method: string
  path: string
  query: Record<string, string>
  body: unknown
}

export function recorder() {
  const calls: Recorded[] = []
  server.events.on('request:start', async ({ request }) => {
    const url = new URL(request.url)
    let body: unknown = null
    if (request.method !== 'GET') {
      try {
        body = await request.clone().json()
      } catch {
        body = null
      }
    }
    calls.push({
      method: request.method,
      path: url.pathname.replace(/^\/api\/v1\/opentamp/, ''),
      query: Object.fromEntries(url.searchParams),
      body,
    })
  })
  return calls
}

export { http, HttpResponse }
