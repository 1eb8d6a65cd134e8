/**
 * The buy verify step's rules (payAuthMode PASSWORD_SMS, docs/trading.md "Buy verify code"):
 * after the trade password, a purchase needs the ticket of a checked SMS code. A ticket serves
 * one order and lives ten minutes; an order the server refuses for another reason leaves it
 * unspent (the order's transaction rolls back), so the screen keeps it for the next try and
 * drops it only when the server says it is missing, expired or spent.
 */

export const PASSWORD_SMS = 'PASSWORD_SMS'

/** Server error keys after which the ticket held is of no more use. */
const TICKET_ERRORS = new Set(['security_ticket_invalid', 'buy_verify_required'])

export const needsBuyVerify = (tradeVerifyMethod: string | undefined | null) =>
  tradeVerifyMethod === PASSWORD_SMS

/** What follows the trade password: the SMS step, or the order (with the ticket if any). */
export function afterPassword(
  required: boolean,
  ticket: string | null,
): { step: 'sms' } | { step: 'order'; verifyTicket?: string } {
  if (!required) return { step: 'order' }
  return ticket ? { step: 'order', verifyTicket: ticket } : { step: 'sms' }
}

/** Whether a ticket is still worth keeping after the order failed with ``error``. */
export const keepsTicket = (error: string | undefined) => !TICKET_ERRORS.has(error ?? '')

/** The 6 digits of an SMS code. */
export const isSmsCode = (code: string) => /^\d{6}$/.test(code)
