import { beforeEach, describe, expect, it } from 'vitest'
import {
  CHUNK_RETRIES,
  ChunkLoadError,
  chunkUrlOf,
  clearRefreshMarker,
  hasRefreshMarker,
  importWithRetry,
  isChunkLoadError,
  markRefresh,
  takeResourceToastTurn,
  withRetryTimestamp,
} from './chunk'

const failure = (url: string) =>
  new TypeError(`Failed to fetch dynamically imported module: ${url}`)

describe('chunk-load failures (docs/product.md#screens-and-routes, docs/api.md#error-page, docs/api.md#limits)', () => {
  beforeEach(() => sessionStorage.clear())

  it('recognises the browsers’ chunk messages', () => {
    expect(isChunkLoadError(failure('http://h/assets/a.js'))).toBe(true)
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new ChunkLoadError('/a.js'))).toBe(true)
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false)
    expect(chunkUrlOf(failure('http://h:8/h5/x/assets/page-AB12.js'))).toBe(
      'http://h:8/h5/x/assets/page-AB12.js',
    )
  })

  it('retries 3 times with a timestamp query, then fails with the retries in the message', async () => {
    expect(CHUNK_RETRIES).toBe(3)
    const tried: string[] = []
    const err = await importWithRetry(
      () => Promise.reject(failure('http://h/assets/page.js')),
      async (url) => {
        tried.push(url)
        throw failure(url)
      },
    ).catch((e: unknown) => e)
    expect(tried).toHaveLength(3)
    for (const url of tried) expect(url).toMatch(/^http:\/\/h\/assets\/page\.js\?t=\d+$/)
    expect(err).toBeInstanceOf(ChunkLoadError)
    expect((err as Error).message).toBe(
      'Loading chunk http://h/assets/page.js failed after 3 retries',
    )
  })

  it('returns the module of a retry that works', async () => {
    let n = 0
    const mod = await importWithRetry(
      () => Promise.reject(failure('http://h/assets/page.js')),
      async () => {
        n += 1
        if (n < 2) throw failure('x')
        return { default: 'page' }
      },
    )
    expect(mod).toEqual({ default: 'page' })
  })

  it('does not retry errors that are not chunk failures', async () => {
    let retried = false
    const err = await importWithRetry(
      () => Promise.reject(new Error('render bug')),
      async () => {
        retried = true
        return {}
      },
    ).catch((e: unknown) => e)
    expect((err as Error).message).toBe('render bug')
    expect(retried).toBe(false)
  })

  it('replaces an earlier timestamp', () => {
    expect(withRetryTimestamp('/a.js', 5)).toBe('/a.js?t=5')
    expect(withRetryTimestamp('/a.js?t=4', 5)).toBe('/a.js?t=5')
    expect(withRetryTimestamp('/a.js?v=1', 5)).toBe('/a.js?v=1&t=5')
  })

  it('keeps the refresh marker until a screen loads', () => {
    expect(hasRefreshMarker()).toBe(false)
    markRefresh()
    expect(hasRefreshMarker()).toBe(true)
    expect(clearRefreshMarker()).toBe(true)
    expect(clearRefreshMarker()).toBe(false)
  })

  it('shows the resource toast once per visit', () => {
    expect(takeResourceToastTurn()).toBe(true)
    expect(takeResourceToastTurn()).toBe(false)
    sessionStorage.clear()
    expect(takeResourceToastTurn()).toBe(true)
  })
})
