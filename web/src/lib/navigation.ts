/**
 * Navigation from outside React (the transport client, the error reporter). The router
 * registers itself at start; before that (or in tests) the browser's location is used.
 * Paths are the app's own ("/error?type=load"), without the H5 base path. And the way back from
 * a page, which the header and the screens with their own share.
 */
import { useNavigate } from 'react-router'
import { runtimeConfig } from './env'

type Navigate = (to: string, options?: { replace?: boolean }) => void

let navigator: Navigate | null = null

export function setNavigator(fn: Navigate | null): void {
  navigator = fn
}

export function navigateTo(to: string, options: { replace?: boolean } = {}): void {
  if (navigator) {
    navigator(to, options)
    return
  }
  const url = `${runtimeConfig().basePath}${to.startsWith('/') ? to : `/${to}`}`
  if (options.replace) window.location.replace(url)
  else window.location.assign(url)
}

/** The app path of the current page ("/allot") without the H5 base path. */
export function currentPath(): string {
  const base = runtimeConfig().basePath
  const path = window.location.pathname
  const inner = path.startsWith(base) ? path.slice(base.length) : path
  return inner.startsWith('/') ? inner : `/${inner}`
}

/** The current page as a router location: path and query. */
export function currentLocation(): { path: string; query: string } {
  return { path: currentPath(), query: window.location.search }
}

/** The way back from a page (the header's arrow, or a screen's own: 搜索's 取消): the previous
 * page, or 首页 when there is no history to go back to (a link opened straight into a page). */
export function useGoBack(): () => void {
  const navigate = useNavigate()
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0
    if (idx > 0) navigate(-1)
    else navigate('/home', { replace: true })
  }
}
