/**
 * Payloads of the calls behind the holdings list's pre-checks, which other features serve
 * (the asset risk level: trading; the adviser's unsigned and re-sign lists and signing:
 * advisory). Their fields are those of spec 000 §3 and spec 001 §7.2, §7.5; replace these with
 * the generated types once those calls are in the OpenAPI document.
 */

/** GET /account/holdingAssets/riskLevel (spec 000 §3 "Risk data"). */
export interface HoldingRiskLevel {
  riskGrade5: number | null
  isNeedToast?: boolean
  holdingAssetsList: { productName: string; productCode: string; amacRisk5Level: number }[]
}

/** One item of GET /adviser/unsignList or /adviser/needResignList (spec 000 §3 "Unsigned
 * advisory item"). */
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
