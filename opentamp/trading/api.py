"""What other features use of trading: the checks every purchase makes (ownership of the
account and card, the trade password and buy verify code, the product's status, the minimum,
suitability, the wallet's balance), the order numbers and the order as the client reads it.
The recurring plans (opentamp/plans/) buy through these, so a plan obeys every rule a manual
purchase does."""

from opentamp.trading.buying import place_po_buy, require_buy_verify, suitable
from opentamp.trading.errors import (
    AmountBelowMinimum,
    NoHolding,
    PaymentMethodUnavailable,
    PayTypeInvalid,
    ProductNotTradable,
    PurchaseSuspended,
)
from opentamp.trading.estimates import split_po
from opentamp.trading.orders import order_out, orders_out
from opentamp.trading.placing import (
    NO_BUY,
    check_buyable,
    financial_account_of,
    new_order_no,
    once,
    paying_card,
    tradable_fund,
    tradable_portfolio,
    verified_account,
    wallet_fund_of,
)
from opentamp.trading.repository import holding
from opentamp.trading.schemas import OrderOut
from opentamp.trading.selling import place_po_sell, redeem_child
from opentamp.trading.wallet_shares import available_shares, wallet_holding

__all__ = [
    "NO_BUY",
    "AmountBelowMinimum",
    "NoHolding",
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
    "once",
    "order_out",
    "orders_out",
    "paying_card",
    "place_po_buy",
    "place_po_sell",
    "redeem_child",
    "require_buy_verify",
    "split_po",
    "suitable",
    "tradable_fund",
    "tradable_portfolio",
    "verified_account",
    "wallet_fund_of",
    "wallet_holding",
]
