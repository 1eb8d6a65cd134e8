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
  server.use(http.get(`${API}/account/getAssetReportList`, () => envelope([])))
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
