/**
 * How an advisory service account's states read on screen (docs/product.md#states): the
 * adjustment (调仓) and proposal order statuses with their labels, the contract status, and the
 * tags of a service account (调仓待确认, 未签约, 已解约). One table each; every screen reads them
 * from here.
 */

/** Adjustment or proposal order statuses (docs/product.md#states "Adjustment or proposal order
 * status"). */
export const ADJUSTMENT_STATUSES = [
  'DRAFT',
  'UNCONFIRMED',
  'UNAUDITED',
  'UNCOMMITTED',
  'COMMITTED',
  'REJECTED',
  'CANCEL',
  'EXPIRED',
  'DONE',
  'FAILED',
  'TERMINATED',
  'WITHDRAWN',
  'CUSTOMER_UNCONFIRMED',
  'CUSTOMER_CANCEL',
  'CUSTOMER_EXPIRED',
  'CUSTOMER_WITHDRAWN',
  'ORDER_IN_PROCESS',
  'ORDER_FAILED',
  'ORDER_PARTLY_DONE',
] as const

export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number]

/** The labels the customer sees: awaiting confirmation, cancelled, expired, withdrawn,
 * processing, partly complete, done; and the failures and ends the adviser's side can reach. */
export type AdjustmentLabel =
  '待确认' | '已取消' | '已过期' | '已撤回' | '处理中' | '部分完成' | '已完成' | '已失败' | '已终止'

const LABELS: Record<AdjustmentStatus, AdjustmentLabel> = {
  DRAFT: '处理中',
  UNCONFIRMED: '待确认',
  UNAUDITED: '处理中',
  UNCOMMITTED: '处理中',
  COMMITTED: '处理中',
  REJECTED: '已取消',
  CANCEL: '已取消',
  EXPIRED: '已过期',
  DONE: '已完成',
  FAILED: '已失败',
  TERMINATED: '已终止',
  WITHDRAWN: '已撤回',
  CUSTOMER_UNCONFIRMED: '待确认',
  CUSTOMER_CANCEL: '已取消',
  CUSTOMER_EXPIRED: '已过期',
  CUSTOMER_WITHDRAWN: '已撤回',
  ORDER_IN_PROCESS: '处理中',
  ORDER_FAILED: '已失败',
  ORDER_PARTLY_DONE: '部分完成',
}

export function adjustmentLabel(status: string | null | undefined): string {
  return LABELS[status as AdjustmentStatus] ?? '--'
}

/** Who moved an adjustment on (its history's ``actor``: customer, adviser or system), as the
 * customer reads it. */
const ACTORS: Record<string, string> = { customer: '本人', adviser: '投顾', system: '系统' }

export function adjustmentActorText(actor: string | null | undefined): string {
  return ACTORS[String(actor ?? '').toLowerCase()] ?? '--'
}

/** The colour of an adjustment label. */
export function adjustmentColor(status: string | null | undefined): string {
  switch (LABELS[status as AdjustmentStatus]) {
    case '待确认':
    case '处理中':
    case '部分完成':
      return '#ff8f1f'
    case '已完成':
      return 'var(--adm-color-success, #00b578)'
    case '已失败':
      return 'var(--app-fall-strong, #e34d59)'
    default:
      return 'var(--app-text-secondary)'
  }
}

/** Contract status (docs/product.md#states "Contract status"): 0 unconfirmed … 3 terminated. */
export const CONTRACT_STATUS_TEXT: Record<number, string> = {
  0: '待确认',
  1: '已签约',
  2: '解约中',
  3: '已解约',
}

export const contractStatusText = (status: number | string | null | undefined): string =>
  status === null || status === undefined || status === ''
    ? '--'
    : (CONTRACT_STATUS_TEXT[Number(status)] ?? '--')

export {
  awaitsCustomer,
  CONTRACT_TERMINATED,
  serviceAccountTags,
  TAG_ADJUSTMENT,
  TAG_TERMINATED,
  TAG_UNSIGNED,
} from '@/lib/service-account'
