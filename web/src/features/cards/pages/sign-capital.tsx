import { List } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { ResultView } from '@/components/result-view'
import { usePaymentMethods } from '../api/get-payment-methods'
import { BankBadge } from '../components/bank-badge'
import '../cards.css'

/** 资金签约: the cards whose payment channel waits for signing; none means no signing is
 * needed (docs/product.md#states). */
export default function SignCapitalPage() {
  const navigate = useNavigate()
  const query = usePaymentMethods()
  return (
    <QueryView query={query}>
      {(data) => {
        const pending = data.paymentMethods.filter((c) => !c.isSigned)
        if (pending.length === 0) {
          return (
            <ResultView
              status="success"
              title="无需签约"
              description="您绑定的银行卡均已完成签约"
              actions={[{ text: '返回', onClick: () => navigate(-1) }]}
            />
          )
        }
        return (
          <List header="待签约的银行卡">
            {pending.map((c) => (
              <List.Item
                key={c.paymentMethodId}
                prefix={<BankBadge name={c.name} color={c.color} />}
                description={`预留手机 ${c.phone}`}
                extra="去签约"
                onClick={() =>
                  navigate(
                    `/paymentChannelSigning?${new URLSearchParams({
                      paymentMethodId: String(c.paymentMethodId),
                      bankName: c.bankName,
                      bankCardTail: c.bankCardTail,
                      bankCardPhoneTail: c.bankCardPhoneTail,
                      bankNo: c.bankNo,
                    })}`,
                  )
                }
              >
                {c.bankCardShowName}
              </List.Item>
            ))}
          </List>
        )
      }}
    </QueryView>
  )
}
