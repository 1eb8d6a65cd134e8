import { Input } from 'antd-mobile'
import type { LoginCaptchaState } from '../hooks/use-login-captcha'
import { cleanCaptchaCode } from '../lib/captcha'

/** 图形验证码: the answer and the server's image, which a tap redraws. */
export function CaptchaField({ state }: { state: LoginCaptchaState }) {
  if (!state.needed) return null
  return (
    <div className="login-field captcha-field">
      <Input
        value={state.code}
        onChange={(v) => state.setCode(cleanCaptchaCode(v))}
        placeholder="请输入图形验证码"
        autoComplete="off"
        maxLength={4}
        clearable
        aria-label="图形验证码"
      />
      <button
        type="button"
        className="captcha-field__image"
        onClick={() => void state.refresh()}
        aria-label="看不清，换一张"
      >
        {state.captcha ? <img src={state.captcha.image} alt="图形验证码" /> : <span>加载中</span>}
      </button>
    </div>
  )
}
