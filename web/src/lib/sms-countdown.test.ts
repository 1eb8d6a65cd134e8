import { secondsLeft, startCountdown } from './sms-countdown'

describe('the SMS resend countdown', () => {
  beforeEach(() => sessionStorage.clear())

  it('counts down from a send, per key, and survives leaving the screen', () => {
    const t0 = 1_000_000
    expect(secondsLeft('open_account', t0)).toBe(0)
    startCountdown('open_account', 60, t0)
    expect(secondsLeft('open_account', t0 + 1)).toBe(60)
    expect(secondsLeft('open_account', t0 + 45_000)).toBe(15)
    expect(secondsLeft('open_account', t0 + 60_000)).toBe(0)
    expect(secondsLeft('new_card', t0 + 1)).toBe(0)
  })

  it('takes the seconds a refused send names', () => {
    startCountdown('new_card', 37, 0)
    expect(secondsLeft('new_card', 0)).toBe(37)
  })
})
