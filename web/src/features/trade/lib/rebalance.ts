/**
 * The rebalancing screen's figures (adjustPoShare): the action labels, the sums of what is sold
 * and bought, and whether 一键调仓 can be pressed. The plan itself is the server's
 * (getPoAdjustmentSummary); this only presents it, with exact decimals.
 */
import Decimal from 'decimal.js'

export type AdjustAction = 'BUY' | 'SELL' | 'HOLD'

export const ACTION_TEXT: Record<AdjustAction, string> = {
  BUY: '买入',
  SELL: '卖出',
  HOLD: '不变',
}

interface ItemLike {
  action: AdjustAction
  estimatedAmount: string
}

/** Σ estimated amounts to sell (gross) and to buy, as "0.00" strings. */
export function adjustmentTotals(items: readonly ItemLike[]): { sell: string; buy: string } {
  const sum = (action: AdjustAction) =>
    items
      .filter((i) => i.action === action)
      .reduce((acc, i) => acc.plus(new Decimal(i.estimatedAmount || '0')), new Decimal(0))
      .toFixed(2)
  return { sell: sum('SELL'), buy: sum('BUY') }
}

/** Why 一键调仓 cannot be pressed, or null when it can: something must be sold (the buys are
 * paid by the sells' cash), which the server also requires (60024). */
export function adjustBlockedReason(summary: {
  needAdjust: boolean
  items: readonly ItemLike[]
}): string | null {
  if (!summary.needAdjust || !summary.items.some((i) => i.action === 'SELL')) {
    return '您的持仓与组合目标配置一致，无需调仓'
  }
  return null
}
