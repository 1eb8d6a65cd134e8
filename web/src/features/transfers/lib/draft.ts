/**
 * The rows the user is checking before submitting (docs/transfers.md#ways-in): every way in
 * (file, screenshot, pasted text, one by one) fills the same draft, kept in sessionStorage so
 * that adding a fund on its own screen and coming back keeps what was corrected.
 */
import { ACCOUNTS_OF_THEIR_OWN } from '@/lib/account-paths'
import type { Recognition, RecognizedRow, Source } from '../api/types'

export interface DraftRow {
  key: string
  fundCode: string
  fundName: string
  shares: string
  cost: string
  /** The recognition's verdict while the row is as it was read; cleared by an edit. */
  status: RecognizedRow['status'] | 'edited'
  message: string
  given: string
}

export interface Draft {
  source: Source
  rows: DraftRow[]
  /** Chosen on the recognition screen. */
  financialAccountId?: number
  sourcePlatform?: string
}

const KEY = 'opentamp.transferDraft'
const AMOUNT = /^(0|[1-9]\d{0,13})(\.\d{1,2})?$/
let counter = 0

const newKey = () => `r${Date.now().toString(36)}${(counter++).toString(36)}`

export function readDraft(): Draft | null {
  try {
    const raw = sessionStorage.getItem(KEY)
    return raw ? (JSON.parse(raw) as Draft) : null
  } catch {
    return null
  }
}

export function writeDraft(draft: Draft): void {
  sessionStorage.setItem(KEY, JSON.stringify(draft))
}

export function clearDraft(): void {
  sessionStorage.removeItem(KEY)
}

export function fromRecognition(recognition: Recognition): Draft {
  return {
    source: recognition.source,
    rows: recognition.rows.map((r) => ({
      key: newKey(),
      fundCode: r.fundCode,
      fundName: r.fundName,
      shares: r.shares ?? '',
      cost: r.cost ?? '',
      status: r.status,
      message: r.message,
      given: r.given,
    })),
  }
}

/** A fund added by hand: appended to the draft (a new draft is a manual one). */
export function addManualRow(
  draft: Draft | null,
  row: { fundCode: string; fundName: string; shares: string; cost: string },
): Draft {
  const base = draft ?? { source: 'manual' as Source, rows: [] }
  return {
    ...base,
    rows: [...base.rows, { ...row, key: newKey(), status: 'ok', message: '', given: '' }],
  }
}

/** What is wrong with a row as it stands ('' when it can be submitted). */
export function rowProblem(row: DraftRow, rows: DraftRow[]): string {
  if (row.status === 'unknown') return row.message || '未找到该基金，请修改或删除'
  if (row.status === 'pension') return row.message
  if (!row.fundCode) return '请选择基金'
  // a figure as read (not yet edited) says what the recognition found wrong with it
  const read = row.status === 'incomplete' && row.message
  if (!AMOUNT.test(row.shares) || Number(row.shares) <= 0)
    return read && row.message.includes('份额') ? row.message : '请填写正确的持有份额'
  if (!AMOUNT.test(row.cost) || Number(row.cost) <= 0)
    return read && row.message.includes('成本') ? row.message : '请填写正确的持仓成本'
  if (rows.filter((r) => r.fundCode === row.fundCode).length > 1)
    return '同一基金出现多次，请合并为一行'
  return ''
}

export const problems = (draft: Draft) =>
  draft.rows.map((r) => rowProblem(r, draft.rows)).filter(Boolean).length

/** The financial accounts a transfer-in may go to (转入到): none of ACCOUNTS_OF_THEIR_OWN
 * (pension funds come with the pension fund account; a service account's own 持仓转入 is the
 * advisory flow); the server refuses them (71125, 60115). */
export function transferTargets<T extends { financialAccountType: string }>(accounts: T[]): T[] {
  return accounts.filter((a) => !ACCOUNTS_OF_THEIR_OWN.includes(a.financialAccountType))
}
