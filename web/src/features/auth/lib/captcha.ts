/**
 * The graphical captcha of the sign-in code request (docs/api.md#limits): the server asks for
 * it (62012) once a client has asked for a few codes, and refuses a wrong (62013) or spent
 * (62014) one; each answer serves one try.
 */
import { ApiError } from '@/lib/api-client'

export const CAPTCHA_ERRORS = ['captcha_required', 'captcha_wrong', 'captcha_expired'] as const

/** The failure means "show (another) captcha". */
export function isCaptchaDemand(err: unknown): boolean {
  return err instanceof ApiError && (CAPTCHA_ERRORS as readonly string[]).includes(err.error ?? '')
}

/** What the answer field keeps: the captcha's letters and digits, upper case, at most 4. */
export function cleanCaptchaCode(value: string): string {
  return value
    .replace(/[^0-9a-z]/gi, '')
    .toUpperCase()
    .slice(0, 4)
}
