import { act, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderAt } from '@/test/render'
import { AlertModal } from './alert-modal'
import { BRIEF_THRESHOLD, BriefContent } from './brief-content'
import { ComplianceFooter } from './compliance-footer'
import { CS_TAB_EXPANDED_MS, CustomerServiceTab } from './customer-service-tab'
import { PREVIEW_TEXT, PreviewBanner } from './preview-banner'
import {
  MAX_PROTOCOL_NAMES,
  MERGED_PAYMENT_NAME,
  ProtocolAgreement,
  protocolEntries,
  type Protocol,
} from './protocol-agreement'
import { SCROLL_READ_UNLOCK_MS, ScrollReadModal } from './scroll-read-modal'
import { AppTabBar, tabBarStyle } from './tab-bar'
import { TradePasswordPopup } from './trade-password-popup'

afterEach(() => vi.useRealTimers())

const doc = (name: string, agreementType?: string): Protocol => ({
  name,
  url: `https://docs.example.org/${name}`,
  agreementType,
})

describe('protocol agreement (docs/product.md#screens-and-routes, docs/product.md#constants)', () => {
  it('lists at most 4 names, then 等相关协议', () => {
    expect(MAX_PROTOCOL_NAMES).toBe(4)
    const five = ['A', 'B', 'C', 'D', 'E'].map((n) => doc(n))
    expect(protocolEntries(five).shown.map((p) => p.name)).toEqual(['A', 'B', 'C', 'D'])
    expect(protocolEntries(five).more).toBe(true)
    expect(protocolEntries(five.slice(0, 4)).more).toBe(false)
  })

  it('merges payment agreements into 银行授权支付服务协议 when there is more than one', () => {
    const list = [
      doc('开户协议'),
      doc('工行代扣', 'paymentAgreement'),
      doc('招行代扣', 'paymentAgreement'),
    ]
    const { all } = protocolEntries(list)
    expect(all.map((p) => p.name)).toEqual(['开户协议', MERGED_PAYMENT_NAME])
    expect(all[1].items?.map((p) => p.name)).toEqual(['工行代扣', '招行代扣'])
    const one = protocolEntries([doc('开户协议'), doc('工行代扣', 'paymentAgreement')])
    expect(one.all.map((p) => p.name)).toEqual(['开户协议', '工行代扣'])
  })

  it('reads 我已阅读并同意 and opens a document as an outside link', () => {
    const onChange = vi.fn()
    renderAt(
      <ProtocolAgreement
        protocols={['A', 'B', 'C', 'D', 'E'].map((n) => doc(n))}
        checked={false}
        onChange={onChange}
      />,
    )
    expect(screen.getByText('我已阅读并同意')).toBeInTheDocument()
    expect(screen.getByText('等相关协议')).toBeInTheDocument()
    expect(screen.queryByText('《E》')).toBeNull()
    fireEvent.click(screen.getByText('我已阅读并同意'))
    expect(onChange).toHaveBeenCalledWith(true)
    fireEvent.click(screen.getByText('《B》'))
    expect(screen.getByTestId('elsewhere').textContent).toBe(
      `page:/outsideChain?url=${encodeURIComponent('https://docs.example.org/B')}&title=B`,
    )
  })

  it('opens an app page in place', () => {
    renderAt(
      <ProtocolAgreement
        protocols={[{ name: '声明', url: '/nonAmericanSign' }]}
        checked
        onChange={() => {}}
      />,
    )
    fireEvent.click(screen.getByText('《声明》'))
    expect(screen.getByTestId('elsewhere').textContent).toBe('page:/nonAmericanSign')
  })
})

describe('collapsible brief content (docs/product.md#validation)', () => {
  it('collapses only text longer than 100 characters', () => {
    const exact = '字'.repeat(BRIEF_THRESHOLD)
    const { unmount } = renderAt(<BriefContent text={exact} />)
    expect(screen.queryByText('展开')).toBeNull()
    unmount()
    const long = `${'字'.repeat(BRIEF_THRESHOLD)}尾`
    renderAt(<BriefContent text={long} />)
    expect(screen.getByText(`${'字'.repeat(BRIEF_THRESHOLD)}...`)).toBeInTheDocument()
    fireEvent.click(screen.getByText('展开'))
    expect(screen.getByText(long)).toBeInTheDocument()
    fireEvent.click(screen.getByText('收起'))
    expect(screen.queryByText(long)).toBeNull()
  })
})

