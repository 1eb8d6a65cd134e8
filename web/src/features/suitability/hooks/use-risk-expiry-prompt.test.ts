import { afterEach, describe, expect, it } from 'vitest'
import { IGNORE_KEY, shouldPrompt } from './use-risk-expiry-prompt'

describe('risk-test expiry prompt (spec 000 §4)', () => {
  afterEach(() => localStorage.clear())

  it('prompts only when the survey is expired and not ignored', () => {
    expect(shouldPrompt(false)).toBe(false)
    expect(shouldPrompt(true)).toBe(true)
  })

  it('stays quiet for the month the user ignored it', () => {
    const now = Date.UTC(2026, 10, 20)
    localStorage.setItem(IGNORE_KEY, String(now + 1000))
    expect(shouldPrompt(true, now)).toBe(false)
    expect(shouldPrompt(true, now + 1000)).toBe(true)
  })
})
