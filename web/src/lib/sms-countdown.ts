/**
 * The resend countdown of an SMS code button, as the server enforces it: after a code is sent
 * the next may be asked for in 60 s (docs/accounts.md), and a 429 says how many seconds are
 * left. The moment a button may send again is kept per purpose and phone for the visit, so a
 * screen left and entered again counts down from where it was instead of offering a send the
 * server would refuse.
 */
import { useEffect, useState } from 'react'
import { getStored, setStored } from './storage'

const KEY = 'opentamp.smsResendAt'
/** The server's interval between two codes of one purpose to one phone. */
export const RESEND_INTERVAL_S = 60

type ResendAt = Record<string, number>

function read(): ResendAt {
  return getStored<ResendAt>(KEY, sessionStorage) ?? {}
}

/** Seconds left before `key` may send again (0: now). */
export function secondsLeft(key: string, now = Date.now()): number {
  const at = read()[key]
  return at && at > now ? Math.ceil((at - now) / 1000) : 0
}

/** Start (or restart) the countdown of `key` for `seconds`. */
export function startCountdown(key: string, seconds = RESEND_INTERVAL_S, now = Date.now()): void {
  setStored(KEY, { ...read(), [key]: now + seconds * 1000 }, null, sessionStorage)
}

/** The new-card code (sendNewCardVerifyCode): its page and the code entry count down together. */
export const NEW_CARD_SMS = 'new_card'

/** Seconds left before `key` may send again, read afresh on every render and each second. */
export function useSecondsLeft(key: string): number {
  const [, tick] = useState(0)
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 1000)
    return () => clearInterval(timer)
  }, [])
  return secondsLeft(key)
}
