import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderAt } from '@/test/render'
import type { FollowRecord } from '../api/types'
import { FollowRecordRow } from './follow-record-row'

const record = (fields: Partial<FollowRecord>): FollowRecord => ({
  recordId: 1,
  followPlanId: 2,
  sigId: 'SI000001-20261123',
  poCode: 'PO001',
  poName: '稳健组合',
  signalType: 'BUY',
  followDate: '2026-11-23',
  baseAmount: '1000.00',
  autoFollowBuyRate: '1.5',
  amount: '1500.00',
  status: 'SUCCESS',
  failReason: '',
  brokerOrderNo: 'B1',
  orderCode: 'P02',
  confirmStatus: '0',
  payStatus: '2',
  tradeShare: null,
  confirmedAmount: null,
  confirmedShares: null,
  fee: null,
  createdAt: '2026-11-23T15:00:00+08:00',
  ...fields,
})

describe('a follow record', () => {
  it('shows a buy by its amount', () => {
    renderAt(<FollowRecordRow record={record({})} />)
    expect(screen.getByTestId('follow-record-amount').textContent).toBe('1,500.00元')
  })

  it("shows a sale by the part it sells, in words, as its order's row does (卖出50%)", () => {
    renderAt(
      <FollowRecordRow
        record={record({ signalType: 'SELL', autoFollowBuyRate: '0.5', orderCode: 'P03' })}
      />,
    )
    expect(screen.getByTestId('follow-record-amount').textContent).toBe('卖出50%')
  })
})
