/**
 * The error page /error (docs/product.md#screens-and-routes "Error page", docs/api.md#error-page).
 *
 * Query: type (load, offline, service, custom; anything else reads as load), payload (JSON
 * {path, query} of the page to come back to), hideRetryBtn, toastText, and backAfter (ms after
 * which a custom error returns to the host app, as the in-app 401 asks).
 *
 * - load: 加载失败，请刷新重试 with 重试; offline: 暂无网络,请检查网络后重试 with 重试 (still
 *   offline: the toast 暂无网络,请检查网络后重试！); custom: 页面加载失败 with 返回 (back to the
 *   app); service: the help list, with the customer-service tab.
 * - toastText shows as a failure toast 1 s after opening, for 5 s.
 * - hideRetryBtn=true hides the retry button; retry goes back to the payload's page.
 * - The loading screen is hidden after 5 s at the latest (see lib/loading-screen.ts).
 */
import { useEffect } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { CustomerServiceEntry } from '@/features/platform'
import {
  clearLoadingAfter,
  ERROR_PAGE_LOADING_HIDE_MS,
  hideLoadingScreen,
} from '@/lib/loading-screen'
import { backToApp } from '@/lib/native'
import { showFailToast } from '@/lib/toast'
import { ErrorView } from '../components/error-view'

/** load, offline, service and custom are the spec's; missing (the content does not exist, a
 * 404) and link (the link lacks what the page needs, a 400) say what is wrong instead of
 * blaming the network. */
export type ErrorType = 'load' | 'offline' | 'service' | 'custom' | 'missing' | 'link'

export const ERROR_TOAST_DELAY_MS = 1000
export const ERROR_TOAST_DURATION_MS = 5000

const TYPES: ErrorType[] = ['offline', 'service', 'custom', 'missing', 'link']

export function errorTypeOf(value: string | null): ErrorType {
  return (TYPES as (string | null)[]).includes(value) ? (value as ErrorType) : 'load'
}

export function retryTarget(payload: string | null): string | null {
  if (!payload) return null
  try {
    const { path, query } = JSON.parse(payload) as { path?: unknown; query?: unknown }
    if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) return null
    if (path === '/error') return null
    const q = typeof query === 'string' ? query : ''
    return `${path}${q && !q.startsWith('?') ? `?${q}` : q}`
  } catch {
    return null
  }
}

/** What is wrong when the server answered that the content or the link is at fault. */
const NOT_A_NETWORK_PROBLEM = {
  missing: { title: '内容不存在或已下架', description: '您要查看的内容不存在，可能已被删除或下架' },
  link: { title: '链接不完整或已失效', description: '页面缺少必要的信息，请从应用内重新进入' },
}

const SERVICE_TIPS = [
  '检查网络连接是否正常',
  '下拉或点击重试，刷新页面',
  '关闭页面后重新打开',
  '稍等5分钟后再试',
  '如仍无法使用，请点击右侧客服按钮联系我们',
]

export function ErrorPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const type = errorTypeOf(params.get('type'))
  const hideRetry = params.get('hideRetryBtn') === 'true'
  const toastText = params.get('toastText')
  const backAfter = Number(params.get('backAfter') ?? 0)
  const target = retryTarget(params.get('payload'))

  useEffect(() => {
    // With a toastText, its toast takes the loading toast's place at 1 s (antd-mobile shows
    // one toast at a time); clearing all toasts at 5 s would cut it short.
    if (toastText) {
      hideLoadingScreen()
      return
    }
    return clearLoadingAfter(ERROR_PAGE_LOADING_HIDE_MS)
  }, [toastText])

  useEffect(() => {
    if (!toastText) return
    const timer = setTimeout(
      () => showFailToast(toastText, ERROR_TOAST_DURATION_MS),
      ERROR_TOAST_DELAY_MS,
    )
    return () => clearTimeout(timer)
  }, [toastText])

  useEffect(() => {
    if (type !== 'custom' || !(backAfter > 0)) return
    const timer = setTimeout(backToApp, backAfter)
    return () => clearTimeout(timer)
  }, [type, backAfter])

  /** Back a page, or home when this is the first page of the visit. */
  const back = () => {
    if (((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0) navigate(-1)
    else navigate('/home', { replace: true })
  }
  const retry = () => {
    if (type === 'offline' && navigator.onLine === false) {
      showFailToast('暂无网络,请检查网络后重试！')
      return
    }
    if (target) navigate(target, { replace: true })
    else back()
  }
  const retryAction = hideRetry ? null : { text: '重试', onClick: retry }

  switch (type) {
    case 'offline':
      return (
        <ErrorView
          status="disconnected"
          title="暂无网络,请检查网络后重试"
          description="请打开网络连接或切换网络后再试"
          action={retryAction}
        />
      )
    case 'missing':
    case 'link':
      return (
        <ErrorView
          status="empty"
          {...NOT_A_NETWORK_PROBLEM[type]}
          action={{ text: '返回', onClick: back }}
        />
      )
    case 'custom':
      return (
        <ErrorView
          title="页面加载失败"
          description="页面暂时无法打开，请返回后重新进入"
          action={{ text: '返回', onClick: backToApp }}
        />
      )
    case 'service':
      return (
        <ErrorView
          status="busy"
          title="服务暂时无法访问"
          description="服务器开小差了，请稍后再试"
          action={retryAction}
        >
          <div className="error-help">
            <p className="error-help__lead">您可以尝试：</p>
            <ol>
              {SERVICE_TIPS.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ol>
          </div>
          <CustomerServiceEntry />
        </ErrorView>
      )
    default:
      return (
        <ErrorView
          title="加载失败，请刷新重试"
          description="网络不稳定或服务繁忙，请稍后再试"
          action={retryAction}
        />
      )
  }
}

export default ErrorPage
