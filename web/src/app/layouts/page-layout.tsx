import { lazy, Suspense, useEffect } from 'react'
import { DotLoading } from 'antd-mobile'
import { Outlet, useLocation, useMatches } from 'react-router'
import { Deferred } from '@/components/deferred'
import { PageHeader } from '@/components/page-header'
import { PreviewBanner } from '@/components/preview-banner'
import { AppTabBar, tabBarStyle } from '@/components/tab-bar'
import { ensureBrokerInfo, useBrokerPreSetting } from '@/features/platform'
import { applyDocumentHead } from '@/lib/document-head'
import { detectEnvironment } from '@/lib/env'
import { isPreviewMode } from '@/lib/entry'
import { useRouteEffects } from '@/lib/route-effects'
import { routeTitle, type RouteDef } from '../routes'

// The pop-ups of a visit come with their own chunk, after the screen; their import (which adds a
// <link> for each of their style sheets) starts a task after the layout's first render
// (docs/architecture.md#first-load).
const PopupHost = lazy(() =>
  import('@/features/popups/components/popup-host').then((m) => ({ default: m.PopupHost })),
)

export interface RouteHandle {
  def: RouteDef
}

export function PageLoading() {
  return (
    <div className="page-loading" role="status">
      <DotLoading color="primary" />
      <span>正在加载...</span>
    </div>
  )
}

/** Every page: the header with its title (and back arrow, unless the screen has its own way
 * back), the preview banner, the screen, the app's pop-ups and, on tab pages, the tab bar in the
 * style the environment and the broker call for. */
export function PageLayout() {
  const matches = useMatches()
  const { pathname, search } = useLocation()
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined
  const def = handle?.def
  const title = def ? routeTitle(def, new URLSearchParams(search)) : ''
  const setting = useBrokerPreSetting()
  useRouteEffects()
  useEffect(() => {
    if (!title) return
    applyDocumentHead(title)
    let live = true
    // the broker of the visit may still be on its way: name it once it is known
    void ensureBrokerInfo().then(() => live && applyDocumentHead(title))
    return () => {
      live = false
    }
  }, [title])
  const style = tabBarStyle(detectEnvironment(), setting.data?.isH5BottomNavEnabled ?? true)
  return (
    <div className={def?.tab ? `page page--tab page--tab-${style}` : 'page'}>
      {def && <PageHeader title={title} back={!def.tab && !def.ownBack} />}
      {isPreviewMode() && <PreviewBanner />}
      <main className="page-body">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      {def && (
        <Deferred>
          <Suspense fallback={null}>
            <PopupHost def={def} pathname={pathname} />
          </Suspense>
        </Deferred>
      )}
      {def?.tab && <AppTabBar variant={style} />}
    </div>
  )
}
