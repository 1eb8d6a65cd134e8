import { useState } from 'react'
import { Button, Toast } from 'antd-mobile'
import { Link, useNavigate } from 'react-router'
import { isPhone } from '@/lib/validate'
import { useSendLoginCode } from '../api/send-login-code'
import { ProtocolAgreement } from '@/components/protocol-agreement'
import { CaptchaField } from '../components/captcha-field'
import { LoginBrand } from '../components/login-brand'
import { PhoneField } from '../components/phone-field'
import { useLoginCaptcha } from '../hooks/use-login-captcha'
import { USER_PROTOCOLS } from '../protocols'
import '../auth.css'

/** 登录: the phone, then the SMS code on the next page (/sms). */
export default function LoginPage() {
  const navigate = useNavigate()
  const [phone, setPhone] = useState('')
  const [agreed, setAgreed] = useState(false)
  const send = useSendLoginCode()
  const captcha = useLoginCaptcha()

  const next = () => {
    if (!isPhone(phone)) {
      Toast.show({ content: '请输入正确的手机号' })
      return
    }
    if (!agreed) {
      Toast.show({ content: '请阅读并同意用户服务协议和隐私政策' })
      return
    }
    if (!captcha.ready()) return
    send.mutate(
      { phone, captcha: captcha.answer() },
      {
        onSuccess: (sent) =>
          navigate(`/sms?scene=login&phone=${encodeURIComponent(phone)}&interval=${sent.interval}`),
        onError: (err) => {
          captcha.handle(err)
          Toast.show({ content: err.message })
        },
      },
    )
  }

  return (
    <div className="login-page">
      <LoginBrand subtitle="未注册的手机号验证后将自动注册" />
      <PhoneField value={phone} onChange={setPhone} />
      <CaptchaField state={captcha} />
      <ProtocolAgreement
        className="agree-protocols"
        checked={agreed}
        onChange={setAgreed}
        protocols={USER_PROTOCOLS}
      />
      <div className="login-actions">
        <Button
          block
          color="primary"
          size="large"
          shape="rounded"
          loading={send.isPending}
          disabled={phone.length !== 11}
          onClick={next}
        >
          获取验证码
        </Button>
      </div>
      <div className="login-links">
        <Link to="/login-sms">同页填写验证码登录</Link>
        <Link to="/smsNotReceivedExplain">收不到验证码？</Link>
      </div>
    </div>
  )
}
