/**
 * Failed downloads of the app's own code and assets (docs/product.md#screens-and-routes error page,
 * docs/api.md#error-page, docs/api.md#messages-and-codes, docs/api.md#limits).
 *
 * - A screen's code (a chunk) that fails to load is tried again 3 times, each time with a
 *   retry timestamp in its query so no cache answers; then the route shows the chunk-load
 *   failure screen 加载失败了 / 重新加载 with "Loading chunk … failed after 3 retries".
 * - 重新加载 stores a refresh marker and reloads; the next visit that loads a screen clears it
 *   (and reports that the reload helped).
 * - Any other asset (image, style, script) that fails shows 资源加载失败，请重试 once per visit.
 */

export const CHUNK_RETRIES = 3
export const REFRESH_MARKER_KEY = 'opentamp.chunkRefresh'
export const RESOURCE_TOAST_KEY = 'opentamp.resourceErrorShown'
export const RESOURCE_ERROR_TEXT = '资源加载失败，请重试'

const CHUNK_MESSAGES = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Loading chunk .* failed/i,
  /Unable to preload CSS/i,
]

export class ChunkLoadError extends Error {
  readonly url: string
  constructor(url: string, cause?: unknown) {
    super(`Loading chunk ${url} failed after ${CHUNK_RETRIES} retries`)
    this.name = 'ChunkLoadError'
    this.url = url
    this.cause = cause
  }
}

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true
  const message = error instanceof Error ? error.message : String(error ?? '')
  return CHUNK_MESSAGES.some((p) => p.test(message))
}

/** The module address named in a failed dynamic import's message. */
export function chunkUrlOf(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error ?? '')
  const match = /(https?:\/\/\S+?\.m?js)\b/.exec(message) ?? /(\/\S+?\.m?js)\b/.exec(message)
  return match ? match[1] : null
}

export function withRetryTimestamp(url: string, now = Date.now()): string {
  const clean = url.replace(/([?&])t=\d+(&|$)/, '$1').replace(/[?&]$/, '')
  return `${clean}${clean.includes('?') ? '&' : '?'}t=${now}`
}

type Importer<T> = () => Promise<T>

/** Load a screen's module; a failed download is retried 3 times with a timestamp query. */
export async function importWithRetry<T>(
  importer: Importer<T>,
  load: (url: string) => Promise<T> = (url) => import(/* @vite-ignore */ url) as Promise<T>,
): Promise<T> {
  try {
    return await importer()
  } catch (first) {
    if (!isChunkLoadError(first)) throw first
    const url = chunkUrlOf(first)
    if (!url) throw new ChunkLoadError('(unknown)', first)
    let last: unknown = first
    for (let i = 0; i < CHUNK_RETRIES; i += 1) {
      try {
        return await load(withRetryTimestamp(url))
      } catch (err) {
        last = err
      }
    }
    throw new ChunkLoadError(url, last)
  }
}

export function markRefresh(now = Date.now()): void {
  sessionStorage.setItem(REFRESH_MARKER_KEY, String(now))
}

/** Clear the marker once a screen has loaded; true when this load followed a 重新加载. */
export function clearRefreshMarker(): boolean {
  const had = sessionStorage.getItem(REFRESH_MARKER_KEY) !== null
  sessionStorage.removeItem(REFRESH_MARKER_KEY)
  return had
}

export const hasRefreshMarker = () => sessionStorage.getItem(REFRESH_MARKER_KEY) !== null

/** 资源加载失败，请重试 at most once per visit: true when it is this failure's turn to show. */
export function takeResourceToastTurn(): boolean {
  if (sessionStorage.getItem(RESOURCE_TOAST_KEY)) return false
  sessionStorage.setItem(RESOURCE_TOAST_KEY, '1')
  return true
}
