import { useState } from 'react'
import { Button, Form, Input, Toast } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { SmsCodeField } from '@/components/sms-code-field'
import { isPhone } from '@/lib/validate'
import { sendNewPhoneCode, useUpdatePhone } from '../api/security-writes'
import '../security.css'

/** 修改手机号: after the identity check, the new phone and its code. */
export default function UpdatePhoneBySmsCodePage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const ticket = params.get('ticket') ?? ''
  const [phone, setPhone] = useState('')
  const [code, setCode] = useState('')
  const update = useUpdatePhone()
  if (!ticket) {
    return (
      <div className="form-page">
        <p className="form-page__intro">请先完成身份验证</p>
        <div className="form-page__footer">
          <Button
            block
            color="primary"
            onClick={() => navigate('/identityVerify?scene=updatePhone', { replace: true })}
          >
            去验证
          </Button>
        </div>
      </div>
    )
  }
  return (
    <div className="form-page">
      <p className="form-page__intro">更换后，登录手机号与开户预留手机号将同时变更。</p>
      <Form layout="horizontal">
        <Form.Item label="新手机号">
          <Input
            value={phone}
            onChange={(v) => setPhone(v.replace(/\D/g, '').slice(0, 11))}
            placeholder="请输入新手机号"
            inputMode="tel"
            aria-label="新手机号"
          />
        </Form.Item>
        <Form.Item label="验证码">
          <SmsCodeField
            value={code}
            onChange={setCode}
            disabled={!isPhone(phone)}
            onSend={() => sendNewPhoneCode(phone)}
          />
        </Form.Item>
      </Form>
      <div className="form-page__footer">
        <Button
          block
          color="primary"
          loading={update.isPending}
          disabled={!isPhone(phone) || code.length !== 6}
          onClick={() =>
            update.mutate(
              { phone, verifyCode: code, ticket },
              {
                onSuccess: (r) =>
                  navigate(`/updatePhoneResult?phone=${encodeURIComponent(r.phone)}`, {
                    replace: true,
                  }),
                onError: (err) => Toast.show({ content: err.message }),
              },
            )
          }
        >
          确认更换
        </Button>
      </div>
    </div>
  )
}
