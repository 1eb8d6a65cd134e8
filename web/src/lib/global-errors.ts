/**
 * The app's listeners for errors no screen catches: script errors and unhandled promise
 * rejections are reported; a failed asset shows 资源加载失败，请重试 once per visit (a chunk
 * failure is left to the route, which shows the chunk-load failure screen).
 */
import { ApiError, configureTransport } from './api-client'
import { isChunkLoadError, RESOURCE_ERROR_TEXT, takeResourceToastTurn } from './chunk'
import { reporter, type ErrorReporter } from './error-report'
import { showFailToast } from './toast'

function assetUrl(target: EventTarget | null): string | null {
  if (!target || !(target instanceof Element)) return null
  const el = target as HTMLElement & { src?: string; href?: string }
  return el.src || el.href || null
}

export function onWindowError(event: Event, sink: ErrorReporter = reporter): void {
  const url = assetUrl(event.target)
  if (url) {
    const chunk = /\/assets\/.+\.m?js(\?|$)/.test(url)
    sink.capture({
      type: chunk ? 'chunkError' : 'resourceError',
      message: `asset failed: ${url}`,
      url,
    })
    if (!chunk && takeResourceToastTurn()) showFailToast(RESOURCE_ERROR_TEXT)
    return
  }
  const error = (event as ErrorEvent).error
  const message = (event as ErrorEvent).message ?? String(error)
  if (isChunkLoadError(error)) return // the route's error screen reports it
  sink.capture({
    type: 'jsError',
    name: error instanceof Error ? error.name : 'Error',
    message,
    stack: error instanceof Error ? error.stack : undefined,
  })
}

export function onUnhandledRejection(event: PromiseRejectionEvent, sink = reporter): void {
  const reason = event.reason
  if (reason instanceof ApiError || isChunkLoadError(reason)) return // reported already
  sink.capture({
    type: 'jsError',
    name: 'UnhandledRejection',
    message: reason instanceof Error ? reason.message : String(reason),
    stack: reason instanceof Error ? reason.stack : undefined,
  })
}

/** First contentful paint is reported as a metric; none within 15 s is reported as
 * fcpTimeout (docs/api.md#limits "First contentful paint timeout"). */
export const FCP_TIMEOUT_MS = 15_000

export function observeFirstContentfulPaint(sink: ErrorReporter = reporter): void {
  if (typeof PerformanceObserver === 'undefined') return
  let seen = false
  const timer = setTimeout(() => {
    if (!seen) sink.capture({ type: 'metric', name: 'fcpTimeout', value: FCP_TIMEOUT_MS })
  }, FCP_TIMEOUT_MS)
  try {
    const observer = new PerformanceObserver((list) => {
      const fcp = list.getEntries().find((e) => e.name === 'first-contentful-paint')
      if (!fcp) return
      seen = true
      clearTimeout(timer)
      observer.disconnect()
      sink.capture({ type: 'metric', name: 'FCP', value: Math.round(fcp.startTime) })
    })
    observer.observe({ type: 'paint', buffered: true })
  } catch {
    clearTimeout(timer) // a browser without paint timing: nothing to measure
  }
}

let installed = false

export function installGlobalErrorHandlers(): void {
  if (installed) return
  installed = true
  configureTransport({ report: (error, context) => void reporter.captureApi(error, context) })
  window.addEventListener('error', (e) => onWindowError(e), true)
  window.addEventListener('unhandledrejection', (e) => onUnhandledRejection(e))
  observeFirstContentfulPaint()
}
