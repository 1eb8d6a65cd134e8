import { useState } from 'react'
import { Button, Toast } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { SmsCodeField } from '@/components/sms-code-field'
import { isPhone } from '@/lib/validate'
import { useLoginByPhone } from '../api/login-by-phone'
import { sendLoginCode } from '../api/send-login-code'
import { ProtocolAgreement } from '@/components/protocol-agreement'
import { CaptchaField } from '../components/captcha-field'
import { LoginBrand } from '../components/login-brand'
import { PhoneField } from '../components/phone-field'
import { useLoginCaptcha } from '../hooks/use-login-captcha'
import { afterLoginPath } from '../lib/after-login'
import { USER_PROTOCOLS } from '../protocols'
import '../auth.css'

/** 短信登录 on one page: phone and code together. */
export default function LoginSmsPage() {
  const navigate = useNavigate()
  const [phone, setPhone] = useState('')
  const [code, setCode] = useState('')
  const [agreed, setAgreed] = useState(false)
  const login = useLoginByPhone()
  const captcha = useLoginCaptcha()

  const sendCode = async () => {
    if (!isPhone(phone)) throw new Error('请输入正确的手机号')
    if (!captcha.ready()) throw new Error('请输入图形验证码')
    try {
      const sent = await sendLoginCode(phone, captcha.answer())
      captcha.spent()
      return sent
    } catch (err) {
      captcha.handle(err)
      throw err
    }
  }

  const submit = () => {
    if (!isPhone(phone)) {
      Toast.show({ content: '请输入正确的手机号' })
      return
    }
    if (code.length !== 6) {
      Toast.show({ content: '请输入6位验证码' })
      return
    }
    if (!agreed) {
      Toast.show({ content: '请阅读并同意用户服务协议和隐私政策' })
      return
    }
    login.mutate(
      { phone, verifyCode: code },
      {
        onSuccess: (data) => navigate(afterLoginPath(data.accountId), { replace: true }),
        onError: (err) => Toast.show({ content: err.message }),
      },
    )
  }

  return (
    <div className="login-page">
      <LoginBrand subtitle="手机号验证码登录，未注册将自动注册" />
      <PhoneField value={phone} onChange={setPhone} />
      <CaptchaField state={captcha} />
      <div className="login-field">
        <SmsCodeField
          value={code}
          onChange={setCode}
          disabled={!isPhone(phone)}
          onSend={sendCode}
        />
      </div>
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
          loading={login.isPending}
          onClick={submit}
        >
          登录
        </Button>
      </div>
    </div>
  )
}
