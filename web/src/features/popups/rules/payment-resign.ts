/**
 * The payment-channel re-sign prompt (docs/product.md#states, docs/product.md#constants).
 *
 * It shows when a card's channel needs re-signing (the server's `paymentResign`; a check that
 * cannot be fetched counts as needing it), when 暂不签约 was not chosen within the last 1440
 * minutes (the disable flag on the device, and the server's popup scene), and the page is not
 * one of the signing pages themselves.
 */
import { getStored, setStored } from '@/lib/storage'

export const RESIGN_INTERVAL_MINUTES = 1440
export const RESIGN_EXCLUDED_PATHS = [
  'paymentChannelSigning',
  'paymentChannelSigningResult',
  'bankPaymentSigning',
  'bankPaymentSigningSms',
  'signCapital',
  'bind-payment-method',
  'verify-sms',
  'bindConfirm',
  'cmbVerifyResult',
]
export const NOTHING_TO_SIGN = '您的银行卡均已完成签约，无需重新签约'

const flagKey = (brokerUserId: number) => `opentamp.paymentResignOff.${brokerUserId}`

export function setResignDisabled(brokerUserId: number, now = Date.now()): void {
  setStored(flagKey(brokerUserId), true, RESIGN_INTERVAL_MINUTES * 60_000, localStorage, now)
}

export function isResignDisabled(brokerUserId: number, now = Date.now()): boolean {
  return getStored<boolean>(flagKey(brokerUserId), localStorage, now) === true
}

/** Whether the check says re-sign: its answer, or yes when it could not be fetched. */
export function needsResign(scene: { paymentResign: boolean } | undefined, failed: boolean) {
  return failed ? true : !!scene?.paymentResign
}

export function isResignExcluded(path: string): boolean {
  return RESIGN_EXCLUDED_PATHS.includes(path.replace(/^\/+|\/+$/g, ''))
}

/** The sign-capital page's message when no card needs signing. */
export function signCapitalNotice(unsignedCount: number): string | null {
  return unsignedCount === 0 ? NOTHING_TO_SIGN : null
}
