import { act, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderAt } from '@/test/render'
import { Banner } from './banner'

const ad = (id: number, title: string, link: string) => ({
  id,
  title,
  subtitle: `${title}的说明`,
  imageUrl: '',
  color: '#d6262d',
  link,
})
const ADS = [
  ad(1, '均衡配置组合', '/portfolioDetail?productCode=ZH001'),
  ad(2, '稳健理财组合', 'https://example.com/a'),
  ad(3, '沪深300发车', '/signalDetail?productCode=SIG1'),
]
const WIDTH = 351

describe('首页 banner', () => {
  const scrollTo = vi.fn()
  beforeEach(() => {
    vi.useFakeTimers()
    scrollTo.mockReset()
    Object.defineProperty(HTMLElement.prototype, 'scrollTo', {
      configurable: true,
      value: scrollTo,
    })
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
      configurable: true,
      get: () => WIDTH,
    })
  })
  afterEach(() => {
    vi.useRealTimers()
    delete (HTMLElement.prototype as { scrollTo?: unknown }).scrollTo
    delete (HTMLElement.prototype as { clientWidth?: unknown }).clientWidth
  })

  const track = () => screen.getByTestId('banner').firstElementChild as HTMLElement
  const dots = () => [...screen.getByTestId('banner').querySelectorAll('i')]
  const activeDot = () => dots().findIndex((d) => d.className === 'store-banner__dot--active')
  const scrollTrackTo = (index: number) => {
    track().scrollLeft = index * WIDTH
    fireEvent.scroll(track())
  }

  it('turns to the next banner every 4 s, after the last to the first, its dot following', () => {
    renderAt(<Banner ads={ADS} />)
    expect(dots()).toHaveLength(3)
    expect(activeDot()).toBe(0)

    act(() => vi.advanceTimersByTime(3999))
    expect(scrollTo).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(1))
    expect(scrollTo).toHaveBeenLastCalledWith({ left: WIDTH, behavior: 'smooth' })

    // swiped by hand to the last: the dot follows, and the next turn is back to the first
    act(() => scrollTrackTo(2))
    expect(activeDot()).toBe(2)
    act(() => vi.advanceTimersByTime(4000))
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 0, behavior: 'smooth' })
  })

  it("opens a banner's link in the app, or an outside address through /outsideChain", () => {
    const { router } = renderAt(<Banner ads={ADS} />)
    fireEvent.click(screen.getByText('均衡配置组合'))
    expect(router.state.location.pathname).toBe('/portfolioDetail')
    expect(router.state.location.search).toBe('?productCode=ZH001')
  })

  it('shows one banner without dots and without turning', () => {
    renderAt(<Banner ads={ADS.slice(0, 1)} />)
    expect(screen.getByText('均衡配置组合的说明')).toBeInTheDocument()
    expect(dots()).toHaveLength(0)
    act(() => vi.advanceTimersByTime(8000))
    expect(scrollTo).not.toHaveBeenCalled()
  })
})
