/**
 * Payloads of the calls behind the holdings list's pre-checks, which other features serve
 * (the asset risk level: trading; the adviser's unsigned and re-sign lists and signing:
 * advisory). Their fields are those of docs/product.md#entities and docs/api.md#adviser,
 * docs/api.md#account; replace these with the generated types once those calls are in the OpenAPI
 * document.
 */

/** GET /account/holdingAssets/riskLevel (docs/product.md#entities "Risk data"). */
export interface HoldingRiskLevel {
  riskGrade5: number | null
  isNeedToast?: boolean
  holdingAssetsList: { productName: string; productCode: string; amacRisk5Level: number }[]
}

/** One item of GET /adviser/unsignList or /adviser/needResignList (docs/product.md#entities
 * "Unsigned advisory item"). */
export interface UnsignedAdvisoryItem {
  poCode: string
  poName: string
  fileList: { fileId: string | number; name: string; fileUrl: string }[]
  adviserFeeInfo?: { feeUpperLimitStr?: string } | null
  isTransferProd?: boolean
}

/** GET /adviser/popupCount. */
export interface PopupCount {
  canPopup: boolean
}
