/**
 * The screen status of an order, derived from its raw fields (docs/product.md#states "Order status
 * derivation"). The server keeps the raw fields only; this is the one function that turns them
 * into what a screen shows.
 *
 * Raw fields: `confirmStatus` 0 waiting, 1 fail, 2 success, 3 part success, 4 subscription
 * action success, 9 cancelled — prefixed P for portfolio parent orders and W for wallet orders
 * ("P2", "W0"); `payStatus` 0 paying, 1 pay failed, 2 paid (3 on a withdrawal: refused).
 */

export type DisplayStatus =
  | 'payFail'
  | 'payIng'
  | 'ing'
  | 'success'
  | 'fail'
  | 'part'
  | 'buildPart'
  | 'cancel'
  | 'appointmentPay'

export interface OrderStatusInput {
  /** Business code: 020, 022, 039, 024, 036, 029, 143, P02, P03, P04, W01…W04, W11, W12. */
  orderCode: string
  confirmStatus: string | number
  payStatus?: string | number | null
  extMetaInfo?: { tdAppointmentPay?: boolean; isTargetAutoBuild?: boolean } | null
  isSignalSellOrder?: boolean
  /** A transfer (转托管) order. */
  isTransfer?: boolean
  /** An order of the super wallet. */
  isSuperWallet?: boolean
}

/** Codes that buy: subscription, purchase, plan purchase, and the wallet-paid ones. */
export const BUY_CODES = new Set(['020', '022', '039', 'W04', 'W11'])
/** Codes that sell. */
export const SELL_CODES = new Set(['024', '036', 'W02', 'W03', 'P03'])
const WALLET_RECHARGE_CODES = new Set(['W01'])

/** confirm 0 waiting, 1 fail, 2 success, 3 part, 4 (subscription accepted) waiting, 9 cancel. */
const PLAIN: Record<string, DisplayStatus> = {
  '0': 'ing',
  '1': 'fail',
  '2': 'success',
  '3': 'part',
  '4': 'ing',
  '9': 'cancel',
}

const plain = (digit: string): DisplayStatus => PLAIN[digit] ?? 'ing'

/** The pay-status pattern of portfolio parents and super-wallet orders. */
function payPattern(digit: string, pay: string, autoBuild: boolean): DisplayStatus {
  switch (digit) {
    case '0':
    case '1':
      if (pay === '0') return 'payIng'
      if (pay === '1') return 'payFail'
      return 'ing'
    case '2':
      return pay === '1' ? 'payFail' : 'success'
    case '3':
      return 'fail'
    case '4':
      return autoBuild ? 'buildPart' : 'part'
    case '9':
      return 'cancel'
    default:
      return 'ing'
  }
}

export function deriveOrderStatus(order: OrderStatusInput): DisplayStatus {
  const code = String(order.orderCode ?? '').toUpperCase()
  const raw = String(order.confirmStatus ?? '').toUpperCase()
  const prefix = /^[PW]/.test(raw) ? raw[0] : ''
  const digit = prefix ? raw.slice(1) : raw
  const pay =
    order.payStatus === null || order.payStatus === undefined ? '' : String(order.payStatus)
  const meta = order.extMetaInfo ?? {}

  if (digit === '0' && pay === '0' && meta.tdAppointmentPay) return 'appointmentPay'

  if (order.isTransfer) {
    return (
      ({ '0': 'ing', '4': 'ing', '1': 'fail', '2': 'success', '9': 'cancel' } as const)[
        digit as '0'
      ] ?? 'ing'
    )
  }

  // Portfolio sell and adjust parents, and signal sells, read the plain map.
  if (code === 'P03' || code === 'P04' || order.isSignalSellOrder) return plain(digit)

  if (code === 'W12') return digit === '4' ? 'success' : plain(digit)

  if (prefix === 'P' || code.startsWith('P'))
    return payPattern(digit, pay, !!meta.isTargetAutoBuild)
  if (order.isSuperWallet) return payPattern(digit, pay, false)

  if (digit === '2') return 'success'
  if (digit === '9') return 'cancel'

  if (BUY_CODES.has(code)) {
    if (digit === '3') return 'part'
    if (digit === '0') return pay === '1' ? 'payFail' : 'ing'
    if (digit === '1') return pay === '1' ? 'payFail' : 'fail'
    return plain(digit)
  }
  if (WALLET_RECHARGE_CODES.has(code) && pay === '1') return 'payFail'
  if (code === 'W02' && digit === '0' && pay === '3') return 'fail'
  return plain(digit)
}

/** What each status reads as on screen. */
export const STATUS_TEXT: Record<DisplayStatus, string> = {
  payFail: '支付失败',
  payIng: '支付中',
  ing: '确认中',
  success: '交易成功',
  fail: '交易失败',
  part: '部分成功',
  buildPart: '部分建仓',
  cancel: '已撤单',
  appointmentPay: '预约支付',
}

/** Adviser-fee and refund-fee status (docs/product.md#states): S success, F fail, P processing. */
export type FeeStatus = 'S' | 'F' | 'P'

export function deriveFeeStatus(status: string | null | undefined): DisplayStatus {
  switch (String(status ?? '').toUpperCase()) {
    case 'S':
      return 'success'
    case 'F':
      return 'fail'
    default:
      return 'ing'
  }
}
