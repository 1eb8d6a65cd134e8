import { beijingDate, serverNow } from '@/lib/server-clock'
/**
 * The steps of an order as the result and detail screens show them, built from its raw dates
 * and its screen status (deriveOrderStatus, docs/product.md#states):
 *
 * - money in (buy, plan, recharge, portfolio buy): 提交申请 (applyTime) → 确认份额
 *   (confirmDate) → 查看收益 (profitDate);
 * - money out (redeem, portfolio sell, wallet withdrawal): 提交申请 → 确认份额 (confirmDate) →
 *   资金到账 (arrivalDate);
 * - others (dividend, adjustment): 提交申请 → 确认 (confirmDate).
 *
 * While waiting, the first step is done and the second is current; a success marks the second
 * done, and the third once its date has come (`today`, Beijing date "YYYY-MM-DD"); a failure or
 * a cancellation ends the line at the second step with what happened, dated only when it was
 * confirmed (confirmDateOf: never the day it would have been).
 */
import type { DisplayStatus } from '@/lib/order-status'
import type { Order } from '../api/types'
import { confirmDateOf, formatApplyTime, isBuyOrder, isSellOrder, statusText } from './order-text'

export type StepState = 'done' | 'current' | 'error' | 'wait'

export interface TimelineStep {
  key: 'apply' | 'confirm' | 'profit' | 'arrival'
  title: string
  date: string
  state: StepState
  note?: string
}

type TimelineOrder = Pick<
  Order,
  | 'orderCode'
  | 'applyTime'
  | 'confirmDate'
  | 'confirmedAt'
  | 'arrivalDate'
  | 'profitDate'
  | 'failReason'
>

export function buildTimeline(
  order: TimelineOrder,
  status: DisplayStatus,
  options: { today: string; profitDate?: string | null } = { today: '' },
): TimelineStep[] {
  const code = order.orderCode.toUpperCase()
  const apply: TimelineStep = {
    key: 'apply',
    title: '提交申请',
    date: formatApplyTime(order.applyTime),
    state: 'done',
  }
  const confirm: TimelineStep = {
    key: 'confirm',
    title: isBuyOrder(code) || isSellOrder(code) ? '确认份额' : '确认',
    date: confirmDateOf(order, status)?.date ?? '',
    state: 'wait',
  }
  let last: TimelineStep | null = null
  if (isBuyOrder(code)) {
    last = {
      key: 'profit',
      title: '查看收益',
      date: order.profitDate || options.profitDate || '',
      state: 'wait',
    }
  } else if (isSellOrder(code)) {
    last = { key: 'arrival', title: '资金到账', date: order.arrivalDate || '', state: 'wait' }
  }

  switch (status) {
    case 'success':
    case 'part':
    case 'buildPart':
      confirm.state = 'done'
      if (status !== 'success') confirm.note = statusText(status)
      if (last)
        last.state = last.date && options.today && last.date <= options.today ? 'done' : 'current'
      break
    case 'fail':
    case 'payFail':
    case 'cancel':
      confirm.state = 'error'
      confirm.title = statusText(status)
      confirm.note = order.failReason || undefined
      return [apply, confirm]
    default:
      confirm.state = 'current'
      if (status === 'payIng') confirm.note = statusText(status)
  }
  return last ? [apply, confirm, last] : [apply, confirm]
}

/** Today in Beijing time as "YYYY-MM-DD" by the server's clock (the dates of orders are
 * Beijing dates). */
export function beijingToday(now: Date = serverNow()): string {
  return beijingDate(now)
}
