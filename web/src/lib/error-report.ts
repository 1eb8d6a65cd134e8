/**
 * Error reports and measurements, sent to our own server (`POST /noauth/saveMetrics`), never to
 * a third party (docs/api.md#messages-and-codes "Reporting").
 *
 * - Not reported: HTTP statuses 400, 401, 500 and 501 (the server logged them, or they are the
 *   user's own mistakes), timeouts of 20 000 and 30 000 ms, and bare "Network Error"s.
 * - Sampled at 0.1: one failure in ten is sent. Chunk, resource and store-link errors are
 *   always sent: they are rare and each one means a page could not open.
 * - The frequent-error detector: 5 errors within 20 s is a burst; a burst is sent once, as a
 *   single report with its count, instead of each error, so a failing loop cannot flood.
 */
import { ApiError, post, type FailureContext } from './api-client'
import { getBrokerId } from './broker'
import { currentPath } from './navigation'
import { getSession } from './session'

export const IGNORED_STATUSES = new Set([400, 401, 500, 501])
export const IGNORED_TIMEOUTS = new Set([20_000, 30_000])
export const SAMPLE_RATE = 0.1
export const FREQUENT_COUNT = 5
export const FREQUENT_WINDOW_MS = 20_000

export type ReportType =
  'jsError' | 'apiError' | 'chunkError' | 'resourceError' | 'linkError' | 'metric'

export interface Report {
  type: ReportType
  name?: string
  message?: string
  stack?: string
  page?: string
  url?: string
  method?: string
  status?: number
  value?: number
  extra?: Record<string, unknown>
}

export interface ReporterDeps {
  send: (report: Report) => Promise<unknown> | void
  random?: () => number
  now?: () => number
}

const ALWAYS: ReadonlySet<ReportType> = new Set(['chunkError', 'resourceError', 'linkError'])

/** Whether a failed call is one the rules leave unreported. */
export function isIgnoredApiError(error: ApiError, context: Pick<FailureContext, 'timeout'>) {
  if (error.status !== undefined && IGNORED_STATUSES.has(error.status)) return true
  if (error.timedOut && IGNORED_TIMEOUTS.has(context.timeout)) return true
  return error.error === 'ERR_NETWORK' || error.error === 'Network Error'
}

export function isIgnoredMessage(message: string | undefined): boolean {
  if (!message) return false
  return message === 'Network Error' || /^timeout of (20000|30000)ms exceeded$/.test(message)
}

export class ErrorReporter {
  private times: number[] = []
  private burstSent = false
  private readonly random: () => number
  private readonly now: () => number

  constructor(private readonly deps: ReporterDeps) {
    this.random = deps.random ?? Math.random
    this.now = deps.now ?? Date.now
  }

  /** Count an error; true while 5 or more fell within the last 20 s. */
  isFrequent(): boolean {
    const now = this.now()
    this.times = this.times.filter((t) => now - t < FREQUENT_WINDOW_MS)
    this.times.push(now)
    return this.times.length >= FREQUENT_COUNT
  }

  /** Send a report if the rules let it through; returns whether it was sent. */
  capture(report: Report): boolean {
    if (report.type === 'metric') return this.sample(report)
    if (isIgnoredMessage(report.message)) return false
    if (this.isFrequent()) {
      if (this.burstSent) return false
      this.burstSent = true
      this.deps.send({
        type: 'jsError',
        name: 'frequentErrors',
        message: `${this.times.length} errors within ${FREQUENT_WINDOW_MS / 1000} s; last: ${report.message ?? ''}`,
        page: report.page ?? currentPath(),
      })
      return true
    }
    this.burstSent = false
    if (ALWAYS.has(report.type)) {
      this.deps.send({ page: currentPath(), ...report })
      return true
    }
    return this.sample(report)
  }

  captureApi(error: ApiError, context: FailureContext): boolean {
    if (isIgnoredApiError(error, context)) return false
    return this.capture({
      type: 'apiError',
      name: `${context.method} ${context.url}`,
      message: error.message,
      url: context.url,
      method: context.method,
      status: error.status,
      extra: { code: error.code, error: error.error, durationMs: context.durationMs },
    })
  }

  private sample(report: Report): boolean {
    if (this.random() >= SAMPLE_RATE) return false
    this.deps.send({ page: currentPath(), ...report })
    return true
  }
}

const cut = (text: string | undefined, max: number) => (text ?? '').slice(0, max)

/** The server's call: texts cut to what it accepts; who and where added. */
export function sendReport(report: Report): Promise<unknown> {
  const session = getSession()
  return post(
    '/noauth/saveMetrics',
    {
      ...report,
      name: cut(report.name, 64),
      message: cut(report.message, 2000),
      stack: cut(report.stack, 8000),
      page: cut(report.page, 1024),
      url: cut(report.url, 1024),
      brokerUserId: session?.brokerUserId,
      userAgent: cut(navigator.userAgent, 512),
      broker: getBrokerId() ?? undefined,
    },
    { quiet: true, noReport: true, keepCache: true, withToken: true },
  ).catch(() => undefined)
}

export const reporter = new ErrorReporter({ send: sendReport })
