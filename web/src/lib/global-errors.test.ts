import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ErrorReporter, type Report } from './error-report'
import { onUnhandledRejection, onWindowError } from './global-errors'
import { ApiError } from './api-client'

const toasts = vi.hoisted(() => [] as string[])
vi.mock('./toast', () => ({ showFailToast: (t: string) => void toasts.push(t) }))

function sink() {
  const sent: Report[] = []
  return { sent, reporter: new ErrorReporter({ send: (r) => void sent.push(r), random: () => 0 }) }
}

const assetError = (tag: string, attr: 'src' | 'href', url: string) => {
  const el = document.createElement(tag)
  el.setAttribute(attr, url)
  const event = new Event('error')
  Object.defineProperty(event, 'target', { value: el })
  return event
}

describe('global error listeners (docs/api.md#messages-and-codes)', () => {
  beforeEach(() => {
    sessionStorage.clear()
    toasts.length = 0
  })

  it('toasts 资源加载失败，请重试 once a visit for a failed asset, and reports each', () => {
    const { sent, reporter } = sink()
    onWindowError(assetError('img', 'src', 'http://h/a.png'), reporter)
    onWindowError(assetError('link', 'href', 'http://h/b.css'), reporter)
    expect(toasts).toEqual(['资源加载失败，请重试'])
    expect(sent.map((s) => s.type)).toEqual(['resourceError', 'resourceError'])
  })

  it('leaves a failed chunk to its route: reported, no toast', () => {
    const { sent, reporter } = sink()
    onWindowError(assetError('script', 'src', 'http://h/h5/x/assets/page-AB.js'), reporter)
    expect(toasts).toEqual([])
    expect(sent.map((s) => s.type)).toEqual(['chunkError'])
  })

  it('reports script errors and rejections, but not API failures (reported already)', () => {
    const { sent, reporter } = sink()
    onWindowError(
      new ErrorEvent('error', {
        error: new TypeError('x is undefined'),
        message: 'x is undefined',
      }),
      reporter,
    )
    onUnhandledRejection({ reason: new Error('lost') } as PromiseRejectionEvent, reporter)
    onUnhandledRejection(
      { reason: new ApiError('请求错误', 1, 404) } as PromiseRejectionEvent,
      reporter,
    )
    expect(sent.map((s) => [s.type, s.message])).toEqual([
      ['jsError', 'x is undefined'],
      ['jsError', 'lost'],
    ])
  })
})
