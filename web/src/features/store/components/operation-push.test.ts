import { beforeEach, describe, expect, it } from 'vitest'
import { markPushShown, mayShowPush } from './operation-push'

describe('operation push frequency', () => {
  beforeEach(() => localStorage.clear())

  it('shows a ONCE push once per device', () => {
    const push = { id: 7, frequency: 'ONCE' }
    expect(mayShowPush(push, '2026-11-20')).toBe(true)
    markPushShown(7, '2026-11-20')
    expect(mayShowPush(push, '2026-11-20')).toBe(false)
    expect(mayShowPush(push, '2026-11-21')).toBe(false)
  })

  it('shows a DAILY push once a day', () => {
    const push = { id: 8, frequency: 'DAILY' }
    markPushShown(8, '2026-11-20')
    expect(mayShowPush(push, '2026-11-20')).toBe(false)
    expect(mayShowPush(push, '2026-11-21')).toBe(true)
  })
})
