import { describe, expect, it, vi } from 'vitest'
import { ApiError } from './api-client'
import { PROMISE_TIMEOUT_MS, RETRIES, RETRY_DELAY_MS, withRetry, withTimeout } from './retry'

describe('retry helper (docs/api.md#transport: 3 retries, 1000 ms, none on 401)', () => {
  const sleeps: number[] = []
  const sleep = async (ms: number) => void sleeps.push(ms)

  it('tries once and 3 more times, 1000 ms apart, then gives up', async () => {
    sleeps.length = 0
    let calls = 0
    const err = await withRetry(
      async () => {
        calls += 1
        throw new ApiError('网络异常，请稍后再试。', -1)
      },
      { sleep },
    ).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(calls).toBe(1 + RETRIES)
    expect(sleeps).toEqual([RETRY_DELAY_MS, RETRY_DELAY_MS, RETRY_DELAY_MS])
  })

  it('returns the first success', async () => {
    let calls = 0
    const value = await withRetry(
      async () => {
        calls += 1
        if (calls < 3) throw new Error('flaky')
        return 'ok'
      },
      { sleep },
    )
    expect([value, calls]).toEqual(['ok', 3])
  })

  it('never retries a 401', async () => {
    let calls = 0
    await withRetry(
      async () => {
        calls += 1
        throw new ApiError('登录已过期', 40100, 401, 'invalid_token')
      },
      { sleep },
    ).catch(() => null)
    expect(calls).toBe(1)
  })
})

describe('promise timeout (docs/api.md#limits: 5000 ms, "promise timeout")', () => {
  it('fails a promise that has not settled in time', async () => {
    vi.useFakeTimers()
    const never = new Promise<string>(() => {})
    const result = withTimeout(never).catch((e: Error) => e.message)
    vi.advanceTimersByTime(PROMISE_TIMEOUT_MS)
    await expect(result).resolves.toBe('promise timeout')
    vi.useRealTimers()
  })

  it('passes a settled promise through', async () => {
    await expect(withTimeout(Promise.resolve(3), 10)).resolves.toBe(3)
  })
})
