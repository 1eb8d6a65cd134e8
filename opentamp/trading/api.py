"""What other features use of trading (the plans, the target strategies, the redemption
appointments): the checks every purchase makes (ownership of the
account and card, the trade password and buy verify code, the product's status, the minimum,
suitability, the wallet's balance), the order numbers and the order as the client reads it.
The recurring plans (opentamp/plans/) buy through these, so a plan obeys every rule a manual
purchase does."""

from opentamp.trading.buying import require_buy_verify, suitable
from opentamp.trading.errors import (
    AmountBelowMinimum,
    NoHolding,
    PaymentMethodUnavailable,
    PayTypeInvalid,
    ProductNotTradable,
    PurchaseSuspended,
)
from opentamp.trading.estimates import split_po
from opentamp.trading.orders import orders_out
from opentamp.trading.placing import (
    NO_BUY,
    check_buyable,
    financial_account_of,
    new_order_no,
    paying_card,
    payout_card,
    tradable_fund,
    tradable_portfolio,
    verified_account,
    wallet_fund_of,
)
from opentamp.trading.repository import holding
from opentamp.trading.schemas import OrderOut
from opentamp.trading.selling import check_redeemable, redeem_child, sell_po
from opentamp.trading.wallet_shares import available_shares, wallet_holding

__all__ = [
    "NO_BUY",
    "NoHolding",
    "AmountBelowMinimum",
    "OrderOut",
    "PayTypeInvalid",
    "PaymentMethodUnavailable",
    "ProductNotTradable",
    "PurchaseSuspended",
    "available_shares",
    "check_buyable",
    "financial_account_of",
    "holding",
    "new_order_no",
    "orders_out",
    "paying_card",
    "payout_card",
    "redeem_child",
    "check_redeemable",
    "sell_po",
    "require_buy_verify",
    "split_po",
    "suitable",
    "tradable_fund",
    "tradable_portfolio",
    "verified_account",
    "wallet_fund_of",
    "wallet_holding",
]
