/**
 * The trade password sheet of a purchase and the steps after it (docs/trading.md "Buy verify code"): an
 * account whose payAuthMode is PASSWORD_SMS (/security/setting) passes the SMS step and the
 * order carries the ticket of the checked code as verifyTicket (lib/buy-verify.ts). The page
 * gives its order (the submission through useTradeSubmit) and what follows a placed order; the
 * hook opens the SMS step when it is due, keeps the ticket until an order spends it, and after a
 * refusal opens the sheet that can mend it: the SMS step when the ticket is missing, expired or
 * spent, the password sheet when only the password was wrong.
 */
import { useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { TradePasswordPopup } from '@/components/trade-password-popup'
import { useSecuritySetting } from '@/features/security'
import { BuyVerifyPopup } from '../components/buy-verify-popup'
import { afterPassword, keepsTicket, needsBuyVerify } from '../lib/buy-verify'
import type { TradeOutcome } from './use-trade-submit'

export function useBuyVerify<T>({
  financialAccountId,
  description,
  order,
  onPlaced,
}: {
  financialAccountId: number | null
  /** What the password and the code confirm, e.g. 买入 1,000.00 元. */
  description: string
  order: (tradePassword: string, verifyTicket: string | undefined) => Promise<TradeOutcome<T>>
  onPlaced: (placed: T) => void
}) {
  const navigate = useNavigate()
  const [password, setPassword] = useState(false)
  const security = useSecuritySetting()
  const smsRequired = needsBuyVerify(security.data?.tradeVerifyMethod)
  // The SMS step is open for this password; the ticket of a checked code until an order spends it.
  const [smsFor, setSmsFor] = useState<string | null>(null)
  const ticket = useRef<string | null>(null)

  const settle = async (
    tradePassword: string,
    verifyTicket: string | undefined,
    from: 'password' | 'sms',
  ) => {
    const outcome = await order(tradePassword, verifyTicket)
    if (outcome.ok) {
      ticket.current = null
      setPassword(false)
      setSmsFor(null)
      onPlaced(outcome.value)
      return
    }
    if (!keepsTicket(outcome.error.error)) {
      // Missing, expired or spent: a new code is needed for this password.
      ticket.current = null
      setPassword(false)
      setSmsFor(tradePassword)
      return
    }
    if (outcome.retryPassword) {
      if (from === 'password') throw outcome.error // the sheet clears for another try
      setSmsFor(null) // the code passed: the ticket is kept, the password asked again
      setPassword(true)
      return
    }
    setPassword(false)
    setSmsFor(null)
  }

  /** The trade password sheet's submit. */
  const place = async (tradePassword: string) => {
    if (financialAccountId === null) return setPassword(false)
    const next = afterPassword(smsRequired, ticket.current)
    if (next.step === 'sms') {
      setPassword(false)
      setSmsFor(tradePassword)
      return
    }
    await settle(tradePassword, next.verifyTicket, 'password')
  }

  const sheets = (
    <>
      <TradePasswordPopup
        visible={password}
        description={description}
        onClose={() => setPassword(false)}
        onSubmit={place}
        onForgot={() => navigate('/resetTradePasswordAuth')}
      />
      <BuyVerifyPopup
        visible={smsFor !== null}
        phone={security.data?.phone}
        financialAccountId={financialAccountId}
        description={description}
        onClose={() => setSmsFor(null)}
        onVerified={async (checked) => {
          ticket.current = checked
          if (smsFor !== null) await settle(smsFor, checked, 'sms')
        }}
      />
    </>
  )
  /** Opens the trade password sheet (the page's checks have passed). */
  const askPassword = () => setPassword(true)
  return { askPassword, sheets }
}
