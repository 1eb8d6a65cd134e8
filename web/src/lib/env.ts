/**
 * Runtime configuration. The server injects `window.__OPENTAMP__` into index.html, so one
 * build serves any product; the Vite dev server falls back to the defaults.
 */
export interface RuntimeConfig {
  product: string
  apiBase: string
  basePath: string
}

declare global {
  interface Window {
    __OPENTAMP__?: Partial<RuntimeConfig>
  }
}

const DEFAULT_PRODUCT = 'opentamp'

export function runtimeConfig(): RuntimeConfig {
  const injected = (typeof window !== 'undefined' && window.__OPENTAMP__) || {}
  const product = injected.product ?? DEFAULT_PRODUCT
  return {
    product,
    apiBase: injected.apiBase ?? `/api/v1/${product}`,
    basePath: injected.basePath ?? `/h5/${product}-trade-h5`,
  }
}

/**
 * An address of this H5 app as a router path (the base path removed), or null for an address
 * outside it: the server names its pages by their full address (`/h5/{product}-trade-h5/…`,
 * with or without the origin), the client's own lists by their path.
 */
export function appPath(
  url: string,
  origin = typeof window !== 'undefined' ? window.location.origin : '',
): string | null {
  if (url.startsWith('//')) return null
  let parsed: URL
  try {
    parsed = new URL(url, origin || 'http://app.invalid')
  } catch {
    return null
  }
  const { basePath } = runtimeConfig()
  const inApp = parsed.pathname === basePath || parsed.pathname.startsWith(`${basePath}/`)
  if (!url.startsWith('/') && (parsed.origin !== origin || !inApp)) return null
  const path = inApp ? parsed.pathname.slice(basePath.length) || '/' : parsed.pathname
  return path + parsed.search
}

/**
 * Where the app runs (docs/product.md#constants "Environments"): inside an iframe of the provider's
 * own app, inside a WeChat mini program's web view, in WeChat's browser, or in a normal browser.
 */
export type Environment = 'iframe' | 'miniProgram' | 'wechat' | 'h5'

interface EnvWindow {
  self: unknown
  top: unknown
  navigator: { userAgent: string }
  __wxjs_environment?: string
}

export function detectEnvironment(win: EnvWindow = window as unknown as EnvWindow): Environment {
  const ua = win.navigator.userAgent
  if (win.__wxjs_environment === 'miniprogram' || /miniProgram/i.test(ua)) return 'miniProgram'
  let framed: boolean
  try {
    framed = win.self !== win.top
  } catch {
    framed = true // a cross-origin parent denies access: we are framed
  }
  if (framed) return 'iframe'
  if (/MicroMessenger/i.test(ua)) return 'wechat'
  return 'h5'
}
