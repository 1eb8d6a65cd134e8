import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderAt } from '@/test/render'
import type { Application } from '../api/types'
import { ApplicationCard } from './application-card'

/** Submitted on a Saturday just after midnight: its trade date is the Monday after. */
const application: Application = {
  applicationId: 3,
  status: 'APPLYING',
  source: 'file',
  sourcePlatform: '',
  financialAccountId: 1,
  financialAccountName: '默认账户',
  applyTime: '2026-11-28T00:25:13+08:00',
  tradeDate: '2026-11-30',
  completeDate: null,
  failReason: '',
  totalCost: '1012.50',
  items: [
    {
      fundCode: '002301',
      fundName: '远航纯债债券型证券投资基金A',
      shares: '800.00',
      cost: '1000.00',
      brokerOrderNo: '',
      confirmStatus: '',
    },
  ],
  profitDays: 0,
  profitTotal: '0.00',
}

describe('转入记录 row', () => {
  it('dates the application by the day it was submitted, as its detail does (申请时间)', () => {
    renderAt(<ApplicationCard application={application} />)
    const row = screen.getByTestId('transfer-application')
    expect(row.textContent).toContain('申请日 2026-11-28')
    expect(row.textContent).not.toContain('2026-11-30')
  })
})
