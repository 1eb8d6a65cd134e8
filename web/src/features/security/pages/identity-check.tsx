import { useState } from 'react'
import { Button, Form, Input, Toast } from 'antd-mobile'
import { SmsCodeField } from '@/components/sms-code-field'
import { sendIdSms, useVerifyIdSms, type Scene } from '../api/security-writes'
import '../security.css'

interface Props {
  scene: Scene
  intro: string
  onPassed: (ticket: string) => void
}

/** The identity check of sensitive steps: the document number and an SMS code to the reserved
 * phone give a ticket for the next step. */
export function IdentityCheck({ scene, intro, onPassed }: Props) {
  const [idNo, setIdNo] = useState('')
  const [code, setCode] = useState('')
  const [phone, setPhone] = useState('')
  const verify = useVerifyIdSms()
  return (
    <div className="form-page">
      <p className="form-page__intro">{intro}</p>
      <Form layout="horizontal">
        <Form.Item label="证件号码">
          <Input
            value={idNo}
            onChange={setIdNo}
            placeholder="开户时使用的证件号码"
            clearable
            aria-label="证件号码"
          />
        </Form.Item>
        <Form.Item
          label="验证码"
          help={phone ? `验证码将发送至 ${phone}` : '验证码将发送至开户预留手机号'}
        >
          <SmsCodeField
            value={code}
            onChange={setCode}
            onSend={() => sendIdSms(scene).then((s) => setPhone(s.phone))}
          />
        </Form.Item>
      </Form>
      <div className="form-page__footer">
        <Button
          block
          color="primary"
          loading={verify.isPending}
          disabled={!idNo.trim() || code.length !== 6}
          onClick={() =>
            verify.mutate(
              { scene, idNo: idNo.trim(), verifyCode: code },
              {
                onSuccess: (t) => onPassed(t.ticket),
                onError: (err) => {
                  setCode('')
                  Toast.show({ content: err.message })
                },
              },
            )
          }
        >
          下一步
        </Button>
      </div>
    </div>
  )
}
