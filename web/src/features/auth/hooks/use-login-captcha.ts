import { useCallback, useState } from 'react'
import { Toast } from 'antd-mobile'
import { getLoginCaptcha, type LoginCaptcha } from '../api/get-login-captcha'
import type { CaptchaAnswer } from '../api/send-login-code'
import { isCaptchaDemand } from '../lib/captcha'

export interface LoginCaptchaState {
  /** The server asked for a captcha: the field is shown. */
  needed: boolean
  captcha: LoginCaptcha | null
  code: string
  setCode: (code: string) => void
  /** Draw another image (a tap on the image, or after a wrong or spent answer). */
  refresh: () => Promise<void>
  /** What the next code request carries: the answer, when the field is shown. */
  answer: () => CaptchaAnswer | null
  /** After a failed code request: true when it was the captcha's doing (the field is shown
   * with a fresh image); false for any other failure. */
  handle: (err: unknown) => boolean
  /** Before a code request: false (with a toast) when the field is shown but empty. */
  ready: () => boolean
  /** After a code was sent: the answer is spent. */
  spent: () => void
}

/** The captcha of the sign-in pages (features/auth/lib/captcha.ts). */
export function useLoginCaptcha(): LoginCaptchaState {
  const [needed, setNeeded] = useState(false)
  const [captcha, setCaptcha] = useState<LoginCaptcha | null>(null)
  const [code, setCode] = useState('')

  const refresh = useCallback(async () => {
    setCode('')
    try {
      setCaptcha(await getLoginCaptcha())
    } catch (err) {
      Toast.show({ content: (err as Error).message || '图形验证码获取失败，请稍后再试' })
    }
  }, [])

  const handle = useCallback(
    (err: unknown) => {
      if (!isCaptchaDemand(err)) return false
      setNeeded(true)
      void refresh()
      return true
    },
    [refresh],
  )

  return {
    needed,
    captcha,
    code,
    setCode,
    refresh,
    answer: () => (needed && captcha ? { captchaId: captcha.captchaId, captchaCode: code } : null),
    handle,
    ready: () => {
      if (needed && code.length < 4) {
        Toast.show({ content: '请输入图形验证码' })
        return false
      }
      return true
    },
    spent: () => {
      if (needed) void refresh()
    },
  }
}
