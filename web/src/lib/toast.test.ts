import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

const shown = vi.hoisted(() => ({ list: [] as object[], cleared: 0 }))
vi.mock('antd-mobile', () => ({
  Toast: {
    show: (o: object) => void shown.list.push(o),
    clear: () => void (shown.cleared += 1),
  },
}))

const toast = await import('./toast')

describe('toast defaults (docs/product.md#constants)', () => {
  beforeAll(() => toast.loadToast())
  beforeEach(() => {
    shown.list = []
    shown.cleared = 0
  })

  it('shows messages for 3 s, and the loading toast 正在加载... for up to 60 s', () => {
    toast.showToast('好')
    toast.showFailToast('错')
    toast.showLoading()()
    expect(shown.list).toEqual([
      { content: '好', duration: 3000 },
      { content: '错', icon: 'fail', duration: 3000 },
      { content: '正在加载...', icon: 'loading', duration: 60_000, maskClickable: false },
    ])
  })

  it('hides the loading toast once every caller that showed it is done', () => {
    const a = toast.showLoading()
    const b = toast.showLoading()
    a()
    a()
    expect(shown.cleared).toBe(0)
    b()
    expect(shown.cleared).toBe(1)
  })
})

describe('the Toast loaded on the first toast', () => {
  it('shows what was asked for meanwhile, in order', async () => {
    vi.resetModules()
    shown.list = []
    shown.cleared = 0
    const fresh = await import('./toast')
    fresh.showToast('一')
    const stop = fresh.showLoading('二')
    stop()
    expect(shown.list).toEqual([])
    await fresh.loadToast()
    await Promise.resolve()
    expect(shown.list.map((o) => (o as { content: string }).content)).toEqual(['一', '二'])
    expect(shown.cleared).toBe(1)
  })
})