describe('scroll-to-read modal (docs/product.md#validation)', () => {
  const confirm = () => screen.getByText('我已阅读并同意').closest('button') as HTMLButtonElement

  it('unlocks confirm after 2 s', () => {
    vi.useFakeTimers()
    renderAt(
      <ScrollReadModal visible title="协议" onConfirm={() => {}}>
        <p>正文</p>
      </ScrollReadModal>,
    )
    expect(confirm()).toBeDisabled()
    act(() => vi.advanceTimersByTime(SCROLL_READ_UNLOCK_MS - 1))
    expect(confirm()).toBeDisabled()
    act(() => vi.advanceTimersByTime(1))
    expect(confirm()).not.toBeDisabled()
  })

  it('unlocks confirm once scrolled to the end', () => {
    renderAt(
      <ScrollReadModal visible title="协议" onConfirm={() => {}}>
        <p>正文</p>
      </ScrollReadModal>,
    )
    const box = screen.getByTestId('scroll-read')
    Object.defineProperty(box, 'scrollHeight', { value: 1000, configurable: true })
    Object.defineProperty(box, 'clientHeight', { value: 400, configurable: true })
    box.scrollTop = 300
    fireEvent.scroll(box)
    expect(confirm()).toBeDisabled()
    box.scrollTop = 600
    fireEvent.scroll(box)
    expect(confirm()).not.toBeDisabled()
  })
})

describe('customer-service tab (docs/product.md#states, docs/product.md#roles)', () => {
  it('shows 在线客服 for 3 s, then collapses; a tap opens the chat', () => {
    vi.useFakeTimers()
    const onOpen = vi.fn()
    renderAt(<CustomerServiceTab onOpen={onOpen} />)
    expect(screen.getByText('在线客服')).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(CS_TAB_EXPANDED_MS - 1))
    expect(screen.getByText('在线客服')).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.queryByText('在线客服')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: '在线客服' }))
    expect(onOpen).toHaveBeenCalledOnce()
  })

  it('is hidden inside the provider’s app', () => {
    renderAt(<CustomerServiceTab onOpen={() => {}} hidden />)
    expect(screen.queryByRole('button', { name: '在线客服' })).toBeNull()
  })
})

describe('alert modal', () => {
  it('has a confirm and, when asked, a cancel', () => {
    const onConfirm = vi.fn()
    const onCancel = vi.fn()
    renderAt(
      <AlertModal
        visible
        title="温馨提示"
        content="内容"
        cancelText="取消"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    )
    fireEvent.click(screen.getByText('确定'))
    fireEvent.click(screen.getByText('取消'))
    expect(onConfirm).toHaveBeenCalledOnce()
    expect(onCancel).toHaveBeenCalledOnce()
  })
})

describe('tab bar styles (docs/product.md#screens-and-routes)', () => {
  it('bottom bar in a browser when the broker enables it, floating otherwise', () => {
    expect(tabBarStyle('h5', true)).toBe('bottom')
    expect(tabBarStyle('wechat', true)).toBe('bottom')
    expect(tabBarStyle('h5', false)).toBe('floating')
    expect(tabBarStyle('miniProgram', true)).toBe('floating')
    expect(tabBarStyle('iframe', true)).toBe('floating')
  })

  it.each(['bottom', 'floating'] as const)(
    'the %s bar is a navigation of buttons, the current tab marked, each one going to its page',
    (variant) => {
      const { router } = renderAt(<AppTabBar variant={variant} />, { path: '/home' })
      const nav = screen.getByRole('navigation', { name: '底部导航' })
      const tabs = within(nav).getAllByRole('button')
      expect(tabs.map((tab) => tab.textContent)).toEqual(['首页', '我的'])
      expect(tabs.map((tab) => tab.getAttribute('aria-current'))).toEqual(['page', null])
      tabs[1].focus()
      expect(document.activeElement).toBe(tabs[1])
      fireEvent.click(tabs[1])
      expect(router.state.location.pathname).toBe('/mine')
    },
  )
})

describe('banners and footer', () => {
  it('reads the preview text and the compliance text', () => {
    expect(PREVIEW_TEXT).toBe('当前为预览模式，请勿直接使用此链接')
    renderAt(
      <>
        <PreviewBanner />
        <ComplianceFooter brokerName="开放财富证券" />
      </>,
    )
    expect(screen.getByRole('alert').textContent).toBe(PREVIEW_TEXT)
    expect(screen.getByText('基金销售服务由开放财富证券提供')).toBeInTheDocument()
  })
})

describe('trade password sheet', () => {
  it('opens with the number keypad up, the digits typed on it going to the submit', async () => {
    // jsdom has no scrolling: the input scrolls itself into view when focused
    Element.prototype.scrollIntoView = vi.fn()
    const onSubmit = vi.fn(() => Promise.resolve())
    renderAt(<TradePasswordPopup visible onClose={() => {}} onSubmit={onSubmit} />)
    // the keypad's keys are drawn only once it has been shown
    const keys = [...document.querySelectorAll<HTMLElement>('.adm-number-keyboard-key')]
    expect(keys.length).toBeGreaterThan(0)
    for (const digit of '258036') {
      const key = keys.find((k) => k.textContent === digit)!
      await act(async () => {
        fireEvent.touchEnd(key)
        fireEvent.click(key)
      })
    }
    expect(onSubmit).toHaveBeenCalledWith('258036')
  })
})
