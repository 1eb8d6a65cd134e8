import { useState } from 'react'
import { Button, PasscodeInput, Toast } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { useConfirmSign } from '../api/sign-card'
import '../cards.css'

/** 签约短信验证: the bank's code confirms the signing. */
export default function BankPaymentSigningSmsPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const serialNo = params.get('serialNo') ?? ''
  const [code, setCode] = useState('')
  const confirm = useConfirmSign()
  const submit = (value: string) =>
    confirm.mutate(
      { serialNo, verifyCode: value },
      {
        onSuccess: (card) =>
          navigate(
            `/paymentChannelSigningResult?name=${encodeURIComponent(card.bankCardShowName)}`,
            {
              replace: true,
            },
          ),
        onError: (err) => {
          setCode('')
          Toast.show({ content: err.message })
        },
      },
    )
  return (
    <div className="form-page">
      <p className="form-page__intro">验证码已发送至 {params.get('phone')}</p>
      <div style={{ display: 'flex', justifyContent: 'center', padding: '16px 0' }}>
        <PasscodeInput
          value={code}
          onChange={(v) => {
            setCode(v)
            if (v.length === 6) submit(v)
          }}
          length={6}
          plain
          seperated
          aria-label="短信验证码"
        />
      </div>
      <div className="form-page__footer">
        <Button
          block
          color="primary"
          loading={confirm.isPending}
          disabled={code.length !== 6}
          onClick={() => submit(code)}
        >
          确认签约
        </Button>
      </div>
    </div>
  )
}
