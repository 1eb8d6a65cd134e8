import { useState } from 'react'
import { Button, Form, Input, Toast } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { SmsCodeField } from '@/components/sms-code-field'
import { isPhone } from '@/lib/validate'
import { sendCardPhoneCode, useConfirmCardPhone } from '../api/card-phone'
import { usePaymentMethods } from '../api/get-payment-methods'
import '../cards.css'

/** 更换银行卡说明 / 预留手机号: after changing the phone reserved at the bank, confirm the new
 * one here with the bank's code. */
export default function ChangeBankcardExplainPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const id = Number(params.get('paymentMethodId'))
  const query = usePaymentMethods()
  const [phone, setPhone] = useState('')
  const [code, setCode] = useState('')
  const [serialNo, setSerialNo] = useState('')
  const confirm = useConfirmCardPhone()
  return (
    <QueryView query={query}>
      {(data) => {
        const card =
          data.paymentMethods.find((c) => c.paymentMethodId === id) ?? data.paymentMethods[0]
        if (!card) return <p className="form-page__intro">您还没有绑定银行卡</p>
        return (
          <div className="form-page">
            <p className="form-page__intro">
              如您已在银行更换了{card.bankCardShowName}
              的预留手机号，请在此同步，否则将无法收到支付验证码。 如需更换银行卡，请使用
              <a onClick={() => navigate('/changeCard/applyGuide')}>换卡服务</a>。
            </p>
            <Form layout="horizontal">
              <Form.Item label="当前号码">{card.phone}</Form.Item>
              <Form.Item label="新手机号">
                <Input
                  value={phone}
                  onChange={(v) => setPhone(v.replace(/\D/g, '').slice(0, 11))}
                  placeholder="银行新预留手机号"
                  inputMode="tel"
                  aria-label="新手机号"
                />
              </Form.Item>
              <Form.Item label="验证码">
                <SmsCodeField
                  value={code}
                  onChange={setCode}
                  disabled={!isPhone(phone)}
                  onSend={() =>
                    sendCardPhoneCode({ paymentMethodId: card.paymentMethodId, phone }).then((s) =>
                      setSerialNo(s.serialNo),
                    )
                  }
                />
              </Form.Item>
            </Form>
            <div className="form-page__footer">
              <Button
                block
                color="primary"
                loading={confirm.isPending}
                disabled={!serialNo || code.length !== 6}
                onClick={() =>
                  confirm.mutate(
                    { serialNo, verifyCode: code },
                    {
                      onSuccess: () => {
                        Toast.show({ icon: 'success', content: '预留手机号已更新' })
                        navigate(-1)
                      },
                      onError: (err) => Toast.show({ content: err.message }),
                    },
                  )
                }
              >
                确认修改
              </Button>
            </div>
          </div>
        )
      }}
    </QueryView>
  )
}
