/**
 * The retry helper of docs/api.md#transport: up to 3 retries, 1000 ms apart, never after a 401 (a
 * sign-in problem does not go away by asking again).
 */
import { ApiError } from './api-client'

export const RETRIES = 3
export const RETRY_DELAY_MS = 1000

export interface RetryOptions {
  retries?: number
  delayMs?: number
  /** Whether a failure is worth another try (default: anything but a 401). */
  shouldRetry?: (error: unknown) => boolean
  sleep?: (ms: number) => Promise<void>
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401

export async function withRetry<T>(fn: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const retries = options.retries ?? RETRIES
  const delayMs = options.delayMs ?? RETRY_DELAY_MS
  const shouldRetry = options.shouldRetry ?? ((error: unknown) => !isUnauthorized(error))
  const sleep = options.sleep ?? defaultSleep
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await fn()
    } catch (error) {
      if (attempt >= retries || !shouldRetry(error)) throw error
      await sleep(delayMs)
    }
  }
}

/** The promise timeout of docs/api.md#messages-and-codes, docs/api.md#limits: 5000 ms by default,
 * failing with 'promise timeout'. */
export const PROMISE_TIMEOUT_MS = 5000

export function withTimeout<T>(
  promise: Promise<T>,
  ms = PROMISE_TIMEOUT_MS,
  message = 'promise timeout',
): Promise<T> {
  let timer: ReturnType<typeof setTimeout>
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
