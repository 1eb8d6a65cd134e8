import { toDecimal } from '@/lib/format'
import type { AssetDetail } from '../api/types'

/** Whether a holding has shares to sell or convert now: a share row with available shares.
 * A purchase still awaiting confirmation (当前资产待确认) or shares all being sold leave none,
 * and 卖出 and 转换 then stay disabled rather than open a screen with nothing to sell. */
export const hasSharesToSell = (detail: Pick<AssetDetail, 'holdings'>): boolean =>
  detail.holdings.some((r) => !!toDecimal(r.availableShares ?? r.shares)?.gt(0))
