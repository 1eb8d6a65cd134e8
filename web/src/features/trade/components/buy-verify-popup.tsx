/**
 * 短信验证: the purchase's SMS step for payAuthMode PASSWORD_SMS (docs/trading.md "Buy verify
 * code"). 发送验证码 texts a code to the account's phone (one a minute: the button counts down
 * 60 s, then offers to resend), the six digits are checked with /trade/buyVerifyCode/check, and
 * the ticket it gives is handed back for the purchase to carry. The server's refusals (wrong,
 * expired or locked code, too many codes) are shown as toasts.
 */
import { useState } from 'react'
import { Button, Popup } from 'antd-mobile'
import { SmsCodeField } from '@/components/sms-code-field'
import { toApiError } from '@/lib/api-client'
import { showFailToast } from '@/lib/toast'
import { checkBuyVerifyCode, sendBuyVerifyCode } from '../api/buy-verify-code'
import { isSmsCode } from '../lib/buy-verify'
import '../trade.css'

interface Props {
  visible: boolean
  /** The account's phone as /security/setting shows it (masked), until a code is sent. */
  phone?: string
  financialAccountId: number | null
  /** What the code confirms, e.g. 买入 1,000.00 元. */
  description?: string
  onClose: () => void
  /** The checked code's ticket: the purchase is placed with it (the order's own failures are
   * the submission's to show, so this settles whatever the order's outcome). */
  onVerified: (ticket: string) => Promise<void>
}

function VerifyBody({
  phone,
  financialAccountId,
  onVerified,
}: Pick<Props, 'phone' | 'financialAccountId' | 'onVerified'>) {
  const [code, setCode] = useState('')
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const send = async () => {
    const sent = await sendBuyVerifyCode({ financialAccountId })
    setSentTo(sent.phone)
  }

  const confirm = async () => {
    if (!isSmsCode(code) || busy) return
    setBusy(true)
    try {
      const checked = await checkBuyVerifyCode(code)
      await onVerified(checked.ticket)
    } catch (err) {
      showFailToast(toApiError(err).message)
      setCode('')
    } finally {
      setBusy(false)
    }
  }

  const to = sentTo ?? phone
  return (
    <div className="buy-verify" data-testid="buy-verify">
      <p className="password-popup__desc">
        {sentTo
          ? `验证码已发送至 ${sentTo}`
          : `为保障交易安全，需验证${to ? `手机 ${to} ` : '您的手机号'}收到的短信验证码`}
      </p>
      <div className="buy-verify__field">
        <SmsCodeField
          value={code}
          onChange={setCode}
          onSend={send}
          sendText="发送验证码"
          placeholder="请输入6位验证码"
        />
      </div>
      <div className="buy-verify__footer">
        <Button
          block
          color="primary"
          loading={busy}
          disabled={!isSmsCode(code) || !sentTo}
          onClick={confirm}
          data-testid="buy-verify-submit"
        >
          确定
        </Button>
      </div>
    </div>
  )
}

export function BuyVerifyPopup({
  visible,
  phone,
  financialAccountId,
  description,
  onClose,
  onVerified,
}: Props) {
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      bodyClassName="password-popup buy-verify-popup"
      destroyOnClose
    >
      <div className="password-popup__head">
        <button type="button" className="password-popup__close" onClick={onClose}>
          取消
        </button>
        <span>短信验证</span>
        <span />
      </div>
      {description && <p className="password-popup__desc">{description}</p>}
      <VerifyBody phone={phone} financialAccountId={financialAccountId} onVerified={onVerified} />
    </Popup>
  )
}
