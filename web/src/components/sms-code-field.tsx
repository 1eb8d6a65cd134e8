import './widgets.css'
import { useId, useState } from 'react'
import { Input, Toast } from 'antd-mobile'
import { ApiError } from '@/lib/api-client'
import { RESEND_INTERVAL_S, startCountdown, useSecondsLeft } from '@/lib/sms-countdown'

interface Props {
  value?: string
  onChange?: (value: string) => void
  /** Sends the code; resolves when sent (the countdown starts then). */
  onSend: () => Promise<unknown>
  /** Whose countdown this is (purpose and phone, e.g. `open_account:138…`): a screen that sent
   * the code itself, or is entered again, counts down from the same moment. */
  countdownKey?: string
  /** Seconds before another code may be asked for (the server allows one a minute). */
  interval?: number
  disabled?: boolean
  placeholder?: string
  /** The button's text before the first code (获取验证码 unless told). */
  sendText?: string
}

/** A 6-digit SMS code input with its 获取验证码 button and the resend countdown the server
 * enforces (a refused send counts down the seconds the server names). */
export function SmsCodeField({
  value,
  onChange,
  onSend,
  countdownKey,
  interval = RESEND_INTERVAL_S,
  disabled,
  placeholder = '请输入短信验证码',
  sendText = '获取验证码',
}: Props) {
  const ownKey = useId()
  const key = countdownKey ?? `field:${ownKey}`
  const left = useSecondsLeft(key)
  const [sending, setSending] = useState(false)

  const send = async () => {
    if (left > 0 || sending || disabled) return
    setSending(true)
    try {
      await onSend()
      Toast.show({ content: '验证码已发送' })
      startCountdown(key, interval)
    } catch (err) {
      if (err instanceof ApiError && err.retryAfter) {
        startCountdown(key, err.retryAfter)
      }
      Toast.show({ content: (err as Error).message || '发送失败，请稍后再试' })
    } finally {
      setSending(false)
    }
  }

  return (
    <div className="sms-code-field">
      <Input
        value={value}
        onChange={(v) => onChange?.(v.replace(/\D/g, '').slice(0, 6))}
        placeholder={placeholder}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        clearable
        aria-label="短信验证码"
      />
      <button
        type="button"
        className="sms-code-field__send"
        disabled={left > 0 || sending || disabled}
        onClick={send}
      >
        {left > 0 ? `${left}秒后重发` : sending ? '发送中...' : sendText}
      </button>
    </div>
  )
}
