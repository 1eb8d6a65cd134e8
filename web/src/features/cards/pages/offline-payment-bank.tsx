import { List } from 'antd-mobile'
import { QueryView } from '@/components/query-view'
import { usePaymentMethods } from '../api/get-payment-methods'
import { BankBadge } from '../components/bank-badge'
import '../cards.css'

/** 线下转账银行: transfers are accepted only from the user's own bound cards. */
export default function OfflinePaymentBankPage() {
  const query = usePaymentMethods()
  return (
    <QueryView query={query}>
      {(data) => (
        <div className="form-page">
          <p className="form-page__intro">
            以下为您可用于线下汇款的本人银行卡，请勿使用其他银行卡汇款。
          </p>
          {data.paymentMethods.length === 0 ? (
            <p className="form-page__note">您还没有绑定银行卡，请先绑定后再使用线下转账。</p>
          ) : (
            <List>
              {data.paymentMethods.map((c) => (
                <List.Item
                  key={c.paymentMethodId}
                  prefix={<BankBadge name={c.name} color={c.color} />}
                  description={c.bankName}
                >
                  {c.bankCardShowName}
                </List.Item>
              ))}
            </List>
          )}
        </div>
      )}
    </QueryView>
  )
}
