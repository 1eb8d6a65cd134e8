/**
 * How plans and their executions read on screen (docs/plans.md "States"): the plan's status
 * (A 进行中, P 已暂停, T 已终止, the dictionary's investPlanStatus), the execution's, and the
 * take-profit actions.
 */
import type { ExecutionStatus, PlanStatus, TargetAction } from '../api/types'
import { TARGET_ACTIONS } from './texts'

export const PLAN_STATUS_TEXT: Record<PlanStatus, string> = {
  A: '进行中',
  P: '已暂停',
  T: '已终止',
}

export const PLAN_STATUS_COLOR: Record<PlanStatus, string> = {
  A: 'var(--adm-color-primary)',
  P: '#ff8f1f',
  T: 'var(--app-text-secondary)',
}

/** The list's tabs, in the order the list sorts them. */
export const PLAN_STATUS_TABS: PlanStatus[] = ['A', 'P', 'T']

export function planStatusText(status: string): string {
  return PLAN_STATUS_TEXT[status as PlanStatus] ?? status
}

export const EXECUTION_STATUS_TEXT: Record<ExecutionStatus, string> = {
  ACTIVE: '扣款中',
  SUCCESS: '扣款成功',
  FAIL: '扣款失败',
  TERMINATED: '已终止',
}

export const EXECUTION_STATUS_COLOR: Record<ExecutionStatus, string> = {
  ACTIVE: '#ff8f1f',
  SUCCESS: 'var(--app-text)',
  FAIL: 'var(--app-fall-strong, #e34d59)',
  TERMINATED: 'var(--app-text-secondary)',
}

/** An execution's status line: a success whose order is confirmed reads 已确认; an active one
 * being retried says which try it is (第2次扣款). */
export function executionStatusText(e: {
  status: ExecutionStatus
  attempt: number
  confirmedShares: string | null
}): string {
  if (e.status === 'SUCCESS' && e.confirmedShares) return '已确认'
  if (e.status === 'ACTIVE' && e.attempt > 1) return `第${e.attempt}次扣款中`
  return EXECUTION_STATUS_TEXT[e.status] ?? e.status
}

export function targetActionText(action: TargetAction | string | null | undefined): string {
  return TARGET_ACTIONS.find((a) => a.key === action)?.label ?? '--'
}

/** What the plan's next step is, for the list and the detail: 下次扣款 2026-12-02 (周三) while
 * active; the reason or 已暂停 while paused; 已终止 once terminated. */
export function nextDateText(plan: {
  status: PlanStatus
  nextDate: string | null
  statusReason: string
}): string {
  if (plan.status === 'A') return plan.nextDate ? `下次扣款 ${plan.nextDate}` : '等待扣款'
  if (plan.status === 'P') return plan.statusReason || '计划已暂停，恢复后继续扣款'
  return plan.statusReason || '计划已终止'
}

/** A strategy plan whose strategy changed and whose new period file is not signed yet: its
 * periods fail (未签署本期策略文件) until the investor signs. */
export function needsSigning(plan: { extendPeriodSignStatus?: string | null }): boolean {
  return (
    plan.extendPeriodSignStatus === 'UNSIGN' || plan.extendPeriodSignStatus === 'UNSIGN_CANFREESIGN'
  )
}
