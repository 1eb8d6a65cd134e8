import { useEffect, useState } from 'react'
import { PasscodeInput, Toast } from 'antd-mobile'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { maskPhone } from '@/lib/format'
import { useLoginByPhone } from '../api/login-by-phone'
import { useSendLoginCode } from '../api/send-login-code'
import { CaptchaField } from '../components/captcha-field'
import { useLoginCaptcha } from '../hooks/use-login-captcha'
import { afterLoginPath } from '../lib/after-login'
import '../auth.css'

/** 短信验证: the six-digit code texted to the phone; six digits sign in at once. */
export default function SmsPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const phone = params.get('phone') ?? ''
  const interval = Number(params.get('interval')) || 60
  const [code, setCode] = useState('')
  const [deadline, setDeadline] = useState(() => Date.now() + interval * 1000)
  const [now, setNow] = useState(() => Date.now())
  const [error, setError] = useState(false)
  const login = useLoginByPhone()
  const resend = useSendLoginCode()
  const captcha = useLoginCaptcha()
  const left = Math.max(0, Math.ceil((deadline - now) / 1000))

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])

  if (!phone) {
    return (
      <div className="login-page">
        <p className="sms-page__tip">缺少手机号，请返回重新获取验证码</p>
        <Link to="/login">返回登录</Link>
      </div>
    )
  }

  const change = (v: string) => {
    setCode(v)
    setError(false)
    if (v.length === 6) {
      login.mutate(
        { phone, verifyCode: v },
        {
          onSuccess: (data) => navigate(afterLoginPath(data.accountId), { replace: true }),
          onError: (err) => {
            setError(true)
            setCode('')
            Toast.show({ content: err.message })
          },
        },
      )
    }
  }

  return (
    <div className="login-page">
      <div className="login-brand">
        <h1 className="login-brand__title">输入验证码</h1>
        <p className="sms-page__tip">验证码已发送至 +86 {maskPhone(phone)}</p>
      </div>
      <PasscodeInput
        value={code}
        onChange={change}
        length={6}
        plain
        seperated
        error={error}
        aria-label="短信验证码"
        style={{ '--cell-size': '44px', '--cell-gap': '8px' }}
      />
      <CaptchaField state={captcha} />
      <div className="sms-page__resend">
        <button
          type="button"
          disabled={left > 0 || resend.isPending}
          onClick={() => {
            if (!captcha.ready()) return
            resend.mutate(
              { phone, captcha: captcha.answer() },
              {
                onSuccess: (sent) => {
                  Toast.show({ content: '验证码已发送' })
                  captcha.spent()
                  setNow(Date.now())
                  setDeadline(Date.now() + sent.interval * 1000)
                },
                onError: (err) => {
                  captcha.handle(err)
                  Toast.show({ content: err.message })
                },
              },
            )
          }}
        >
          {left > 0 ? `${left}秒后重新获取` : '重新获取验证码'}
        </button>
        <Link to="/smsNotReceivedExplain">收不到验证码？</Link>
      </div>
    </div>
  )
}
