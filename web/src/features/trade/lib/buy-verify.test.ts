import { describe, expect, it } from 'vitest'
import { afterPassword, isSmsCode, keepsTicket, needsBuyVerify } from './buy-verify'

describe('the buy verify step', () => {
  it('is needed for payAuthMode PASSWORD_SMS only', () => {
    expect(needsBuyVerify('PASSWORD_SMS')).toBe(true)
    expect(needsBuyVerify('PASSWORD')).toBe(false)
    expect(needsBuyVerify(undefined)).toBe(false)
  })

  it('follows the password unless a ticket is held', () => {
    expect(afterPassword(false, null)).toEqual({ step: 'order' })
    expect(afterPassword(false, 'kept')).toEqual({ step: 'order' })
    expect(afterPassword(true, null)).toEqual({ step: 'sms' })
    expect(afterPassword(true, 'kept')).toEqual({ step: 'order', verifyTicket: 'kept' })
  })

  it('keeps the ticket after a refusal that rolled the order back', () => {
    expect(keepsTicket('trade_password_wrong')).toBe(true)
    expect(keepsTicket('payment_failed')).toBe(true)
    expect(keepsTicket(undefined)).toBe(true)
    expect(keepsTicket('security_ticket_invalid')).toBe(false)
    expect(keepsTicket('buy_verify_required')).toBe(false)
  })

  it('takes six digits as a code', () => {
    expect(isSmsCode('123456')).toBe(true)
    expect(isSmsCode('12345')).toBe(false)
    expect(isSmsCode('12345a')).toBe(false)
  })
})
