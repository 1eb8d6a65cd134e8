/**
 * Effects of moving between pages (docs/product.md#states "Other entry rules",
 * docs/product.md#constants).
 *
 * - The stored risk-level-signed flag (set by a trade page once the user confirmed the risk
 *   mismatch) is cleared on leaving allot, allotFund, dsfofDetail, fa/signContract,
 *   assetsTransfer, convert/trade and advisor/roboDeposit, except on back navigation.
 * - A new page scrolls to the top after 300 ms (a back navigation keeps its position).
 * - A page counts as rendered 2 s after the route change, or as soon as its content appears.
 */
import { useEffect, useRef } from 'react'
import { useLocation, useNavigationType } from 'react-router'

export const RISK_LEVEL_SIGNED_KEY = 'opentamp.riskLevelSigned'
export const RISK_FLAG_PAGES = [
  '/allot',
  '/allotFund',
  '/dsfofDetail',
  '/fa/signContract',
  '/assetsTransfer',
  '/convert/trade',
  '/advisor/roboDeposit',
]
export const SCROLL_TOP_DELAY_MS = 300
export const RENDER_READY_MS = 2000

export function shouldClearRiskFlag(from: string, to: string, navigationType: string): boolean {
  return from !== to && RISK_FLAG_PAGES.includes(from) && navigationType !== 'POP'
}

/** Mark the page rendered (data-render-ready on <html>, and an `opentamp:render-ready` event). */
export function markRenderReady(path: string): void {
  if (document.documentElement.dataset.renderReady === path) return
  document.documentElement.dataset.renderReady = path
  window.dispatchEvent(new CustomEvent('opentamp:render-ready', { detail: { path } }))
}

export function useRouteEffects(): void {
  const { pathname } = useLocation()
  const navigationType = useNavigationType()
  const previous = useRef(pathname)

  useEffect(() => {
    const from = previous.current
    previous.current = pathname
    if (shouldClearRiskFlag(from, pathname, navigationType)) {
      sessionStorage.removeItem(RISK_LEVEL_SIGNED_KEY)
    }
    if (navigationType !== 'POP' && from !== pathname) {
      const timer = setTimeout(() => window.scrollTo(0, 0), SCROLL_TOP_DELAY_MS)
      return () => clearTimeout(timer)
    }
  }, [pathname, navigationType])

  useEffect(() => {
    delete document.documentElement.dataset.renderReady
    const timer = setTimeout(() => markRenderReady(pathname), RENDER_READY_MS)
    const body = document.querySelector('.page-body')
    const observer = new MutationObserver(() => {
      if (body && body.childElementCount > 0 && !body.querySelector('.page-loading')) {
        markRenderReady(pathname)
      }
    })
    if (body) observer.observe(body, { childList: true, subtree: true })
    return () => {
      clearTimeout(timer)
      observer.disconnect()
    }
  }, [pathname])
}
