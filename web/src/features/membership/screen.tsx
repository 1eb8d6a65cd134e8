import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react'
import { useLocation } from 'react-router'

/** The member/ routes share one entry in the route table; each page is its own chunk, loaded
 * here by the route's path. */
const PAGES: [string, LazyExoticComponent<ComponentType>][] = [
  ['/member/index', lazy(() => import('./pages/index'))],
  ['/member/bindIdCard', lazy(() => import('./pages/bind-id-card'))],
  ['/member/richView', lazy(() => import('./pages/rich-view'))],
  ['/member/result', lazy(() => import('./pages/result'))],
]

export default function MembershipScreen() {
  const { pathname } = useLocation()
  const Page = PAGES.find(([path]) => pathname.endsWith(path))?.[1]
  return <Suspense fallback={null}>{Page && <Page />}</Suspense>
}
