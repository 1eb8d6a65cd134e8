import { useState } from 'react'
import { Button, PasscodeInput, Toast } from 'antd-mobile'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { useCheckNewCardCode } from '../api/bind-card'
import '../cards.css'

/** 短信验证 of a new card: the code the bank texted to the reserved phone. */
export default function VerifySmsPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const serialNo = params.get('serialNo') ?? ''
  const [code, setCode] = useState('')
  const check = useCheckNewCardCode()

  const submit = (value = code) => {
    if (value.length !== 6) return
    check.mutate(
      { serialNo, verifyCode: value },
      {
        onSuccess: () => navigate(`/bindConfirm?${params}`, { replace: true }),
        onError: (err) => {
          setCode('')
          Toast.show({ content: err.message })
        },
      },
    )
  }

  return (
    <div className="form-page">
      <p className="form-page__intro">
        {params.get('bankName')}（尾号{params.get('tail')}）已向 {params.get('phone')} 发送验证码
      </p>
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
          loading={check.isPending}
          disabled={code.length !== 6}
          onClick={() => submit()}
        >
          下一步
        </Button>
      </div>
      <div className="card-links">
        <Link to="/bind-payment-method" replace>
          重新获取
        </Link>
        <Link to="/smsNotReceivedExplain">收不到验证码？</Link>
      </div>
    </div>
  )
}
