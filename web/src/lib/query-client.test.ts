import { describe, expect, it } from 'vitest'
import { createQueryClient, QUERY_CACHE_TIME_MS } from './query-client'

describe('TanStack Query defaults (docs/api.md#transport)', () => {
  it('keeps data 480 000 ms and does not refetch on focus or reconnect', () => {
    expect(QUERY_CACHE_TIME_MS).toBe(480_000)
    const q = createQueryClient().getDefaultOptions().queries
    expect(q).toMatchObject({
      gcTime: 480_000,
      staleTime: 480_000,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    })
  })
})
