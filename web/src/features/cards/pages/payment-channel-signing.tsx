import { useState } from 'react'
import { Button, List, Toast } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { ProtocolAgreement } from '@/components/protocol-agreement'
import { QueryView } from '@/components/query-view'
import { useAgreements } from '../api/get-agreements'
import { usePrepareSign } from '../api/sign-card'
import '../cards.css'

/** 支付渠道签约 (bankName, bankCardTail, bankCardPhoneTail, paymentMethodId, bankNo,
 * brokerName): a card whose quick-payment channel must be (re)signed before it can pay. */
export default function PaymentChannelSigningPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const paymentMethodId = Number(params.get('paymentMethodId'))
  const bankNo = params.get('bankNo') ?? ''
  const agreements = useAgreements(bankNo)
  const prepare = usePrepareSign()
  const [agreed, setAgreed] = useState(false)
  if (!paymentMethodId) {
    return <p className="form-page__intro">缺少银行卡信息，请从银行卡页面进入</p>
  }
  return (
    <div className="form-page">
      <p className="form-page__intro">
        为保障资金安全，{params.get('brokerName') || '平台'}
        已升级支付通道。请完成银行卡签约，签约后即可继续使用该卡买入。
      </p>
      <List header="待签约银行卡">
        <List.Item extra={params.get('bankName')}>银行</List.Item>
        <List.Item extra={`尾号 ${params.get('bankCardTail') ?? ''}`}>卡号</List.Item>
        <List.Item extra={`尾号 ${params.get('bankCardPhoneTail') ?? ''}`}>预留手机号</List.Item>
      </List>
      <div style={{ padding: '0 16px' }}>
        <QueryView query={agreements} rows={1}>
          {(data) => (
            <ProtocolAgreement
              className="agree-protocols"
              checked={agreed}
              onChange={setAgreed}
              protocols={data.paymentAgreement.agreements.map((a) => ({
                name: a.name,
                url: a.url,
              }))}
            />
          )}
        </QueryView>
      </div>
      <div className="form-page__footer">
        <Button
          block
          color="primary"
          loading={prepare.isPending}
          onClick={() => {
            if (!agreed) {
              Toast.show({ content: '请阅读并同意银行授权支付服务协议' })
              return
            }
            prepare.mutate(paymentMethodId, {
              onSuccess: (sent) =>
                navigate(
                  `/bankPaymentSigningSms?serialNo=${sent.serialNo}&phone=${encodeURIComponent(sent.phone)}&paymentMethodId=${paymentMethodId}`,
                ),
              onError: (err) => Toast.show({ content: err.message }),
            })
          }}
        >
          去签约
        </Button>
      </div>
    </div>
  )
}
