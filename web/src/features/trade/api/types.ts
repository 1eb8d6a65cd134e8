/**
 * Payload types of the trade calls (docs/trading.md "Calls"), from the generated OpenAPI
 * schema (src/api/schema.d.ts). Amounts and shares are strings of 2 decimals ("100.00"), NAVs
 * 4, rates decimals ("0.0015").
 */
import type { GetData, Schemas } from '@/lib/api-types'

export type ProductType = Schemas['OrderOut']['productType']
/** How a portfolio, a plan or the wallet is paid: a card or the wallet. */
export type PayType = Schemas['BuyPoIn']['payType']
/** A fund purchase may also be paid from the pension account (docs/pension.md). */
export type FundPayType = Schemas['BuyFundIn']['payType']
/** Where redemption cash goes: a card or the wallet (a pension fund's: the pension account). */
export type RedeemTo = Schemas['RedeemPoIn']['redeemTo']
/** A fund's redemption may also go back to the pension account (a pension fund's must). */
export type FundRedeemTo = Schemas['RedeemFundIn']['redeemTo']

/** An order; the screen status comes from deriveOrderStatus (lib/order-text orderStatus). */
export type Order = Schemas['OrderOut'] & {
  /** Not in the contract yet: the day profit first shows (the day after confirmation). The
   * screens fall back to getTradeDate's profitDate while it is absent. */
  profitDate?: string | null
}

/** GET /trade/estimateBuyFundFee */
export type BuyFundFee = GetData<'/trade/estimateBuyFundFee'>

/** GET /trade/prepareBuyPo. `profitDate` and `originalFee` are not in the contract; they show
 * when the server sends them. */
export type BuyPoPlan = GetData<'/trade/prepareBuyPo'> & {
  profitDate?: string | null
  originalFee?: string | null
}

/** GET /trade/getTradeDate */
export type TradeDates = GetData<'/trade/getTradeDate'>

/** GET /trade/prepareRedeemPo */
export type RedeemPoPlan = GetData<'/trade/prepareRedeemPo'>

/** One row of GET /trade/getShares. */
export type ShareRow = GetData<'/trade/getShares'>[number]

/** GET /trade/getAllOrders */
export type OrderPage = GetData<'/trade/getAllOrders'>

/** The `type` filter of getAllOrders. */
export type OrderFilter = 'all' | 'buy' | 'sell' | 'ing'
