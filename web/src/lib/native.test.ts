import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ENTRY_KEY } from './entry'
import { backToApp, closeWebView, NATIVE_ACTION_DELAY_MS } from './native'
import { setNavigator } from './navigation'
import { setStored } from './storage'

const toasts = vi.hoisted(() => [] as string[])
vi.mock('./toast', () => ({ showFailToast: (t: string) => void toasts.push(t) }))

describe('back to the host app (docs/product.md#screens-and-routes, docs/api.md#messages-and-codes)', () => {
  beforeEach(() => {
    sessionStorage.clear()
    toasts.length = 0
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
    setNavigator(null)
  })

  it('closes through the host’s bridge when there is one', () => {
    const close = vi.fn()
    expect(closeWebView({ OpenTampBridge: { close } })).toBe(true)
    expect(close).toHaveBeenCalledOnce()
    const postMessage = vi.fn()
    expect(closeWebView({ ReactNativeWebView: { postMessage } })).toBe(true)
    expect(closeWebView({})).toBe(false)
  })

  it('inside the app without a bridge says 请返回重试; in a browser goes home', () => {
    setStored(ENTRY_KEY, { isInApp: true, firstPath: 'home', query: {} }, null, sessionStorage)
    backToApp()
    vi.advanceTimersByTime(NATIVE_ACTION_DELAY_MS)
    expect(toasts).toEqual(['请返回重试'])
    sessionStorage.clear()
    const visits: string[] = []
    setNavigator((to) => void visits.push(to))
    backToApp()
    vi.advanceTimersByTime(NATIVE_ACTION_DELAY_MS)
    expect(visits).toEqual(['/home'])
  })
})
