import type { DataRouteObject } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { runtimeConfig } from '@/lib/env'
import { createAppRouter } from './router'
import { ROUTES, findRoute } from './routes'

const base = runtimeConfig().basePath

/** The paths of the screens' routes the router holds (the layout's children). */
/** Whatever the promises already settled have to run, within this task. */
async function settle() {
  for (let i = 0; i < 50; i++) await Promise.resolve()
}
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

const held = (router: ReturnType<typeof createAppRouter>) =>
  (router.routes[0].children as DataRouteObject[]).map((r) => (r.index ? '(index)' : r.path))

describe('the router (docs/architecture.md#first-load)', () => {
  let router: ReturnType<typeof createAppRouter> | undefined
  beforeEach(() => {
    localStorage.clear()
    sessionStorage.clear()
  })
  afterEach(() => {
    router?.dispose()
    router = undefined
    vi.restoreAllMocks()
  })

  it('starts with the route of the page it opens on, not the whole table', () => {
    window.history.replaceState(null, '', `${base}/error?type=load`)
    router = createAppRouter().initialize()
    expect(ROUTES.length).toBeGreaterThan(200)
    expect(held(router)).toEqual(['(index)', 'error', '*'])
  })

  it('adds a route when it is first navigated to, and opens its screen', async () => {
    window.history.replaceState(null, '', `${base}/error`)
    router = createAppRouter().initialize()
    await router.navigate('/sms?phone=13800138000')
    expect(router.state.location.pathname).toBe(`${base}/sms`)
    expect(router.state.matches.at(-1)?.route.path).toBe('sms')
    expect(held(router)).toEqual(['(index)', 'error', '*', 'sms'])
    // a second visit finds it there
    await router.navigate('/error')
    await router.navigate('/sms')
    expect(held(router)).toEqual(['(index)', 'error', '*', 'sms'])
  })

  it('matches a deep link whatever its case, as the route table did', async () => {
    window.history.replaceState(null, '', `${base}/SMS/`)
    router = createAppRouter().initialize()
    expect(held(router)).toEqual(['(index)', 'sms', '*'])
    await router.navigate('/Error')
    expect(router.state.matches.at(-1)?.route.path).toBe('error')
  })

  it('leaves a path without a route to the fallback', async () => {
    window.history.replaceState(null, '', `${base}/nowhere`)
    router = createAppRouter().initialize()
    expect(held(router)).toEqual(['(index)', '*'])
    await router.navigate('/neither/here')
    expect(router.state.matches.at(-1)?.route.path).toBe('*')
    expect(held(router)).toEqual(['(index)', '*'])
  })

  it('is made without starting: the first screen loads once it is started', async () => {
    const screen = vi
      .spyOn(findRoute('error')!, 'screen')
      .mockResolvedValue({ default: () => null })
    window.history.replaceState(null, '', `${base}/error`)
    router = createAppRouter()
    await settle()
    await nextTask()
    expect(screen).not.toHaveBeenCalled()
    expect(router.state.initialized).toBe(false)
    router.initialize()
    await nextTask()
    expect(screen).toHaveBeenCalledOnce()
    await settle()
    await nextTask()
    await settle()
    expect(router.state.initialized).toBe(true)
    expect(router.state.matches.at(-1)?.route.path).toBe('error')
  })

  it("cuts the first screen's start in tasks: the router, its code's request, its render", async () => {
    const screen = vi
      .spyOn(findRoute('error')!, 'screen')
      .mockResolvedValue({ default: () => null })
    window.history.replaceState(null, '', `${base}/error`)
    router = createAppRouter().initialize()
    await settle()
    expect(screen).not.toHaveBeenCalled()
    await nextTask()
    expect(screen).toHaveBeenCalledOnce()
    await settle()
    expect(router.state.initialized).toBe(false)
    await nextTask()
    await settle()
    expect(router.state.initialized).toBe(true)
    expect(router.state.matches.at(-1)?.route.path).toBe('error')
  })
})
