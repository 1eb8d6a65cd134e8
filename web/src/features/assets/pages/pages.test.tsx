import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearCache } from '@/lib/api-client'
import { setSession } from '@/lib/session'
import { API, envelope, http, recorder, server } from '@/test/msw'
import { renderAt } from '@/test/render'
import AssetsTransactionRecordPage from './assets-transaction-record'
import ClearOutAssetsPage from './clear-out-assets'
import ProfitAnalysisPage from './profit-analysis'
import ProfitDetailPage from './profit-detail'

// the charts draw on a canvas jsdom does not have
vi.mock('@/components/charts/line-chart', () => ({ LineChart: () => <div data-testid="chart" /> }))

let calls: ReturnType<typeof recorder>
const queries = (path: string) => calls.filter((c) => c.path === path).map((c) => c.query)

beforeEach(() => {
  localStorage.clear()
  clearCache()
  server.listen({ onUnhandledRequest: 'error' })
  calls = recorder()
  setSession({ accessToken: 't', expiresIn: 7200, brokerUserId: 7, accountId: 5 })
})
afterEach(() => {
  server.resetHandlers()
  server.close()
  vi.useRealTimers()
})

describe('收益分析', () => {
  beforeEach(() => {
    // "this month" is November 2026 (only Date is faked: antd-mobile throttles on real time)
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-20T10:00:00+08:00'))
    server.use(
      http.get(`${API}/trade/getCalendarProfit`, ({ request }) => {
        const q = new URL(request.url).searchParams
        if (q.get('year'))
          return envelope({
            year: q.get('year'),
            total: '150.00',
            months: [
              { month: '2026-10', profit: '200.00' },
              { month: '2026-11', profit: '-50.00' },
            ],
          })
        return envelope({
          month: q.get('month'),
          total: '7.35',
          days: [
            { date: `${q.get('month')}-02`, profit: '12.30' },
            { date: `${q.get('month')}-03`, profit: '-5.05' },
            { date: `${q.get('month')}-04`, profit: '0.10' },
          ],
        })
      }),
      http.get(`${API}/trade/getProfits`, () =>
        envelope({
          holdingAsset: '1000.00',
          holdingProfit: '10.00',
          holdingProfitRate: '0.0100',
          accumulatedProfit: '112.30',
          previousProfit: '12.30',
          updateDate: '2026-11-19',
          profitProgress: 'DONE',
        }),
      ),
      http.get(`${API}/account/getAccumulatedProfitTrend`, () =>
        envelope([
          { date: '2026-11-18', accumulatedProfit: '100.00', profit: '1.00' },
          { date: '2026-11-19', accumulatedProfit: '112.30', profit: '12.30' },
        ]),
      ),
    )
  })

  it('shows this month as a Monday-first grid with its total, and moves by month', async () => {
    renderAt(<ProfitAnalysisPage />, { at: '/?financialAccountId=3' })
    expect(await screen.findByText('+12.30')).toBeInTheDocument()
    expect(queries('/trade/getCalendarProfit')[0]).toMatchObject({
      financialAccountId: '3',
      month: '2026-11',
    })
    expect(screen.getByText('2026年11月')).toBeInTheDocument()
    expect(screen.getByText('+7.35')).toBeInTheDocument()
    expect(screen.getAllByTestId('profit-day')).toHaveLength(30)
    // 1 November 2026 is a Sunday: six blanks before it
    expect(document.querySelectorAll('.profit-cal__cell.is-blank')).toHaveLength(6 + 6)
    // no next month after the current one
    expect(screen.getByLabelText('下一页')).toBeDisabled()
    fireEvent.click(screen.getByLabelText('上一页'))
    expect(await screen.findByText('2026年10月')).toBeInTheDocument()
    await waitFor(() =>
      expect(queries('/trade/getCalendarProfit').at(-1)).toMatchObject({ month: '2026-10' }),
    )
  })

  it('opens on the month of the last valued day, the server clock', async () => {
    server.use(
      http.get(`${API}/trade/getProfits`, () =>
        envelope({
          holdingAsset: '1000.00',
          holdingProfit: '10.00',
          holdingProfitRate: '0.0100',
          accumulatedProfit: '112.30',
          previousProfit: '12.30',
          updateDate: '2026-12-11',
          profitProgress: 'DONE',
        }),
      ),
    )
    renderAt(<ProfitAnalysisPage />, { at: '/?financialAccountId=3' })
    expect(await screen.findByText('2026年12月')).toBeInTheDocument()
    // asked once, for the server's month, never first for the phone's (the request is
    // recorded when it leaves, which may be after the month's title is drawn)
    await waitFor(() =>
      expect(queries('/trade/getCalendarProfit').map((q) => q.month)).toEqual(['2026-12']),
    )
    // 1 December 2026 is a Tuesday: one blank before it
    await screen.findAllByTestId('profit-day')
    const first = document.querySelector('.profit-cal__week:not(.profit-cal__week--head)')
    expect(first?.querySelectorAll('.is-blank')).toHaveLength(1)
  })

  it('switches to the year of months and back to a picked month', async () => {
    renderAt(<ProfitAnalysisPage />, { at: '/?financialAccountId=3' })
    await screen.findByText('+12.30')
    fireEvent.click(screen.getByText('年'))
    expect(await screen.findByText('+200.00')).toBeInTheDocument()
    expect(queries('/trade/getCalendarProfit').at(-1)).toMatchObject({ year: '2026' })
    expect(screen.getByText('本年收益')).toBeInTheDocument()
    fireEvent.click(screen.getByText('10月'))
    expect(await screen.findByText('2026年10月')).toBeInTheDocument()
  })

  it('draws the accumulated profit over 近1月 and asks again for 近1年', async () => {
    renderAt(<ProfitAnalysisPage />, { at: '/?financialAccountId=3' })
    await screen.findByTestId('chart')
    expect(queries('/account/getAccumulatedProfitTrend')[0]).toMatchObject({ days: '30' })
    // 区间收益 = 1.00 + 12.30
    expect(screen.getByText('+13.30')).toBeInTheDocument()
    fireEvent.click(within(screen.getByTestId('profit-trend')).getByText('近1年'))
    await waitFor(() =>
      expect(queries('/account/getAccumulatedProfitTrend').at(-1)).toMatchObject({ days: '365' }),
    )
  })

  it('shows the three returns of the period picked, each with its explanation', async () => {
    server.use(
      http.get(`${API}/trade/getProfits`, ({ request }) => {
        const start = new URL(request.url).searchParams.get('startDate')
        return envelope({
          holdingAsset: '1000.00',
          holdingProfit: '10.00',
          holdingProfitRate: '0.0100',
          accumulatedProfit: '112.30',
          previousProfit: '12.30',
          updateDate: '2026-11-19',
          profitProgress: 'DONE',
          returns: start
            ? {
                startDate: start,
                endDate: '2026-11-19',
                startValue: '0.00',
                endValue: '1000.00',
                profit: '112.30',
                netPaidIn: '887.70',
                simpleReturn: '0.12650670',
                timeWeightedReturn: start === '2025-11-20' ? '0.08123456' : '0.01000000',
                moneyWeightedReturn: null,
                cashFlows: [],
                days: [],
              }
            : null,
        })
      }),
    )
    renderAt(<ProfitAnalysisPage />, { at: '/?financialAccountId=3' })
    const card = await screen.findByTestId('returns-card')
    // 近1年 by default: from the day after the same day a year before the last valued day
    expect(await within(card).findByText('2025-11-20 至 2026-11-19')).toBeInTheDocument()
    expect(within(card).getByText('+12.65%')).toBeInTheDocument()
    expect(within(card).getByText('+8.12%')).toBeInTheDocument()
    expect(within(card).getByText('--')).toBeInTheDocument()
    expect(within(card).getByText(/逐日收益率连乘/)).toBeInTheDocument()
    fireEvent.click(within(card).getByText('近3月'))
    expect(await within(card).findByText('2026-08-20 至 2026-11-19')).toBeInTheDocument()
    expect(queries('/trade/getProfits').at(-1)).toMatchObject({ startDate: '2026-08-20' })
  })
})

