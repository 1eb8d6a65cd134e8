import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { clearCache } from '@/lib/api-client'
import { setSession } from '@/lib/session'
import { API, envelope, http, server } from '@/test/msw'
import { renderAt } from '@/test/render'
import RedeemPage from './redeem'

const WALLET = '000509'

beforeEach(() => {
  localStorage.clear()
  clearCache()
  server.listen({ onUnhandledRequest: 'error' })
  setSession({ accessToken: 't', expiresIn: 7200, brokerUserId: 7, accountId: 5 })
  server.use(
    http.get(`${API}/tamp/getBrokerPreSetting`, () =>
      envelope({ brokerId: 1001, brokerName: '开放财富证券', walletName: '活期宝' }),
    ),
    http.get(`${API}/product/fund/info`, () =>
      envelope({
        productCode: WALLET,
        productType: 'wallet',
        fundCode: WALLET,
        fundName: '远航活期宝货币市场基金A',
        shortName: '远航活期宝货币A',
        fundType: 4,
        fundTypeName: '货币型',
        riskLevel: 1,
        riskLevelName: '低风险',
        status: { status: 'NORMAL', statusText: '', statusNote: '', canBuy: true, canRedeem: true },
        minPurchaseAmount: '0.01',
        minRedeemShares: '0.01',
        minHoldShares: '0.00',
        isMoneyMarket: true,
        isPension: false,
      }),
    ),
    http.get(`${API}/account/getFinancialAccountList`, () =>
      envelope({
        hasFinancialAccount: true,
        financialAccountList: [
          {
            financialAccountId: 1,
            financialAccountName: '默认账户',
            financialAccountType: 'default',
          },
        ],
        visibleAccountList: [
          {
            financialAccountId: 1,
            financialAccountName: '默认账户',
            financialAccountType: 'default',
          },
        ],
        hiddenAccountList: [],
      }),
    ),
    http.get(`${API}/trade/getShares`, () =>
      envelope([
        {
          fundCode: WALLET,
          fundName: '远航活期宝货币A',
          portfolioCode: null,
          shares: '42803.06',
          availableShares: '42803.06',
          frozenShares: '0.00',
          marketValue: '42803.06',
          status: 'holding',
          isBrokeUp: false,
        },
      ]),
    ),
    http.get(`${API}/account/getPaymentMethods`, () =>
      envelope({
        paymentMethods: [
          {
            paymentMethodId: 1,
            bankName: '中国工商银行',
            bankCardTail: '1234',
            bankCardShowName: '工商银行(1234)',
            isBank: true,
            isSigned: true,
            singleLimit: '50000.00',
          },
        ],
      }),
    ),
    // asked on a Saturday: T is Monday the 30th, the cash reaches the card on Tuesday
    http.get(`${API}/trade/getTradeDate`, () =>
      envelope({
        tradeDate: '2026-11-30',
        confirmDate: '2026-12-01',
        profitDate: '2026-12-02',
        arrivalDate: '2026-12-01',
      }),
    ),
  )
})
afterEach(() => {
  server.resetHandlers()
  server.close()
})

describe('取现 (the wallet’s withdrawal)', () => {
  it('dates a normal withdrawal’s arrival by the trading calendar, not “the next trading day”', async () => {
    renderAt(<RedeemPage />, {
      path: '/redeem',
      at: `/redeem?productCode=${WALLET}&productType=wallet&financialAccountId=1`,
    })
    expect(await screen.findByText('预计 2026-12-01 到账')).toBeTruthy()
    expect(screen.queryByText('下一个交易日到账')).toBeNull()
  })
})
