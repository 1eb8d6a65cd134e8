import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { clearCache } from '@/lib/api-client'
import { setSession } from '@/lib/session'
import { API, envelope, http, server } from '@/test/msw'
import { renderAt } from '@/test/render'
import type { SeriesAsset } from '../api/types'
import SeriesAssetPage from './series-asset'

/** 李明's CL000004 of the demo world: reached its target and sold to the wallet. */
const reached = {
  totalAsset: '0.00',
  holdingProfit: '0.00',
  accumulatedProfit: '258.20',
  strategies: [
    {
      strategyCode: 'CL000004',
      strategyName: '目标盈·灵活止盈',
      strategyType: '1',
      productType: 'targetSeries',
      targetReturn: '0.1300',
      buyMode: 'IMMEDIATE',
      periodNo: 2,
      currentPhase: 'RESERVE',
      currentPhaseName: '预约期',
      onSale: true,
      totalAsset: '0.00',
      holdingProfit: '0.00',
      positions: [
        {
          id: 1,
          financialAccountId: 1,
          financialAccountName: '默认账户',
          periodNo: 1,
          buyMode: 'IMMEDIATE',
          phase: 'END',
          phaseName: '已结束',
          amount: '2000.00',
          totalAsset: '0.00',
          holdingProfit: '0.00',
          returnRate: '0.1387',
          targetRate: '0.1300',
          targetAction: 'redeem',
          round: 1,
          boughtDate: '2026-08-31',
          reachedDate: '2026-09-18',
          realisedRate: '0.1387',
          stopOrderNo: '20260918200000G000000001',
          stopOrderStatus: 'P2',
        },
      ],
    },
  ],
} as unknown as SeriesAsset

beforeEach(() => {
  clearCache()
  server.listen({ onUnhandledRequest: 'error' })
  setSession({ accessToken: 't', expiresIn: 7200, brokerUserId: 7, accountId: 5 })
})
afterEach(() => {
  server.resetHandlers()
  server.close()
})

describe('系列资产', () => {
  it("writes a position's return with its sign, as every return rate is written", async () => {
    server.use(http.get(`${API}/account/getAccountSeriesStrategyAsset`, () => envelope(reached)))
    renderAt(<SeriesAssetPage />, { at: '/?strategyParentCode=CL000004&financialAccountId=1' })
    expect(await screen.findByText('+13.87%')).toBeTruthy()
    expect(screen.getByText('实现收益率 / 目标')).toBeTruthy()
  })
})
