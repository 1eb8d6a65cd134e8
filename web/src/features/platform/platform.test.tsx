import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearCache } from '@/lib/api-client'
import { getBrokerInfo, setBrokerInfo } from '@/lib/broker'
import { ENTRY_KEY, parseEntry } from '@/lib/entry'
import { setSession } from '@/lib/session'
import { setStored } from '@/lib/storage'
import { API, envelope, failure, http, HttpResponse, server } from '@/test/msw'
import { renderAt } from '@/test/render'
import { getSignature, signatureUrl } from './api/get-signature'
import { chatTarget, CustomerServiceEntry } from './components/customer-service-entry'
import { ensureBrokerInfo, resetBrokerInfoResolution } from './hooks/ensure-broker-info'

const toasts = vi.hoisted(() => [] as string[])
vi.mock('@/lib/toast', () => ({
  showFailToast: (t: string) => void toasts.push(t),
  showToast: () => {},
  showSuccessToast: () => {},
  showLoading: () => () => {},
}))
const sent = vi.hoisted(() => [] as { type: string; message?: string }[])
vi.mock('@/lib/error-report', () => ({
  reporter: { capture: (r: { type: string }) => void sent.push(r) },
}))

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  clearCache()
  toasts.length = 0
  sent.length = 0
  resetBrokerInfoResolution()
})
afterEach(() => server.resetHandlers())

const entry = (search: string) =>
  setStored(ENTRY_KEY, parseEntry('/login', search), null, sessionStorage)

describe('the broker of the visit (docs/product.md#entities, docs/product.md#validation)', () => {
  const team = (teamId: number, mid: string, brokerId: number) =>
    server.use(
      http.get(`${API}/noauth/utils/exchangeTeamParam`, ({ request }) => {
        const q = new URL(request.url).searchParams
        if (q.get('teamId') && q.get('teamId') !== String(teamId))
          return failure(404, 63003, '商户信息传入有误，链接无法打开')
        return envelope({ teamId, mid, brokerId, teamName: '华信投顾' })
      }),
      http.get(`${API}/noauth/team/detail`, () =>
        envelope({
          teamId,
          brokerId,
          mid,
          name: '华信投顾',
          logo: '/l.png',
          brief: '',
          theme: { color: 'T3' },
        }),
      ),
    )

  it('completes a store link from the server and keeps it', async () => {
    entry('?teamId=9154')
    team(9154, 'M1154', 1154)
    expect(await ensureBrokerInfo()).toEqual({
      brokerId: 1154,
      teamId: 9154,
      mid: 'M1154',
      name: '华信投顾',
      logo: '/l.png',
      themeColor: 'T3',
    })
    expect(getBrokerInfo()?.brokerId).toBe(1154)
  })

  it('keeps a stored broker for a plain link, without asking', async () => {
    entry('')
    setBrokerInfo({ brokerId: 1001, teamId: 9001, mid: 'M1001' })
    expect((await ensureBrokerInfo())?.brokerId).toBe(1001)
  })

  it('reports a wrong link as a link error and has no broker', async () => {
    entry('?teamId=1')
    team(9154, 'M1154', 1154)
    expect(await ensureBrokerInfo()).toBeNull()
    expect(sent.map((s) => s.type)).toEqual(['linkError'])
    expect(sent[0].message).toContain('商户信息传入有误，链接无法打开')
  })
})

describe('customer service (docs/product.md#states, docs/api.md#messages-and-codes)', () => {
  it('knows a phone desk and a web chat, and nothing else', () => {
    expect(chatTarget('tel:4008001001')).toEqual({ kind: 'tel', url: 'tel:4008001001' })
    expect(chatTarget('https://chat.example.org/c?id=1')).toMatchObject({ kind: 'web' })
    expect(chatTarget('javascript:alert(1)')).toBeNull()
    expect(chatTarget('')).toBeNull()
  })

  it('is not offered without a token', () => {
    const view = renderAt(<CustomerServiceEntry />)
    expect(view.container.querySelector('.cs-tab')).toBeNull()
  })

  it('opens a web chat in the outside-link viewer', async () => {
    setSession({ accessToken: 't', expiresIn: 3600, brokerUserId: 7 })
    server.use(
      http.get(`${API}/app/customerServiceConfig`, () =>
        envelope({
          type: 'broker',
          chatUrl: 'https://chat.example.org/c',
          clientId: 'c',
          nickname: 'n',
          brokerName: 'b',
          userId: '7',
        }),
      ),
    )
    renderAt(<CustomerServiceEntry />)
    fireEvent.click(screen.getByRole('button', { name: '在线客服' }))
    await waitFor(() =>
      expect(screen.getByTestId('elsewhere').textContent).toBe(
        `page:/outsideChain?url=${encodeURIComponent('https://chat.example.org/c')}&title=${encodeURIComponent('在线客服')}`,
      ),
    )
  })

  it('says 获取客服配置失败 when the server refuses, 获取客服配置出错 when it cannot be reached', async () => {
    setSession({ accessToken: 't', expiresIn: 3600, brokerUserId: 7 })
    server.use(
      http.get(`${API}/app/customerServiceConfig`, () => failure(404, 63002, '获取客服配置失败')),
    )
    const view = renderAt(<CustomerServiceEntry />)
    fireEvent.click(screen.getByRole('button', { name: '在线客服' }))
    await waitFor(() => expect(toasts).toEqual(['获取客服配置失败']))
    view.unmount()
    clearCache()
    server.use(http.get(`${API}/app/customerServiceConfig`, () => HttpResponse.error()))
    renderAt(<CustomerServiceEntry />)
    fireEvent.click(screen.getByRole('button', { name: '在线客服' }))
    await waitFor(() => expect(toasts).toEqual(['获取客服配置失败', '获取客服配置出错']))
  })

  it('logs 客服链接不可用 for an unusable chat address', async () => {
    setSession({ accessToken: 't', expiresIn: 3600, brokerUserId: 7 })
    server.use(
      http.get(`${API}/app/customerServiceConfig`, () =>
        envelope({
          type: 'broker',
          chatUrl: 'ftp://x',
          clientId: '',
          nickname: '',
          brokerName: '',
          userId: '7',
        }),
      ),
    )
    renderAt(<CustomerServiceEntry />)
    fireEvent.click(screen.getByRole('button', { name: '在线客服' }))
    await waitFor(() => expect(sent.map((s) => s.message)).toEqual(['客服链接不可用: ftp://x']))
  })
})

describe('the messaging app’s signature (docs/api.md#platform)', () => {
  it('signs the page without its fragment, the landing page on iOS', () => {
    expect(signatureUrl('https://h/h5/x/home?a=1#top', { isIOS: false })).toBe(
      'https://h/h5/x/home?a=1',
    )
    expect(
      signatureUrl('https://h/h5/x/mine', { isIOS: true, landingUrl: 'https://h/h5/x/home#x' }),
    ).toBe('https://h/h5/x/home')
  })

  it('is null when it cannot be had', async () => {
    server.use(
      http.get(`${API}/noauth/utils/signature`, () => failure(400, 63005, '签名地址不合法')),
    )
    await expect(getSignature('/home')).resolves.toBeNull()
    server.use(
      http.get(`${API}/noauth/utils/signature`, () =>
        envelope({ appId: 'wx1', timestamp: 1, nonce: 'n', signature: 's' }),
      ),
    )
    await expect(getSignature('https://h/a')).resolves.toMatchObject({ appId: 'wx1' })
  })
})
