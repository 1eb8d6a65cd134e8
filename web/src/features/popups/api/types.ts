import type { Schemas } from '@/lib/api-types'

/**
 * Payloads of the calls behind the holdings list's pre-checks, which other features serve
 * (the asset risk level: trading; the adviser's unsigned and re-sign lists and signing:
 * advisory). The adviser's are the generated types (docs/advisory.md); the asset risk level's fields
 * are those of docs/product.md#entities.
 */

/** GET /account/holdingAssets/riskLevel (docs/product.md#entities "Risk data"). */
export interface HoldingRiskLevel {
  riskGrade5: number | null
  isNeedToast?: boolean
  holdingAssetsList: { productName: string; productCode: string; amacRisk5Level: number }[]
}

/** One item of GET /adviser/unsignList or /adviser/needResignList (docs/product.md#entities
 * "Unsigned advisory item", docs/advisory.md). */
export type UnsignedAdvisoryItem = Schemas['UnsignedItemOut']

/** GET /adviser/popupCount. */
export type PopupCount = Schemas['PopupCountOut']
