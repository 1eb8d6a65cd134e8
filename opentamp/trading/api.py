"""What other features use of trading: the checks every purchase makes (ownership of the account
and card, the trade password and buy verify code, the product's status, the minimum,
suitability, the wallet's balance), the order numbers and the order as the client reads it; the
portfolio purchase, sale, rebalancing and cancel that the advisory service accounts place
(opentamp/advisory/); the sales of the target strategies and the redemption appointments. The
recurring plans (opentamp/plans/) buy through these, so a plan obeys every rule a manual
purchase does."""

from opentamp.trading.buying import (
    buy_po,
    check_service_account_buy,
    place_po_buy,
    require_buy_verify,
    suitable,
)
from opentamp.trading.cancelling import cancel_po_order
from opentamp.trading.errors import (
    AmountBelowMinimum,
    NoHolding,
    PaymentFailed,
    PaymentMethodUnavailable,
    PayTypeInvalid,
    ProductNotTradable,
    PurchaseSuspended,
)
from opentamp.trading.estimates import split_po
from opentamp.trading.orders import order_out, orders_out
from opentamp.trading.placing import (
    NO_BUY,
    NO_REDEEM,
    OrderDates,
    charge,
    charge_token,
    check_buyable,
    check_trading_time,
    financial_account_of,
    new_order_no,
    once,
    order_dates,
    paying_card,
    payout_card,
    strategy_pricing,
    tradable_fund,
    tradable_portfolio,
    verified_account,
    wallet_fund_of,
)
from opentamp.trading.rebalance import place_rebalance
from opentamp.trading.repository import components, holding
from opentamp.trading.schemas import (
    BuyPoIn,
    CancelOrderIn,
    OrderOut,
    PrepareRedeemPoOut,
    RedeemFundEstimateOut,
    RedeemFundIn,
    RedeemPoIn,
    VerifyTicket,
)
from opentamp.trading.selling import (
    check_redeemable,
    estimate_redeem_fund,
    estimate_redemption,
    place_po_sell,
    prepare_redeem_po,
    redeem_child,
    redeem_fund,
    redeem_po,
    sell_po,
)
from opentamp.trading.wallet_sets import (
    FREEZING_CODES,
    WAITING_REDEMPTIONS,
    take_wallet_shares_set,
)
from opentamp.trading.wallet_shares import (
    available_shares,
    return_wallet_shares,
    take_wallet_shares,
    wallet_holding,
)

__all__ = [
    "FREEZING_CODES",
    "NO_REDEEM",
    "WAITING_REDEMPTIONS",
    "OrderDates",
    "take_wallet_shares_set",
    "NO_BUY",
    "NoHolding",
    "AmountBelowMinimum",
    "BuyPoIn",
    "CancelOrderIn",
    "OrderOut",
    "PrepareRedeemPoOut",
    "RedeemFundEstimateOut",
    "RedeemFundIn",
    "RedeemPoIn",
    "buy_po",
    "cancel_po_order",
    "estimate_redeem_fund",
    "order_out",
    "place_rebalance",
    "prepare_redeem_po",
    "redeem_fund",
    "redeem_po",
    "take_wallet_shares",
    "PayTypeInvalid",
    "PaymentMethodUnavailable",
    "ProductNotTradable",
    "PurchaseSuspended",
    "available_shares",
    "charge",
    "charge_token",
    "order_dates",
    "strategy_pricing",
    "PaymentFailed",
    "check_buyable",
    "check_service_account_buy",
    "check_trading_time",
    "components",
    "financial_account_of",
    "holding",
    "new_order_no",
    "once",
    "order_out",
    "orders_out",
    "paying_card",
    "payout_card",
    "place_po_buy",
    "place_po_sell",
    "redeem_child",
    "check_redeemable",
    "sell_po",
    "require_buy_verify",
    "split_po",
    "suitable",
    "tradable_fund",
    "tradable_portfolio",
    "verified_account",
    "return_wallet_shares",
    "estimate_redemption",
    "VerifyTicket",
    "wallet_fund_of",
    "wallet_holding",
]
