import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearCache } from '@/lib/api-client'
import { setSession } from '@/lib/session'
import { API, envelope, http, server } from '@/test/msw'
import { renderAt } from '@/test/render'
import { HomeComponentView } from './home-component'

vi.mock('@/components/charts/donut-chart', async (original) => ({
  ...(await original<typeof import('@/components/charts/donut-chart')>()),
  DonutChart: () => <div data-testid="chart" />,
}))

beforeEach(() => {
  clearCache()
  server.listen({ onUnhandledRequest: 'error' })
  setSession({ accessToken: 't', expiresIn: 7200, brokerUserId: 7, accountId: 5 })
  server.use(
    http.get(`${API}/serviceAccount/homepage/component`, () =>
      envelope({
        componentType: 'ASSET_COMPOSITION',
        data: {
          totalAsset: '10000.00',
          itemList: [
            { fundType: 3, fundTypeName: '混合型', marketValue: '6000.00', weight: '0.6' },
            { fundType: 9, fundTypeName: '短债型', marketValue: '4000.00', weight: '0.4' },
          ],
          fundList: [],
        },
      }),
    ),
  )
})
afterEach(() => {
  server.resetHandlers()
  server.close()
})

describe('资产配置', () => {
  it('names each fund type as the server does (9 短债型), keeping no table of its own', async () => {
    renderAt(
      <HomeComponentView
        component={{ componentType: 'ASSET_COMPOSITION', title: '资产配置' } as never}
        serviceAccountId={2}
        allowSingleFundRedeem={false}
      />,
    )
    expect(await screen.findByText('短债型')).toBeTruthy()
    expect(screen.getByText('混合型')).toBeTruthy()
    expect(screen.queryByText('短期理财')).toBeNull()
  })
})
