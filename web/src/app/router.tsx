import { lazy, Suspense } from 'react'
import {
  Navigate,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
  type RouteObject,
} from 'react-router'
import { ChunkLoadFailure } from '@/features/error/components/chunk-load-failure'
import { clearRefreshMarker, importWithRetry, isChunkLoadError } from '@/lib/chunk'
import { reporter } from '@/lib/error-report'
import { loadToast } from '@/lib/toast'
import { hideLoadingScreen } from '@/lib/loading-screen'
import { nextTask } from '@/lib/next-task'
import { runtimeConfig } from '@/lib/env'
import { guardRoute } from './guard'
import { PageLayout, PageLoading, type RouteHandle } from './layouts/page-layout'
import { FALLBACK_PATH, findRoute, type RouteDef } from './routes'

// A route's error screen loads when a route fails, not with the first screen
// (docs/architecture.md#first-load); if its code cannot be downloaded either, the chunk-load
// failure screen (which comes with the first screen) shows instead.
const LazyRouteError = lazy(() =>
  importWithRetry(() => import('@/features/error/components/route-error')).then(
    (m) => ({ default: m.RouteError }),
    (error: unknown) => {
      if (!isChunkLoadError(error)) throw error
      return { default: () => <ChunkLoadFailure error={error} /> }
    },
  ),
)

function RouteError() {
  return (
    <Suspense fallback={<PageLoading />}>
      <LazyRouteError />
    </Suspense>
  )
}

/** A screen's code arrived: the loading screen goes, and a refresh marker left by the
 * chunk-failure screen's 重新加载 is cleared (the reload helped; that is worth knowing). */
function screenLoaded() {
  hideLoadingScreen()
  // The toast's code follows once the screen is up, while the network is there to bring it.
  setTimeout(() => void loadToast().catch(() => undefined), 0)
  if (clearRefreshMarker()) reporter.capture({ type: 'metric', name: 'chunkReloadRecovered' })
}

function toRouteObject(def: RouteDef): RouteObject {
  const handle: RouteHandle = { def }
  return {
    path: def.path,
    handle,
    loader: (args) => guardRoute(def, args),
    errorElement: <RouteError />,
    lazy: async () => {
      // A chunk that fails to download is retried 3 times (docs/api.md#limits) before the route
      // shows the chunk-load failure screen. (A route whose lazy() rejects renders nothing in
      // react-router, not its error element, so the failure becomes the route's screen.)
      // Each step in a task of its own (docs/architecture.md#first-load): the requests for the
      // screen's code and styles (after the router's start-up), the code's evaluation, then
      // the screen's first render.
      await nextTask()
      try {
        const module = await importWithRetry(def.screen)
        await nextTask()
        screenLoaded()
        return { Component: module.default }
      } catch (error) {
        if (!isChunkLoadError(error)) throw error
        return { Component: () => <ChunkLoadFailure error={error} /> }
      }
    },
  }
}

/** The id of the layout route, under which each screen's route is added. */
const LAYOUT = 'page'

/** The screen's route of a path of the router (it begins with the base path), if it has one. */
const routeOf = (pathname: string, basename: string) => findRoute(pathname.slice(basename.length))

/**
 * The router starts with the route of the page it opens on, the index and the fallback, not with
 * all 282 screens: flattening and ranking them all (two regular expressions compiled for each)
 * was ≈ 6 ms of a 15–20 ms task before the first screen (docs/architecture.md#first-load). A navigation to a path it does not know yet adds that
 * path's route first (React Router's route discovery, `patchRoutesOnNavigation`); a path
 * that has none stays with the fallback.
 *
 * It is React Router's `createBrowserRouter` without its last step: the router is made but not
 * started; its caller starts it (`initialize()`, which matches the page and runs the first
 * route's guard) in a task of its own (main.tsx). Made and started in one task, the two were
 * 8–11 ms of CPU on this machine, about half each.
 */
export function createAppRouter() {
  const basename = runtimeConfig().basePath
  const first = routeOf(window.location.pathname, basename)
  return createRouter({
    basename,
    history: createBrowserHistory(),
    mapRouteProperties,
    hydrationRouteProperties,
    routes: [
      {
        id: LAYOUT,
        element: <PageLayout />,
        hydrateFallbackElement: <PageLoading />,
        errorElement: <RouteError />,
        children: [
          { index: true, element: <Navigate to="/home" replace /> },
          ...(first ? [toRouteObject(first)] : []),
          { path: '*', element: <Navigate to={`/${FALLBACK_PATH}`} replace /> },
        ],
      },
    ],
    patchRoutesOnNavigation: ({ path, patch }) => {
      const def = routeOf(path, basename)
      if (def) patch(LAYOUT, [toRouteObject(def)])
    },
  })
}
