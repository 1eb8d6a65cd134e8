import { useState } from 'react'
import { List, Radio } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { usePaymentMethods, type PaymentMethod } from '@/features/cards'
import { formatMoney, toDecimal } from '@/lib/format'
import { useShares } from '../api/get-shares'
import type { PayType } from '../api/types'
import { WALLET_FUND_CODE } from '../lib/product-kind'

/** A card as a way to pay or be paid: as the payment methods show it, 工商银行(1234). */
export function cardLabel(card: PaymentMethod) {
  return card.bankCardShowName
}

/** The wallet's available balance in a financial account ("0.00" until known). */
export function useWalletBalance(financialAccountId: number | null, enabled = true): string {
  const shares = useShares(financialAccountId, enabled && financialAccountId !== null)
  const row = shares.data?.find((s) => s.fundCode === WALLET_FUND_CODE)
  return row?.availableShares ?? '0.00'
}

export interface PayChoiceState {
  cards: PaymentMethod[]
  /** The chosen way to pay: the one picked, else the first signed card. */
  payType: PayType | null
  paymentMethodId: number | null
  card: PaymentMethod | undefined
  /** The cards are not known yet: neither a card nor 添加银行卡 can be offered. */
  cardsLoading: boolean
  /** The cards could not be read: offered again by a tap, never 添加银行卡. */
  cardsFailed: boolean
  retryCards: () => void
  choose: (payType: PayType, paymentMethodId?: number | null) => void
}

/** The way a purchase (or a plan's charge) is paid: the wallet or one of the user's cards; the
 * first signed card is the default, or what the screen starts from (a plan being modified). */
export function usePayChoice(
  initial: { payType?: PayType | null; paymentMethodId?: number | null } = {},
): PayChoiceState {
  const cardsQuery = usePaymentMethods()
  const [payType, setPayType] = useState<PayType | null>(initial.payType ?? null)
  const [paymentMethodId, setPaymentMethodId] = useState<number | null>(
    initial.paymentMethodId ?? null,
  )
  const cards = cardsQuery.data?.paymentMethods ?? []
  const defaultCard = cards.find((c) => c.isSigned) ?? cards[0]
  const chosenPay: PayType | null = payType ?? (defaultCard ? 'card' : null)
  const chosenCardId = paymentMethodId ?? defaultCard?.paymentMethodId ?? null
  return {
    cards,
    payType: chosenPay,
    paymentMethodId: chosenCardId,
    card: cards.find((c) => c.paymentMethodId === chosenCardId),
    cardsLoading: cardsQuery.isPending,
    cardsFailed: cardsQuery.isError,
    retryCards: () => void cardsQuery.refetch(),
    choose: (pay, id) => {
      setPayType(pay)
      if (pay === 'card' && id != null) setPaymentMethodId(id)
    },
  }
}

/** 扣款方式 / 支付方式: the wallet (with its balance) and the cards (with their per-charge
 * limit) as radio rows; 添加银行卡 only when the user is known to have no card (while the cards
 * load the row says so, and a failed read is offered again), never a "no card" flash for a
 * user who just bound one. */
export function PayChoice({
  header,
  choice,
  walletName,
  walletBalance,
  showWallet,
}: {
  header: string
  choice: PayChoiceState
  walletName: string
  walletBalance: string
  showWallet: boolean
}) {
  const navigate = useNavigate()
  const { cards, payType, paymentMethodId, choose, cardsLoading, cardsFailed, retryCards } = choice
  return (
    <List header={header}>
      <Radio.Group
        value={payType === 'wallet' ? 'wallet' : paymentMethodId}
        onChange={(v) => (v === 'wallet' ? choose('wallet') : choose('card', Number(v)))}
      >
        {showWallet && (
          <List.Item
            prefix={<Radio value="wallet" />}
            description={`可用余额 ${formatMoney(walletBalance)} 元`}
            onClick={() => choose('wallet')}
          >
            {walletName}
          </List.Item>
        )}
        {cards.map((c) => (
          <List.Item
            key={c.paymentMethodId}
            prefix={<Radio value={c.paymentMethodId} />}
            description={
              toDecimal(c.singleLimit)?.gt(0)
                ? `单笔限额 ${formatMoney(c.singleLimit)} 元`
                : undefined
            }
            onClick={() => choose('card', c.paymentMethodId)}
          >
            {cardLabel(c)}
          </List.Item>
        ))}
      </Radio.Group>
      {cards.length === 0 &&
        (cardsLoading ? (
          <List.Item className="pay-choice__status">正在加载银行卡...</List.Item>
        ) : cardsFailed ? (
          <List.Item className="pay-choice__status" onClick={retryCards} arrowIcon>
            银行卡加载失败，点击重试
          </List.Item>
        ) : (
          <List.Item onClick={() => navigate('/bind-payment-method')} arrowIcon>
            添加银行卡
          </List.Item>
        ))}
    </List>
  )
}
