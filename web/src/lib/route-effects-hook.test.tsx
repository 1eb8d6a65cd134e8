import { act, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { RISK_LEVEL_SIGNED_KEY, useRouteEffects } from './route-effects'

function Page() {
  useRouteEffects()
  return <main className="page-body" />
}

function app(initial: string) {
  const router = createMemoryRouter([{ path: '*', element: <Page /> }], {
    initialEntries: [initial],
  })
  render(<RouterProvider router={router} />)
  return router
}

describe('useRouteEffects (docs/product.md#states, docs/product.md#constants)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    sessionStorage.clear()
    delete document.documentElement.dataset.renderReady
  })
  afterEach(() => vi.useRealTimers())

  it('clears the risk-level-signed flag leaving allot forwards, not going back', async () => {
    const router = app('/mine')
    await act(() => router.navigate('/allot'))
    sessionStorage.setItem(RISK_LEVEL_SIGNED_KEY, '1')
    await act(() => router.navigate(-1))
    expect(sessionStorage.getItem(RISK_LEVEL_SIGNED_KEY)).toBe('1')
    await act(() => router.navigate(1))
    await act(() => router.navigate('/tradeResult'))
    expect(sessionStorage.getItem(RISK_LEVEL_SIGNED_KEY)).toBeNull()
  })

  it('scrolls a new page to the top after 300 ms', async () => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
    const router = app('/home')
    await act(() => router.navigate('/mine'))
    act(() => vi.advanceTimersByTime(299))
    expect(scroll).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(1))
    expect(scroll).toHaveBeenCalledWith(0, 0)
    scroll.mockRestore()
  })

  it('marks the page rendered 2 s after the route change', async () => {
    const events: string[] = []
    const listener = (e: Event) => events.push((e as CustomEvent).detail.path)
    window.addEventListener('opentamp:render-ready', listener)
    app('/home')
    act(() => vi.advanceTimersByTime(1999))
    expect(document.documentElement.dataset.renderReady).toBeUndefined()
    act(() => vi.advanceTimersByTime(1))
    expect(document.documentElement.dataset.renderReady).toBe('/home')
    expect(events).toEqual(['/home'])
    window.removeEventListener('opentamp:render-ready', listener)
  })

  it('marks it at once when the page’s content appears', async () => {
    app('/home')
    const body = document.querySelector('.page-body')!
    await act(async () => {
      body.appendChild(document.createElement('section'))
      await Promise.resolve()
    })
    expect(document.documentElement.dataset.renderReady).toBe('/home')
  })
})
