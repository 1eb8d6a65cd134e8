import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { clearCache } from '@/lib/api-client'
import { setSession } from '@/lib/session'
import { API, envelope, http, server } from '@/test/msw'
import { renderAt } from '@/test/render'
import StatementListPage from './statement-list'

beforeEach(() => {
  localStorage.clear()
  clearCache()
  server.listen({ onUnhandledRequest: 'error' })
  setSession({ accessToken: 't', expiresIn: 7200, brokerUserId: 7, accountId: 5 })
  server.use(
    http.get(`${API}/account/getAssetReportList`, () => envelope([])),
    http.get(`${API}/tamp/getAdUserReportList`, () => envelope([])),
  )
})
afterEach(() => {
  server.resetHandlers()
  server.close()
})

describe('对账单 with none yet', () => {
  it('says a month’s statement comes once the month is over', async () => {
    renderAt(<StatementListPage />, { at: '/?reportType=month' })
    expect(await screen.findByText('暂无对账单')).toBeInTheDocument()
    expect(screen.getByText('账户有交易或持仓的月份结束后，即可查看当月对账单')).toBeInTheDocument()
  })

  it('says a year’s statement comes once the year is over', async () => {
    renderAt(<StatementListPage />, { at: '/?reportType=year' })
    expect(await screen.findByText('暂无对账单')).toBeInTheDocument()
    expect(screen.getByText('账户有交易或持仓的年度结束后，即可查看当年对账单')).toBeInTheDocument()
  })
})

const statement = (financialAccountId: number, accountName: string, period: string) => ({
  reportId: null,
  financialAccountId,
  accountName,
  reportType: 'month',
  period,
  title: `${period.replace('-', '年')}月对账单`,
  startDate: `${period}-01`,
  endDate: `${period}-28`,
  status: null,
})

describe('对账单 of every account', () => {
  it('lists the advisory service accounts’ statements with the others, newest first', async () => {
    server.use(
      http.get(`${API}/account/getAssetReportList`, () =>
        envelope([statement(1, '默认账户', '2026-10'), statement(1, '默认账户', '2026-09')]),
      ),
      http.get(`${API}/tamp/getAdUserReportList`, () =>
        envelope([
          statement(7, '投顾账户·均衡', '2026-10'),
          statement(7, '投顾账户·均衡', '2026-09'),
        ]),
      ),
    )
    renderAt(<StatementListPage />, { at: '/?reportType=month' })
    await screen.findAllByText(/投顾账户·均衡/)
    const rows = screen.getAllByText(/ · 2026-/).map((e) => e.textContent)
    expect(rows).toEqual([
      '默认账户 · 2026-10-01 至 2026-10-28',
      '投顾账户·均衡 · 2026-10-01 至 2026-10-28',
      '默认账户 · 2026-09-01 至 2026-09-28',
      '投顾账户·均衡 · 2026-09-01 至 2026-09-28',
    ])
  })
})
