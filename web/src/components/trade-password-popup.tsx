import './widgets.css'
import { useEffect, useRef, useState } from 'react'
import { NumberKeyboard, PasscodeInput, Popup, type PasscodeInputRef } from 'antd-mobile'

interface Props {
  visible: boolean
  title?: string
  /** Shown under the title (what the password confirms). */
  description?: string
  onClose: () => void
  /** Called with the six digits; a rejected promise clears the input for another try. */
  onSubmit: (password: string) => Promise<unknown>
  onForgot?: () => void
}

function PasswordBody({ onSubmit }: Pick<Props, 'onSubmit'>) {
  const [value, setValue] = useState('')
  const [error, setError] = useState(false)
  const [busy, setBusy] = useState(false)
  const input = useRef<PasscodeInputRef>(null)
  // the sheet opens with its keypad up, as a bank app's does: no empty half screen to tap first
  useEffect(() => input.current?.focus(), [])

  const change = async (v: string) => {
    setValue(v)
    setError(false)
    if (v.length === 6 && !busy) {
      setBusy(true)
      try {
        await onSubmit(v)
      } catch {
        setError(true)
        setValue('')
      } finally {
        setBusy(false)
      }
    }
  }

  return (
    <div className="password-popup__input">
      <PasscodeInput
        ref={input}
        value={value}
        onChange={change}
        length={6}
        plain={false}
        error={error}
        keyboard={<NumberKeyboard />}
        seperated
        aria-label="交易密码"
      />
    </div>
  )
}

/** The trade password sheet: six boxes and the number keyboard (交易密码). Closing it forgets
 * what was typed. */
export function TradePasswordPopup({
  visible,
  title = '请输入交易密码',
  description,
  onClose,
  onSubmit,
  onForgot,
}: Props) {
  return (
    <Popup visible={visible} onMaskClick={onClose} bodyClassName="password-popup" destroyOnClose>
      <div className="password-popup__head">
        <button type="button" className="password-popup__close" onClick={onClose}>
          取消
        </button>
        <span>{title}</span>
        <span />
      </div>
      {description && <p className="password-popup__desc">{description}</p>}
      <PasswordBody onSubmit={onSubmit} />
      {onForgot && (
        <button type="button" className="password-popup__forgot" onClick={onForgot}>
          忘记密码？
        </button>
      )}
    </Popup>
  )
}
