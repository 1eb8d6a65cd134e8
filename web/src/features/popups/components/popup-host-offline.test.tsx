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
import { homePopups, privacyContracts } from './popup-host.fixtures'

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
    http.get(`${API}/account/checkUserLatestContracts`, () => envelope(privacyContracts(false))),
    http.get(`${API}/notice/getUserUnreadAnn`, () => envelope([])),
    http.get(`${API}/noauth/popup/list`, () => envelope(homePopups('ALL'))),
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
