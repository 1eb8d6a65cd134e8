"""Payloads of the trade calls (docs/trading.md "Calls"). Amounts and shares travel as strings
of 2 decimals ("100.00"), NAVs with 4, rates as plain decimals ("0.0015")."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Annotated, Any, Literal

from pydantic import Field, PlainSerializer

from opentamp.kit.params import Id
from opentamp.kit.schema import AmountIn, CamelModel, RatioIn, SharesIn, TradeWriteIn


def _plain(value: Decimal) -> str:
    """A rate without the storage's trailing zeros: 0.00150000 → "0.0015"."""
    text = format(value.normalize(), "f")
    return text


#: Rates as decimals (0.0015 = 0.15 %), without trailing zeros.
RateOut = Annotated[Decimal, PlainSerializer(_plain, return_type=str, when_used="json")]
TradePassword = Annotated[str, Field(min_length=1, max_length=32)]
PayType = Literal["card", "wallet"]
#: A fund purchase or redemption may also use the pension account (docs/pension.md).
FundPayType = Literal["card", "wallet", "pension"]
#: The ticket of a checked buy verify code (payAuthMode PASSWORD_SMS; ignored otherwise).
VerifyTicket = Annotated[str | None, Field(default=None, max_length=64)]


# -- buying ------------------------------------------------------------------------------------


class FeeEstimateOut(CamelModel):
    """estimateBuyFundFee: ``feeRate`` listed, ``discountFeeRate`` applied (null under a
    fixed-fee tier, where ``fixedFee`` is charged); ``originalFee`` without the discount."""

    fund_code: str
    amount: Decimal
    fee_rate: RateOut | None
    discount_fee_rate: RateOut | None
    fixed_fee: Decimal | None = None
    original_fee: Decimal
    fee: Decimal
    net_amount: Decimal
    trade_date: date
    confirm_date: date
    profit_date: date
    min_purchase_amount: Decimal


class PoBuyItemOut(CamelModel):
    fund_code: str
    fund_name: str
    weight: RateOut
    amount: Decimal
    fee: Decimal
    fee_rate: RateOut | None


class PrepareBuyPoOut(CamelModel):
    po_code: str
    amount: Decimal
    fee: Decimal
    net_amount: Decimal
    trade_date: date
    confirm_date: date
    min_purchase_amount: Decimal
    items: list[PoBuyItemOut]


class TradeDateOut(CamelModel):
    """When an order placed now is priced, confirmed, shows profit, and (a redemption to the
    card) pays out."""

    trade_date: date
    confirm_date: date
    profit_date: date
    arrival_date: date


class BuyFundIn(TradeWriteIn):
    financial_account_id: Id
    fund_code: str = Field(min_length=1, max_length=16)
    amount: AmountIn
    pay_type: FundPayType = "card"
    payment_method_id: Id | None = None
    trade_password: TradePassword
    risk_confirmed: bool = False
    verify_ticket: VerifyTicket = None


class BuyPoIn(TradeWriteIn):
    financial_account_id: Id
    po_code: str = Field(min_length=1, max_length=16)
    amount: AmountIn
    pay_type: PayType = "card"
    payment_method_id: Id | None = None
    trade_password: TradePassword
    risk_confirmed: bool = False
    verify_ticket: VerifyTicket = None


class OpenWalletIn(CamelModel):
    financial_account_id: Id


class OpenWalletOut(CamelModel):
    fund_code: str
    opened: bool


class RechargeWalletIn(TradeWriteIn):
    financial_account_id: Id
    amount: AmountIn
    payment_method_id: Id
    trade_password: TradePassword
    verify_ticket: VerifyTicket = None


# -- selling and cancelling ---------------------------------------------------------------------


class RedeemFundIn(TradeWriteIn):
    financial_account_id: Id
    fund_code: str = Field(min_length=1, max_length=16)
    shares: SharesIn
    redeem_to: FundPayType = "card"
    #: The card the cash goes to (the first bound card when absent).
    payment_method_id: Id | None = None
    trade_password: TradePassword


class RedeemPoItemOut(CamelModel):
    fund_code: str
    fund_name: str
    shares: Decimal
    estimated_amount: Decimal
    estimated_fee: Decimal


class RedeemFundEstimateOut(CamelModel):
    """estimateRedeemFundFee: a fund redemption of ``shares`` placed now, at the latest NAV, with
    each lot's fee rate by its holding period (the one fee rule, as the order will charge)."""

    fund_code: str
    shares: Decimal
    nav: Decimal
    estimated_gross: Decimal
    estimated_fee: Decimal
    estimated_amount: Decimal


class PrepareRedeemPoOut(CamelModel):
    po_code: str
    ratio: RateOut
    estimated_amount: Decimal
    estimated_fee: Decimal
    items: list[RedeemPoItemOut]


