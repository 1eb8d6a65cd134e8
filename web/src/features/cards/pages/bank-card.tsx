import { Link, useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { usePaymentMethods } from '../api/get-payment-methods'
import { BankCardView } from '../components/bank-card-view'
import '../cards.css'

/** 银行卡: the bound cards, adding one within the card limit, history and card changes. */
export default function BankCardPage() {
  const navigate = useNavigate()
  const query = usePaymentMethods()
  return (
    <QueryView query={query}>
      {(data) => (
        <div className="form-page">
          {data.paymentMethods.length === 0 && (
            <p className="form-page__intro">您还没有绑定银行卡，绑定后可用于买入扣款和卖出回款。</p>
          )}
          {data.paymentMethods.map((card) => (
            <BankCardView
              key={card.paymentMethodId}
              card={card}
              onClick={() => navigate(`/bankCardDetail?paymentMethodId=${card.paymentMethodId}`)}
            />
          ))}
          {data.canBindMore ? (
            <div
              className="card-add"
              role="button"
              tabIndex={0}
              onClick={() => navigate('/bind-payment-method')}
            >
              + 添加银行卡
            </div>
          ) : (
            <p className="form-page__note">
              最多可绑定{data.bindLimit}张银行卡，如需更换请使用换卡服务。
            </p>
          )}
          <div className="card-links">
            <Link to="/changeCard/applyGuide">更换银行卡</Link>
            <Link to="/paymentLimitRaise">支付限额</Link>
            <Link to="/signCapital">支付签约</Link>
          </div>
        </div>
      )}
    </QueryView>
  )
}
