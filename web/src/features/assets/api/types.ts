/**
 * Payloads of the holdings and profit calls (docs/trading.md "Holdings and profit"), from the
 * generated OpenAPI schema. Amounts, shares and rates are decimal strings ("100.00",
 * "0.0123").
 */
import type { GetData, Schemas } from '@/lib/api-types'

/** A figure as the screens take it: a decimal string, or nothing known yet. */
export type Figure = string | null | undefined

/** Category of the filter sheet (docs/product.md#constants). */
export type AssetCategory = 'ALL' | 'FUND' | 'PO' | 'BROKEUP'
/** Sort types of the filter sheet (docs/product.md#constants). */
export type AssetSort = 'product' | 'holdingAsset' | 'preProfit' | 'holdingProfit' | 'accProfit'
export type SortOrder = 'asc' | 'desc'

/** GET /account/getAccountAssetDetailByConfig */
export type AssetList = GetData<'/account/getAccountAssetDetailByConfig'>
export type AssetGroup = AssetList['groups'][number]
/** One holding as the lists show it; tags from 已拆散, 暂停申购, 暂停赎回, 调仓待确认. */
export type AssetItem = AssetGroup['items'][number]

/** GET /account/getAccountAssetDetail */
export type AssetDetail = GetData<'/account/getAccountAssetDetail'>
export type ShareRow = AssetDetail['holdings'][number]
export type TrendPoint = AssetDetail['trend'][number]
export type TradePoint = AssetDetail['trades'][number]

/** GET /account/getProfitDetail and GET /trade/getDailyProfitList (page numbers from 1). */
export type DailyProfitPage = GetData<'/trade/getDailyProfitList'>
export type DailyProfit = DailyProfitPage['content'][number]

/** GET /trade/getCalendarProfit?month=YYYY-MM */
export type MonthProfit = Schemas['MonthProfitOut']
/** GET /trade/getCalendarProfit?year=YYYY */
export type YearProfit = Schemas['YearProfitOut']

/** GET /account/getAccumulatedProfitTrend */
export type AccumulatedProfitPoint = GetData<'/account/getAccumulatedProfitTrend'>[number]

/** GET /account/getClearOutAssetList */
export type ClearedAsset = GetData<'/account/getClearOutAssetList'>[number]

/** GET /trade/getAllOrders */
export type AssetOrderPage = GetData<'/trade/getAllOrders'>
export type AssetOrder = AssetOrderPage['content'][number]