class RedeemPoIn(TradeWriteIn):
    financial_account_id: Id
    po_code: str = Field(min_length=1, max_length=16)
    ratio: RatioIn
    redeem_to: PayType = "card"
    payment_method_id: Id | None = None
    trade_password: TradePassword


class RedeemWalletIn(TradeWriteIn):
    financial_account_id: Id
    amount: AmountIn
    fast: bool = False
    payment_method_id: Id
    trade_password: TradePassword


class CancelOrderIn(CamelModel):
    broker_order_no: str = Field(min_length=1, max_length=32)
    trade_password: TradePassword


class DividendMethodIn(CamelModel):
    financial_account_id: Id
    fund_code: str = Field(min_length=1, max_length=16)
    method: Literal["cash", "reinvest"]


class DividendMethodOut(CamelModel):
    fund_code: str
    method: str


# -- orders ---------------------------------------------------------------------------------------


class OrderOut(CamelModel):
    """An order with the raw fields of docs/product.md#entities; the client derives the screen
    status."""

    broker_order_no: str
    account_id: int
    broker_user_id: int
    financial_account_id: int
    order_code: str
    fund_order_code: str
    po_order_code: str
    confirm_status: str
    pay_status: str
    pay_type: str
    payment_method_id: int | None
    bank_name: str
    card_tail: str
    #: The paying card (a sale's, the card paid) as 支付方式 / 回款方式 show it: 工商银行(1234)
    #: (payments.api ``card_show_name``); empty without a card.
    bank_card_show_name: str
    product_code: str
    product_name: str
    product_type: Literal["FUND", "PO", "WALLET"]
    trade_amount: Decimal
    trade_share: Decimal
    fee: Decimal
    fee_rate: RateOut | None
    net_amount: Decimal
    nav: Decimal | None
    confirmed_shares: Decimal
    confirmed_amount: Decimal
    apply_time: datetime
    trade_date: date
    confirm_date: date
    confirmed_at: date | None
    #: Purchases: the day profit first shows (the trading day after confirmation).
    profit_date: date | None
    arrival_date: date | None
    redeem_to: str
    #: A redemption to the card: its payout (docs/trading.md "Payouts") — sent (已到账), failed
    #: (retried on the next trading day) or wallet (credited to the wallet instead); null
    #: before it is due.
    payout_status: Literal["sent", "failed", "wallet"] | None = None
    can_cancel: bool
    ext_meta_info: dict[str, Any] | None
    is_signal_sell_order: bool
    #: A transfer-in of holdings from another platform (code 127, docs/transfers.md).
    is_transfer: bool
    fail_reason: str
    children: list[OrderOut] = Field(default_factory=list)


class OrderPageOut(CamelModel):
    content: list[OrderOut]
    page: int
    size: int
    total: int
    has_more: bool


class WalletTypeOut(CamelModel):
    wallet_type: Literal["WALLET", "SUPER_WALLET"]
    is_super_wallet_user: bool
    wallet_name: str


# -- portfolio rebalancing (P04) --------------------------------------------------------------


class PoAdjustmentItemOut(CamelModel):
    """One component of getPoAdjustmentSummary: weights as decimals (0.3 = 30 %), rounded
    half-up to 4 decimals; ``estimatedAmount`` the yuan to sell (gross, at the latest NAV) or
    to buy."""

    fund_code: str
    fund_name: str
    current_shares: Decimal
    current_value: Decimal
    current_weight: RateOut
    target_weight: RateOut
    action: Literal["BUY", "SELL", "HOLD"]
    estimated_amount: Decimal


class PoAdjustmentSummaryOut(CamelModel):
    po_code: str
    po_name: str
    total_value: Decimal
    latest_adjust_date: date | None
    need_adjust: bool
    items: list[PoAdjustmentItemOut]


class AdjustPoShareIn(TradeWriteIn):
    financial_account_id: Id
    po_code: str = Field(min_length=1, max_length=16)
    trade_password: TradePassword


# -- order lists and the wallet's reads (opentamp/trading/order_lists.py) --------------------------


class OrderTypeOption(CamelModel):
    """A type filter of the unified order list: ``value`` is the ``type`` a list call takes,
    ``orderCodes`` the business codes it shows (empty: every code)."""

    value: str
    label: str
    order_codes: list[str]


class OrderStatusOption(CamelModel):
    """A status filter: the confirmStatus values it covers (fund, wallet and portfolio)."""

    value: str
    label: str
    confirm_statuses: list[str]


class OrderProductOption(CamelModel):
    product_code: str
    product_name: str
    product_type: Literal["FUND", "PO", "WALLET"]


class OrderConditionsOut(CamelModel):
    types: list[OrderTypeOption]
    statuses: list[OrderStatusOption]
    products: list[OrderProductOption]


