import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useTradeUUID } from './trade-uuid'

describe('tradeUUID per page (docs/api.md#transport, docs/architecture.md#transport)', () => {
  it('stays the same across renders of the page, and changes when renewed', () => {
    const { result, rerender } = renderHook(() => useTradeUUID())
    const first = result.current.tradeUUID
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    rerender()
    expect(result.current.tradeUUID).toBe(first)
    act(() => result.current.renew())
    expect(result.current.tradeUUID).not.toBe(first)
  })

  it('differs between pages', () => {
    const a = renderHook(() => useTradeUUID()).result.current.tradeUUID
    const b = renderHook(() => useTradeUUID()).result.current.tradeUUID
    expect(a).not.toBe(b)
  })
})
