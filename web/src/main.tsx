import { StrictMode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { unstableSetRender } from 'antd-mobile'
import { RouterProvider } from 'react-router'
import { AppProvider } from '@/app/provider'
import { createAppRouter } from '@/app/router'
import { ensureBrokerInfo } from '@/features/platform'
import { runtimeConfig } from '@/lib/env'
import { recordEntry } from '@/lib/entry'
import { installGlobalErrorHandlers } from '@/lib/global-errors'
import { setNavigator } from '@/lib/navigation'
import { nextTask } from '@/lib/next-task'
import './index.css'

// antd-mobile's imperative pop-ups (Toast, Dialog) need a renderer on React 19.
unstableSetRender((node, container) => {
  const el = container as Element & { _reactRoot?: Root }
  el._reactRoot ??= createRoot(el)
  el._reactRoot.render(node)
  return async () => {
    await Promise.resolve()
    el._reactRoot?.unmount()
    delete el._reactRoot
  }
})

// The first page of the visit (store parameters, client marker, preview) and the error
// listeners and reporter (docs/product.md#screens-and-routes, docs/product.md#states).
const base = runtimeConfig().basePath
const path = window.location.pathname
recordEntry(path.startsWith(base) ? path.slice(base.length) : path, window.location.search)
installGlobalErrorHandlers()

/** The rest of start-up waits for the next task: the page's main-thread work is cut in tasks
 * (these modules, the broker's call, the router made, then started, the first render; then
 * the first screen's requests, its code, its render: app/router.tsx), so no one task blocks the
 * phone for long (docs/architecture.md#first-load). */
async function start() {
  await nextTask()
  // the broker of this visit (docs/product.md#entities): its call, the first use of the API
  // client's code, was a third of the task that evaluates the modules
  void ensureBrokerInfo()
  await nextTask()
  const router = createAppRouter()
  setNavigator((to, options) => void router.navigate(to, options))
  await nextTask()
  // started, the router matches the page and starts the first screen's checks and the
  // download of its code
  router.initialize()
  await nextTask()
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  )
}

void start()
