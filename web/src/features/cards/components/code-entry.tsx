import { useState, type ReactNode } from 'react'
import { Button, PasscodeInput } from 'antd-mobile'

/**
 * A page's six-digit SMS code step: the code is sent as soon as the sixth digit is typed (or by
 * the button); `onCode` gets a `clear` to empty the boxes when the code is refused.
 */
export function CodeEntry({
  intro,
  action,
  pending,
  onCode,
  children,
}: {
  intro: ReactNode
  action: string
  pending: boolean
  onCode: (code: string, clear: () => void) => void
  children?: ReactNode
}) {
  const [code, setCode] = useState('')
  const clear = () => setCode('')
  return (
    <div className="form-page">
      <p className="form-page__intro">{intro}</p>
      <div style={{ display: 'flex', justifyContent: 'center', padding: '16px 0' }}>
        <PasscodeInput
          value={code}
          onChange={(v) => {
            setCode(v)
            if (v.length === 6) onCode(v, clear)
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
          loading={pending}
          disabled={code.length !== 6}
          onClick={() => onCode(code, clear)}
        >
          {action}
        </Button>
      </div>
      {children}
    </div>
  )
}
