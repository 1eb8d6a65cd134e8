import { Button, List, Toast } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { appPath } from '@/lib/env'
import { QueryView } from '@/components/query-view'
import { formatMoney } from '@/lib/format'
import { usePaymentMethods } from '../api/get-payment-methods'
import { useCmbSign } from '../api/sign-card'
import '../cards.css'

const CMB = '007'

/** 提升支付限额 for 招商银行 cards: signing on the bank's page raises the limits. */
export default function RaiseCmbPaymentPage() {
  const navigate = useNavigate()
  const query = usePaymentMethods()
  const sign = useCmbSign()
  return (
    <QueryView query={query}>
      {(data) => {
        const cards = data.paymentMethods.filter((c) => c.bankNo === CMB)
        if (cards.length === 0) {
          return (
            <p className="form-page__intro">您尚未绑定招商银行卡，该服务仅适用于招商银行卡。</p>
          )
        }
        return (
          <div className="form-page">
            <p className="form-page__intro">
              通过招商银行「一网通」签约后，单笔限额可提升至20万元，单日限额50万元。
            </p>
            <List>
              {cards.map((c) => (
                <List.Item
                  key={c.paymentMethodId}
                  description={`当前单笔${formatMoney(c.singleLimit)}元，单日${formatMoney(c.dailyLimit)}元`}
                  extra={
                    <Button
                      size="small"
                      color="primary"
                      loading={sign.isPending}
                      onClick={() =>
                        sign.mutate(c.paymentMethodId, {
                          onSuccess: (r) => {
                            const path = appPath(r.verifyUrl)
                            if (path) navigate(path)
                            else window.location.assign(r.verifyUrl)
                          },
                          onError: (err) => Toast.show({ content: err.message }),
                        })
                      }
                    >
                      去签约
                    </Button>
                  }
                >
                  {c.bankCardShowName}
                </List.Item>
              ))}
            </List>
          </div>
        )
      }}
    </QueryView>
  )
}
