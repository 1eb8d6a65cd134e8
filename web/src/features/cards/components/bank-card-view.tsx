import type { PaymentMethod } from '../api/get-payment-methods'
import { BankBadge } from './bank-badge'

/** A bound card as a card: bank, masked number (tail only) and its state. */
export function BankCardView({ card, onClick }: { card: PaymentMethod; onClick?: () => void }) {
  return (
    <div
      className={`bank-card bank-card--${card.color}`}
      role="button"
      tabIndex={0}
      onClick={onClick}
      data-testid="bank-card"
    >
      <BankBadge name={card.name} color={card.color} />
      <div className="bank-card__body">
        <div className="bank-card__name">{card.bankName}</div>
        <div className="bank-card__type">储蓄卡</div>
        <div className="bank-card__no">**** **** **** {card.bankCardTail}</div>
        <div className="bank-card__tags">
          <span>{card.isSigned ? '已签约快捷支付' : '待签约'}</span>
          <span>预留手机 {card.phone}</span>
        </div>
      </div>
    </div>
  )
}
