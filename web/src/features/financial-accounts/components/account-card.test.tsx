import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderAt } from '@/test/render'
import type { FinancialAccount } from '../api/get-financial-accounts'
import { AccountCard } from './account-card'

const account = {
  financialAccountId: 3,
  financialAccountName: '养老钱',
  financialAccountType: 'normal',
  isDefault: false,
  isHidden: false,
  holdingAsset: '1949.75',
  totalAsset: '1999.75',
  holdingProfit: '24.75',
  accumulatedProfit: '29.10',
  previousProfit: '2.15',
  profitProgress: 'DONE',
  updateDate: '2026-11-20',
} as FinancialAccount

describe('理财账户 card', () => {
  it('shows the account’s 总资产, the purchases awaiting confirmation counted', () => {
    renderAt(<AccountCard account={account} />)
    expect(screen.getByTestId('fa-card').querySelector('.fa-card__amount')?.textContent).toBe(
      '1,999.75',
    )
  })

  it('hides it with the other amounts', () => {
    renderAt(<AccountCard account={account} hideAmounts />)
    expect(screen.queryByText('1,999.75')).toBeNull()
  })
})