describe('records', () => {
  it('lists the account daily profits page after page', async () => {
    // jsdom lays nothing out; InfiniteScroll loads only an element with an offsetParent
    const offsetParent = vi
      .spyOn(HTMLElement.prototype, 'offsetParent', 'get')
      .mockImplementation(function (this: HTMLElement) {
        return this.parentElement
      })
    server.use(
      http.get(`${API}/trade/getDailyProfitList`, ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'))
        return envelope({
          content: [{ date: `2026-11-${20 - page}`, profit: page === 1 ? '3.20' : '-1.10' }],
          total: 2,
          hasMore: page === 1,
        })
      }),
    )
    renderAt(<ProfitDetailPage />, { at: '/?financialAccountId=3' })
    expect(await screen.findByText('+3.20')).toBeInTheDocument()
    expect(await screen.findByText('-1.10')).toBeInTheDocument()
    expect(await screen.findByText('没有更多了')).toBeInTheDocument()
    expect(queries('/trade/getDailyProfitList').map((q) => q.page)).toEqual(['1', '2'])
    offsetParent.mockRestore()
  })

  it('lists a product orders with their derived status', async () => {
    server.use(
      http.get(`${API}/trade/getAllOrders`, () =>
        envelope({
          content: [
            {
              brokerOrderNo: 'B1',
              orderCode: '022',
              confirmStatus: '0',
              payStatus: '1',
              productCode: '004101',
              productName: '成长精选混合A',
              productType: 'FUND',
              tradeAmount: '1000.00',
              applyTime: '2026-11-19T10:00:00+08:00',
            },
            {
              brokerOrderNo: 'B2',
              orderCode: '024',
              confirmStatus: '2',
              payStatus: '2',
              productCode: '004101',
              productName: '成长精选混合A',
              productType: 'FUND',
              tradeShare: '100.00',
              applyTime: '2026-11-10T10:00:00+08:00',
            },
            {
              brokerOrderNo: 'B3',
              orderCode: '143',
              confirmStatus: '1',
              payStatus: '2',
              productCode: '004101',
              productName: '成长精选混合A',
              productType: 'FUND',
              tradeAmount: '0.00',
              confirmedAmount: '8.88',
              applyTime: '2026-11-05T10:00:00+08:00',
            },
          ],
          page: 1,
          size: 10,
          total: 3,
          hasMore: false,
        }),
      ),
    )
    renderAt(<AssetsTransactionRecordPage />, { at: '/?productCode=004101&financialAccountId=3' })
    expect(await screen.findByText('支付失败')).toBeInTheDocument()
    expect(screen.getByText('交易成功')).toBeInTheDocument()
    expect(screen.getByText('1,000.00元')).toBeInTheDocument()
    expect(screen.getByText('100.00份')).toBeInTheDocument()
    // a dividend by its cash, as every record list shows it (orderFigure, the one rule)
    expect(screen.getByText('8.88元')).toBeInTheDocument()
    expect(queries('/trade/getAllOrders')[0]).toMatchObject({
      accountId: '5',
      financialAccountId: '3',
      productCode: '004101',
      page: '1',
    })
  })

  it('shows the cleared products, or 暂无已清仓资产', async () => {
    server.use(
      http.get(`${API}/account/getClearOutAssetList`, () =>
        envelope([
          {
            productCode: '110011',
            productName: '稳健债券A',
            productType: 'FUND',
            accProfit: '35.60',
            clearedDate: '2026-10-12',
            firstConfirmDate: '2026-03-02',
          },
        ]),
      ),
    )
    renderAt(<ClearOutAssetsPage />, { at: '/?financialAccountId=3' })
    expect(await screen.findByText('+35.60')).toBeInTheDocument()
    expect(screen.getByText('2026-03-02 至 2026-10-12')).toBeInTheDocument()
  })

  it('opened without financialAccountId shows the cleared products of all accounts', async () => {
    server.use(
      http.get(`${API}/account/getClearOutAssetList`, () =>
        envelope([
          {
            productCode: '110011',
            productName: '稳健债券A',
            productType: 'FUND',
            accProfit: '35.60',
            clearedDate: '2026-10-12',
            firstConfirmDate: '2026-03-02',
          },
        ]),
      ),
    )
    renderAt(<ClearOutAssetsPage />, { at: '/' })
    expect(await screen.findByText('+35.60')).toBeInTheDocument()
    expect(queries('/account/getClearOutAssetList')[0]).not.toHaveProperty('financialAccountId')
  })

  it('says 暂无已清仓资产 when nothing was sold out', async () => {
    server.use(http.get(`${API}/account/getClearOutAssetList`, () => envelope([])))
    renderAt(<ClearOutAssetsPage />, { at: '/?financialAccountId=3' })
    expect(await screen.findByText('暂无已清仓资产')).toBeInTheDocument()
  })
})
