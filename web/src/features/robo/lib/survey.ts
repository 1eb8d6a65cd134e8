/**
 * The goal survey's five questions (docs/robo.md "Survey"): which are still unanswered, and
 * the answers as the server takes them. Saved after each answer; submitted when all five are in.
 */
import { toDecimal } from '@/lib/format'

export interface Answers {
  goal?: string | null
  horizonMonths?: number | null
  amount?: string | null
  liquidityNeed?: string | null
  lossTolerance?: string | null
}

export const QUESTIONS: { key: keyof Answers; title: string }[] = [
  { key: 'goal', title: '您的投资目标是？' },
  { key: 'horizonMonths', title: '您计划投资多长时间？' },
  { key: 'amount', title: '您计划投入多少钱？' },
  { key: 'liquidityNeed', title: '这笔钱的流动性需求是？' },
  { key: 'lossTolerance', title: '您最多能接受多大的亏损？' },
]

/** The questions not yet answered, in order (a non-positive amount is unanswered). */
export function missingAnswers(a: Answers): (keyof Answers)[] {
  return QUESTIONS.map((q) => q.key).filter((k) => {
    const v = a[k]
    if (k === 'amount') return !toDecimal(v)?.gt(0)
    if (k === 'horizonMonths') return !(typeof v === 'number' && v >= 6 && v <= 360)
    return v === null || v === undefined || v === ''
  })
}

/** The longest whole part of a typed amount (up to 999 999 999.99, as the trade keypad). */
const AMOUNT_INT_DIGITS = 9

/** The amount field after a keystroke or a paste: digits and one point, at most two decimals
 * and nine whole digits, so the field shows what is saved ("12.345" stays "12.34"; the server
 * takes no third decimal). */
export function typedAmount(value: string): string {
  const [int = '', ...rest] = value.replace(/[^\d.]/g, '').split('.')
  const whole = int.slice(0, AMOUNT_INT_DIGITS)
  if (rest.length === 0) return whole
  return `${whole || '0'}.${rest.join('').slice(0, 2)}`
}

/** The answers as the server keeps them: the amount to the cent, empty ones left out. */
export function toServerAnswers(a: Answers): Answers {
  const out: Answers = {}
  if (a.goal) out.goal = a.goal
  if (a.horizonMonths) out.horizonMonths = a.horizonMonths
  const amount = toDecimal(a.amount)
  if (amount?.gt(0)) out.amount = amount.toFixed(2)
  if (a.liquidityNeed) out.liquidityNeed = a.liquidityNeed
  if (a.lossTolerance) out.lossTolerance = a.lossTolerance
  return out
}
