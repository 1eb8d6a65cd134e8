import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderAt } from '@/test/render'
import { PayChoice, type PayChoiceState } from './pay-choice'

const state = (over: Partial<PayChoiceState>): PayChoiceState => ({
  cards: [],
  payType: null,
  paymentMethodId: null,
  card: undefined,
  cardsLoading: false,
  cardsFailed: false,
  retryCards: () => {},
  choose: () => {},
  ...over,
})

const show = (choice: PayChoiceState) =>
  renderAt(
    <PayChoice
      header="扣款方式"
      choice={choice}
      walletName="活期宝"
      walletBalance="0.00"
      showWallet
    />,
  )

describe('扣款方式 (the wallet and the cards)', () => {
  it('does not offer 添加银行卡 while the cards are still loading', () => {
    show(state({ cardsLoading: true }))
    expect(screen.queryByText('添加银行卡')).toBeNull()
    expect(screen.getByText('正在加载银行卡...')).toBeInTheDocument()
  })

  it('offers a failed read again, not 添加银行卡', () => {
    const retryCards = vi.fn()
    show(state({ cardsFailed: true, retryCards }))
    expect(screen.queryByText('添加银行卡')).toBeNull()
    fireEvent.click(screen.getByText('银行卡加载失败，点击重试'))
    expect(retryCards).toHaveBeenCalled()
  })

  it('offers 添加银行卡 once the user is known to have no card', () => {
    show(state({}))
    expect(screen.getByText('添加银行卡')).toBeInTheDocument()
    expect(screen.queryByText('正在加载银行卡...')).toBeNull()
  })
})
