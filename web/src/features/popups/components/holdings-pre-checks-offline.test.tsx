// The pre-checks when their pop-ups' code cannot be downloaded (the import of ./pre-check-modal
// fails): a step that applies is skipped, as one whose call fails is, and the list opens.
import { screen, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest'
import { clearCache } from '@/lib/api-client'
import { setSession } from '@/lib/session'
import { API, envelope, http, server } from '@/test/msw'
import { renderAt } from '@/test/render'
import { HoldingsPreChecks } from './holdings-pre-checks'

vi.mock('./pre-check-modal', () => {
  throw new TypeError('Failed to fetch dynamically imported module')
})

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
beforeEach(() => {
  sessionStorage.clear()
  clearCache()
  setSession({ accessToken: 't', expiresIn: 3600, brokerUserId: 7, accountId: 5 })
})
afterEach(() => server.resetHandlers())

it('skips a step whose pop-up cannot be downloaded', async () => {
  server.use(
    http.get(`${API}/account/holdingAssets/riskLevel`, () =>
      envelope({
        riskGrade5: 2,
        holdingAssetsList: [
          { productName: '测试成长混合', productCode: '000123', amacRisk5Level: 4 },
        ],
      }),
    ),
    http.get(`${API}/adviser/popupCount`, () => envelope({ canPopup: false })),
    http.get(`${API}/adviser/needResignList`, () => envelope([])),
  )
  const onDone = vi.fn()
  renderAt(
    <HoldingsPreChecks
      scope={{ brokerUserId: 7, accountId: 5, financialAccountId: 3 }}
      onDone={onDone}
    />,
  )
  await waitFor(() =>
    expect(onDone).toHaveBeenCalledWith({
      riskMismatch: 'PASS',
      refillSign: 'PASS',
      strategyManual: 'PASS',
    }),
  )
  expect(screen.queryByText('持仓风险提示')).toBeNull()
})
