import { describe, expect, it } from 'vitest'
import { choosableAccounts } from './account-paths'

const accounts = [
  { financialAccountId: 1, financialAccountType: 'default' },
  { financialAccountId: 2, financialAccountType: 'normal' },
  { financialAccountId: 3, financialAccountType: 'pension' },
  { financialAccountId: 4, financialAccountType: 'service' },
  { financialAccountId: 5, financialAccountType: 'robo_service' },
]
const ids = (list: typeof accounts) => list.map((a) => a.financialAccountId)

describe('choosableAccounts (选择理财账户)', () => {
  it('offers neither the pension account nor a service account for a purchase or a 定投', () => {
    for (const page of [
      '/allot?productCode=004101&productType=fund',
      '/allotFund?productCode=ZH000001',
      'investPlan?productCode=004101',
    ]) {
      expect(ids(choosableAccounts(accounts, page))).toEqual([1, 2])
    }
  })

  it('offers every account for a sale', () => {
    expect(ids(choosableAccounts(accounts, '/redeem?productCode=004101'))).toEqual([1, 2, 3, 4, 5])
  })
})