class WalletAssetOut(CamelModel):
    """The wallet holding's figures (opentamp/rules/profit.py sum_holdings)."""

    fund_code: str
    wallet_name: str
    holding_asset: Decimal
    previous_profit: Decimal
    accumulated_profit: Decimal
    holding_profit: Decimal
    shares: Decimal
    frozen_shares: Decimal
    #: shares − frozen shares (NAV 1.0000: shares are yuan).
    available_amount: Decimal
    yield_7d: RateOut | None = Field(alias="yield7d")
    income_per_10k: Decimal | None = Field(alias="incomePer10k")
    nav_date: date | None
    update_date: date | None
    profit_progress: Literal["UPDATING", "DONE"]


class WalletShareOut(CamelModel):
    financial_account_id: int
    fund_code: str
    fund_name: str
    shares: Decimal
    frozen_shares: Decimal
    available_shares: Decimal
    market_value: Decimal
    cost: Decimal
    holding_profit: Decimal
    accumulated_profit: Decimal
    previous_profit: Decimal
    profit_date: date | None


class BuyVerifyCodeSendIn(CamelModel):
    financial_account_id: Id | None = None


class BuyVerifyCodeSentOut(CamelModel):
    phone: str
    expires_in: int


class BuyVerifyCodeCheckIn(CamelModel):
    code: str = Field(min_length=1, max_length=12)


class BuyVerifyCodeCheckOut(CamelModel):
    """``ticket`` is a one-use proof of the checked code, valid ``expiresIn`` seconds."""

    passed: bool
    ticket: str
    expires_in: int


# -- fund conversion (036) and the super wallet's adjust (opentamp/trading/convert.py) ---------


class ConvertTargetOut(CamelModel):
    """A fund the holding may be converted into: same fund company, on sale, not the fund
    itself. ``purchaseFeeRate`` is its front-end rate after the discount (for the estimated
    amount when one is asked for, else its first tier; null under a fixed-fee tier);
    ``yearReturn`` its 近1年 return as a decimal (null without a year of NAVs)."""

    fund_code: str
    fund_name: str
    fund_type: int
    fund_type_name: str
    risk_level: int
    #: 低风险 … 高风险 (R1–R5).
    risk_level_name: str
    nav: Decimal | None
    nav_date: date | None
    purchase_fee_rate: RateOut | None
    year_return: RateOut | None


class ConvertEstimateOut(CamelModel):
    """A conversion of ``shares`` estimated at the latest NAVs (the order is priced at T's).
    ``grossAmount`` Σ per lot round(shares × nav); ``redeemFee`` per lot by holding period
    (``redeemFeeRate`` the lots' rate, or fee / gross rounded to 4 decimals when they
    differ); ``feeDifference`` the 补差费 at ``feeDifferenceRate`` (null under a fixed-fee
    tier); ``estimatedAmount`` what buys the target after both fees; ``estimatedShares`` that
    at the target's latest NAV (null without one)."""

    shares: Decimal
    nav: Decimal
    gross_amount: Decimal
    redeem_fee: Decimal
    redeem_fee_rate: RateOut
    fee_difference: Decimal
    fee_difference_rate: RateOut | None
    total_fee: Decimal
    estimated_amount: Decimal
    estimated_shares: Decimal | None


class ConvertPrepareOut(CamelModel):
    """GET /trade/convert/prepare: the holding to convert from, the dates of an order placed
    now (``confirmDate`` the later of the two funds' when a target is given), the targets and,
    with ``targetFundCode`` and ``shares``, the estimate."""

    fund_code: str
    fund_name: str
    fund_type: int
    fund_type_name: str
    financial_account_id: int
    available_shares: Decimal
    min_convert_shares: Decimal
    min_remaining_shares: Decimal
    nav: Decimal | None
    nav_date: date | None
    trade_date: date
    confirm_date: date
    targets: list[ConvertTargetOut]
    estimate: ConvertEstimateOut | None


class ConvertIn(TradeWriteIn):
    financial_account_id: Id
    fund_code: str = Field(min_length=1, max_length=16)
    target_fund_code: str = Field(min_length=1, max_length=16)
    shares: SharesIn
    trade_password: TradePassword
    #: The ticket of a checked buy verify code (accounts verifying by password and SMS).
    verify_ticket: VerifyTicket = None
    risk_confirmed: bool = False


class ConvertCancelIn(CamelModel):
    broker_order_no: str = Field(min_length=1, max_length=32)
    trade_password: TradePassword


class SuperWalletAdjustIn(TradeWriteIn):
    financial_account_id: Id
    from_fund_code: str = Field(min_length=1, max_length=16)
    to_fund_code: str = Field(min_length=1, max_length=16)
    shares: SharesIn
    trade_password: TradePassword
    #: The ticket of a checked buy verify code (accounts verifying by password and SMS).
    verify_ticket: VerifyTicket = None
