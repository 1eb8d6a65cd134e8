import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderAt } from '@/test/render'
import { PensionPay } from './pension-pay'

const method = {
  paymentMethodId: 1,
  paymentType: 'pension' as const,
  name: '个人养老金资金账户(5678)',
  bankName: '中国工商银行',
  accountTail: '5678',
  isPension: true,
  isBank: false,
  isWallet: false,
  balance: '500.00',
}

describe('扣款方式 of a pension fund', () => {
  it('does not offer 去开通 while the pension account is still loading', () => {
    renderAt(<PensionPay loading method={null} />)
    const card = screen.getByTestId('pension-pay')
    expect(card.textContent).not.toContain('去开通')
    expect(card.querySelector('.adm-skeleton')).not.toBeNull()
  })

  it('shows the pension fund account and its balance once loaded', () => {
    renderAt(<PensionPay loading={false} method={method} />)
    expect(screen.getByTestId('pension-pay').textContent).toContain(
      '个人养老金资金账户(5678) 可用余额 500.00元',
    )
  })

  it('offers 去开通 when the investor has no pension fund account', () => {
    renderAt(<PensionPay loading={false} method={null} />)
    expect(screen.getByRole('link', { name: '去开通' })).toBeTruthy()
  })
})
