/**
 * The trade writes of docs/trading.md. Each carries the page's tradeUUID (a repeat returns the
 * first answer), the trade password and the terminal details (docs/api.md#transport). They never
 * toast on their own: failures go through useTradeSubmit, which applies
 * docs/api.md#trade-network-errors.
 */
import type { QueryClient } from '@tanstack/react-query'
import { post, type CallOptions } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'
import { withTerminal } from '@/lib/terminal'
import type { Order } from './types'

const WRITE: CallOptions = { errorToast: false, noErrorPage: true }

export type BuyFundBody = Schemas['BuyFundIn']
export type BuyPoBody = Schemas['BuyPoIn']
export type SignalBuyBody = Schemas['SignalBuyIn']
export type RechargeWalletBody = Schemas['RechargeWalletIn']
export type RedeemFundBody = Schemas['RedeemFundIn']
export type RedeemPoBody = Schemas['RedeemPoIn']
export type RedeemWalletBody = Schemas['RedeemWalletIn']
export type CancelBody = Schemas['CancelOrderIn']

const write = async <B extends object>(path: string, body: B) =>
  post<Order>(path, await withTerminal(body), WRITE)

/** POST /trade/buyFund → the 022 (card) or W04 (wallet) order. */
export const buyFund = (body: BuyFundBody) => write('/trade/buyFund', body)
/** POST /trade/buyPo → the P02 parent with its children. */
export const buyPo = (body: BuyPoBody) => write('/trade/buyPo', body)
/** POST /trade/signalPo/buy → the P02 of a purchase on a buy signal, remembering the signal
 * (docs/signals.md: 跟车买入 from the signal's detail). */
export const signalBuy = (body: SignalBuyBody) => write('/trade/signalPo/buy', body)
/** POST /trade/rechargeWallet → the W01 order. */
export const rechargeWallet = (body: RechargeWalletBody) => write('/trade/rechargeWallet', body)
/** POST /trade/redeemFundByFundCode → the 024 order. */
export const redeemFund = (body: RedeemFundBody) => write('/trade/redeemFundByFundCode', body)
/** POST /trade/redeemPo → the P03 parent with its children. */
export const redeemPo = (body: RedeemPoBody) => write('/trade/redeemPo', body)
/** POST /trade/redeemWallet → W02 (normal, T+1) or W03 (fast, at once, ≤ 10 000.00 a day). */
export const redeemWallet = (body: RedeemWalletBody) => write('/trade/redeemWallet', body)
/** POST /trade/cancelFundOrder or /trade/cancelPoOrder (a portfolio parent). */
export const cancelOrder = (body: CancelBody, isPo: boolean) =>
  write(isPo ? '/trade/cancelPoOrder' : '/trade/cancelFundOrder', body)

/** After a trade: the orders, holdings and figures on other screens are out of date. */
export function invalidateAfterTrade(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => {
      const head = q.queryKey[0]
      return head === 'trade' || head === 'financial-accounts' || head === 'assets'
    },
  })
}
