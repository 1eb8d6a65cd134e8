// The visit's pop-ups when their code cannot be downloaded (the import of ./popup-modals
// fails): the consent and a step that applies are passed, as when their calls fail, and
// nothing shows.
import { screen, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest'
import { clearCache } from '@/lib/api-client'
import { setSession } from '@/lib/session'
import { API, envelope, http, recorder, server } from '@/test/msw'
import { renderAt } from '@/test/render'
import { PopupHost } from './popup-host'

vi.mock('./popup-modals', () => {
  throw new TypeError('Failed to fetch dynamically imported module')
})

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  clearCache()
  setSession({ accessToken: 't', expiresIn: 3600, brokerUserId: 7, accountId: null })
})
afterEach(() => server.resetHandlers())

it('passes the consent and a due pop-up whose code cannot be downloaded', async () => {
  const calls = recorder()
  server.use(
    http.get(`${API}/tamp/getBrokerPreSetting`, () =>
      envelope({ brokerId: 1001, isPrivacyPromptDisabled: false }),
    ),
    http.get(`${API}/account/checkUserLatestContracts`, () =>
      envelope([
        {
          fileType: 'privacyPolicy',
          fileName: '隐私政策',
          latestVersion: '2026.11.01',
          signedVersion: null,
          signedAt: null,
          isSignLatest: false,
        },
      ]),
    ),
    http.get(`${API}/notice/getUserUnreadAnn`, () => envelope([])),
    http.get(`${API}/noauth/popup/list`, () =>
      envelope([
        {
          popupId: 1,
          scene: 'HOME',
          title: '定投计划，省心积累',
          content: '每月小额投入',
          imageUrl: '',
          linkUrl: '/strategy/autoInvestPlanList',
          buttonText: '去看看',
          frequency: 'ONCE',
          audience: 'ALL',
          startAt: '2026-11-22T00:00:00+08:00',
          endAt: null,
        },
      ]),
    ),
    http.get(`${API}/noauth/push/getOperationPush`, () => envelope({ push: null })),
  )
  renderAt(<PopupHost def={{ access: 'token', tab: true }} pathname="/home" />, {
    path: '/home',
  })
  await waitFor(() =>
    expect(JSON.parse(sessionStorage.getItem('opentamp.popupsDone') ?? '{}').value).toEqual([
      'noticeConfirm',
      'operation:HOME',
      'push:HOME',
    ]),
  )
  expect(calls.some((c) => c.path === '/noauth/popup/list')).toBe(true)
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(screen.queryByText('隐私政策授权')).toBeNull()
  expect(sessionStorage.getItem('opentamp.popupShown')).toBeNull()
})
