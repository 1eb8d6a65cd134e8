/** The trade feature's public surface for other features: the submission flow of
 * docs/api.md#trade-network-errors, the keypad field, the order reads and how an order reads on
 * screen. Importing it brings the trade screens' styles, which these pieces use. */
import './trade.css'

export { useTradeSubmit, type TradeOutcome } from './hooks/use-trade-submit'
export { useBuyVerify } from './hooks/use-buy-verify'
export { AmountField } from './components/amount-field'
export { OrderTimeline } from './components/order-timeline'
export { OrderCancel } from './components/order-cancel'
export { OrderRow } from './components/order-row'
export { RiskConfirmModal } from './components/risk-confirm-modal'
export { settledVerdict, useJudgeRisk, type RiskVerdict } from './api/judge-risk'
export { useOrders, type OrdersParams } from './api/get-all-orders'
export { useOrderDetail, orderDetailQueryOptions } from './api/get-order-detail'
export { invalidateAfterTrade } from './api/trade-writes'
export type { Order } from './api/types'
export { minimumPlaceholder, portionOf, plainNumber, toAmountString } from './lib/amount'
export { beijingToday, type TimelineStep } from './lib/timeline'
export {
  confirmDateOf,
  formatApplyTime,
  orderDetailPath,
  orderFigure,
  orderFigures,
  orderMoneyFigures,
  orderStatus,
  STATUS_COLOR,
  statusText,
  type FigureRow,
} from './lib/order-text'
export { ProductHead } from './components/product-head'
export { AccountPicker } from './components/account-picker'
export {
  PayChoice,
  usePayChoice,
  useWalletBalance,
  type PayChoiceState,
} from './components/pay-choice'
export { useTradeProduct, type TradeProduct } from './api/get-trade-product'
export type { PayType } from './api/types'
export { quickAmounts } from './lib/amount'
export { tradeTypeOf, WALLET_FUND_CODE } from './lib/product-kind'
export { BUY_MESSAGES, tradingTimeNotice, walletShortOf } from './lib/buy-rules'
export { useTradeAgreements } from './api/get-agreements'
