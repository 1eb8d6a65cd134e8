import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { clearCache } from '@/lib/api-client'
import { setSession } from '@/lib/session'
import { API, envelope, http, server } from '@/test/msw'
import { renderAt } from '@/test/render'
import TradeResultPage from './trade-result'

/** A sale of 100 shares placed on a Saturday, its cash going to the wallet. */
const sale = {
  brokerOrderNo: '20261128082518726732665736',
  accountId: 1,
  brokerUserId: 1,
  financialAccountId: 1,
  orderCode: '024',
  fundOrderCode: '024',
  poOrderCode: '',
  confirmStatus: '0',
  payStatus: '2',
  payType: '',
  paymentMethodId: null,
  bankName: '',
  cardTail: '',
  bankCardShowName: '',
  productCode: '002201',
  productName: '景明短债债券型证券投资基金A',
  productType: 'FUND',
  tradeAmount: '0.00',
  tradeShare: '100.00',
  fee: '0.00',
  feeRate: null,
  netAmount: '0.00',
  nav: null,
  confirmedShares: '0.00',
  confirmedAmount: '0.00',
  applyTime: '2026-11-28T08:25:18+08:00',
  tradeDate: '2026-11-30',
  confirmDate: '2026-12-01',
  confirmedAt: null,
  profitDate: null,
  arrivalDate: '2026-12-01',
  redeemTo: 'wallet',
  payoutStatus: null,
  canCancel: true,
  extMetaInfo: null,
  isSignalSellOrder: false,
  isTransfer: false,
  failReason: '',
  children: [],
}

beforeEach(() => {
  localStorage.clear()
  clearCache()
  server.listen({ onUnhandledRequest: 'error' })
  setSession({ accessToken: 't', expiresIn: 7200, brokerUserId: 7, accountId: 5 })
  server.use(
    http.get(`${API}/trade/getOrderDetail`, () => envelope(sale)),
    http.get(`${API}/tamp/getBrokerPreSetting`, () => envelope({ walletName: '活期宝' })),
    http.get(`${API}/trade/getTradeDate`, () =>
      envelope({
        tradeDate: '2026-11-30',
        confirmDate: '2026-12-01',
        profitDate: '2026-12-02',
        arrivalDate: '2026-12-03',
      }),
    ),
  )
})
afterEach(() => {
  server.resetHandlers()
  server.close()
})

describe('交易结果', () => {
  it('says where a sale’s cash goes when it goes to the wallet, by the broker’s name for it', async () => {
    renderAt(<TradeResultPage />, {
      path: '/tradeResult',
      at: `/tradeResult?brokerOrderNo=${sale.brokerOrderNo}`,
    })
    const row = (await screen.findByText('回款方式')).closest('.adm-list-item') as HTMLElement
    await screen.findByText('活期宝')
    expect(row.textContent).toContain('活期宝')
  })
})
