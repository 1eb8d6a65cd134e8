/**
 * Model weights on screen: the donut of a composition (docs/product.md#screens-and-routes
 * widgets), the list of funds with their percentages, and the changes an adjustment makes
 * (chart mode WEIGHT_CHANGE). Weights arrive as decimal strings ("0.3000" = 30 %).
 */
import Decimal from 'decimal.js'
import { PALETTE, type DonutItem } from '@/components/charts/donut-chart'
import { toDecimal } from '@/lib/format'

export interface Weighted {
  name: string
  weight: string | number | null | undefined
}

/** The donut's slices, largest first, each with its colour; empty weights are left out. */
export function donutItems(items: Weighted[]): DonutItem[] {
  return items
    .map((i) => ({ name: i.name, w: toDecimal(i.weight) ?? new Decimal(0) }))
    .filter((i) => i.w.gt(0))
    .sort((a, b) => b.w.cmp(a.w))
    .map((i, n) => ({ name: i.name, value: i.w.toNumber(), color: PALETTE[n % PALETTE.length] }))
}

/** Σ weights (1 for a full model). */
export function weightTotal(items: Weighted[]): Decimal {
  return items.reduce((sum, i) => sum.plus(toDecimal(i.weight) ?? 0), new Decimal(0))
}

export type ChangeKind = 'add' | 'remove' | 'up' | 'down' | 'same'

export interface WeightChange {
  code: string
  name: string
  before: Decimal
  after: Decimal
  kind: ChangeKind
}

/** How each fund's weight moves from one model to the next: 新增, 清仓, 调增, 调减 or unchanged,
 * in the order of the new model, then the funds it drops. */
export function weightChanges(
  before: { code: string; name: string; weight: string | number | null | undefined }[],
  after: { code: string; name: string; weight: string | number | null | undefined }[],
): WeightChange[] {
  const old = new Map(before.map((b) => [b.code, b]))
  const seen = new Set<string>()
  const rows: WeightChange[] = []
  for (const a of after) {
    seen.add(a.code)
    const b = toDecimal(old.get(a.code)?.weight) ?? new Decimal(0)
    const n = toDecimal(a.weight) ?? new Decimal(0)
    rows.push({ code: a.code, name: a.name, before: b, after: n, kind: kindOf(b, n) })
  }
  for (const b of before) {
    if (seen.has(b.code)) continue
    const w = toDecimal(b.weight) ?? new Decimal(0)
    rows.push({
      code: b.code,
      name: b.name,
      before: w,
      after: new Decimal(0),
      kind: kindOf(w, new Decimal(0)),
    })
  }
  return rows
}

function kindOf(before: Decimal, after: Decimal): ChangeKind {
  if (before.isZero() && after.gt(0)) return 'add'
  if (before.gt(0) && after.isZero()) return 'remove'
  if (after.gt(before)) return 'up'
  if (after.lt(before)) return 'down'
  return 'same'
}

export const CHANGE_TEXT: Record<ChangeKind, string> = {
  add: '新增',
  remove: '清仓',
  up: '调增',
  down: '调减',
  same: '不变',
}
