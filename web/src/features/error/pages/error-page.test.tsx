import { act, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderAt } from '@/test/render'
import { ErrorPage, errorTypeOf, retryTarget } from './error-page'

const toasts = vi.hoisted(() => [] as { text: string; duration?: number }[])
const cleared = vi.hoisted(() => ({ count: 0 }))
vi.mock('@/lib/toast', () => ({
  showFailToast: (text: string, duration?: number) => void toasts.push({ text, duration }),
  showToast: () => {},
  showSuccessToast: () => {},
  showLoading: () => () => {},
  clearToast: () => void (cleared.count += 1),
}))

const payload = encodeURIComponent(JSON.stringify({ path: '/allot', query: '?productCode=000001' }))
const at = (query: string) => renderAt(<ErrorPage />, { path: '/error', at: `/error?${query}` })

beforeEach(() => {
  toasts.length = 0
  cleared.count = 0
  localStorage.clear()
  document.body.insertAdjacentHTML('beforeend', '<div id="app-loading">正在加载...</div>')
})
afterEach(() => {
  vi.useRealTimers()
  document.getElementById('app-loading')?.remove()
})

describe('the error page (docs/product.md#screens-and-routes, docs/api.md#error-page)', () => {
  it('reads the four types, an unknown one as load', () => {
    expect(['load', 'offline', 'service', 'custom', 'x', null].map(errorTypeOf)).toEqual([
      'load',
      'offline',
      'service',
      'custom',
      'load',
      'load',
    ])
  })

  it('load: 加载失败，请刷新重试, and 重试 re-navigates to the payload’s page', () => {
    at(`type=load&payload=${payload}`)
    expect(screen.getByText('加载失败，请刷新重试')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: '重试' }))
    expect(screen.getByTestId('elsewhere').textContent).toBe('page:/allot?productCode=000001')
  })

  it('offline: 暂无网络,请检查网络后重试; retrying while still offline toasts instead', () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    at(`type=offline&payload=${payload}`)
    expect(screen.getByText('暂无网络,请检查网络后重试')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: '重试' }))
    expect(toasts.map((t) => t.text)).toEqual(['暂无网络,请检查网络后重试！'])
    online.mockReturnValue(true)
    fireEvent.click(screen.getByRole('button', { name: '重试' }))
    expect(screen.getByTestId('elsewhere').textContent).toBe('page:/allot?productCode=000001')
    online.mockRestore()
  })

  it('custom: 页面加载失败 with 返回 and no 重试', () => {
    at('type=custom')
    expect(screen.getByText('页面加载失败')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '返回' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull()
  })

  it('service: the help page with its five suggestions', () => {
    at('type=service')
    expect(screen.getByText('服务暂时无法访问')).toBeInTheDocument()
    for (const tip of ['检查网络', '刷新页面', '重新打开', '5分钟', '客服'])
      expect(screen.getByText(new RegExp(tip))).toBeInTheDocument()
  })

  it('hideRetryBtn=true hides the retry button', () => {
    at('type=load&hideRetryBtn=true')
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull()
  })

  it('shows toastText as a failure toast after 1 s, for 5 s', () => {
    vi.useFakeTimers()
    at(`type=load&toastText=${encodeURIComponent('查询失败')}`)
    act(() => vi.advanceTimersByTime(999))
    expect(toasts).toEqual([])
    act(() => vi.advanceTimersByTime(1))
    expect(toasts).toEqual([{ text: '查询失败', duration: 5000 }])
  })

  it('takes the loading screen down, and a loading toast after 5 s', () => {
    vi.useFakeTimers()
    at('type=load')
    expect(document.getElementById('app-loading')).toBeNull()
    act(() => vi.advanceTimersByTime(4999))
    expect(cleared.count).toBe(0)
    act(() => vi.advanceTimersByTime(1))
    expect(cleared.count).toBe(1)
  })

  it('retries only towards a page of the app', () => {
    expect(retryTarget(JSON.stringify({ path: '/mine', query: 'a=1' }))).toBe('/mine?a=1')
    expect(retryTarget(JSON.stringify({ path: '//evil.example.com', query: '' }))).toBeNull()
    expect(retryTarget(JSON.stringify({ path: '/error', query: '' }))).toBeNull()
    expect(retryTarget('not json')).toBeNull()
    expect(retryTarget(null)).toBeNull()
  })
})
