"""Payloads of the signal calls (docs/signals.md#calls)."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Annotated, Literal

from pydantic import Field

from opentamp.kit.pagination import PageOut
from opentamp.kit.params import Id
from opentamp.kit.schema import AmountIn, AmountOut, CamelModel, DecimalIn, RatioIn, TradeWriteIn
from opentamp.trading.api import VerifyTicket

TradePassword = Annotated[str, Field(min_length=1, max_length=32)]
PoCode = Annotated[str, Field(min_length=1, max_length=16)]
SigId = Annotated[str, Field(min_length=1, max_length=32)]
FollowStatus = Literal["INIT", "OPEN", "PAUSE"]
FollowAction = Literal["CREATE", "UPDATE", "RESUME", "PAUSE"]
PayType = Literal["card", "wallet"]
#: A multiple or part as sent; its bands are the service's to check (a clear message).
Multiple = Annotated[Decimal, DecimalIn("倍数", 4, Decimal(100), example="1.5")]


class PublishIn(CamelModel):
    """A lead manager's signal: a buy multiple (``autoFollowBuyRate``, 0.5–2) or, for a sell
    signal, the part of the holding to sell (``sellRatio``, (0, 1])."""

    po_code: PoCode
    signal_type: Literal["BUY", "SELL"] = "BUY"
    #: The trading day the signal is followed; the next one the market has not run by default.
    sig_date: date | None = None
    auto_follow_buy_rate: Multiple | None = None
    sell_ratio: Multiple | None = None
    description: Annotated[str, Field(max_length=2000)] = ""


class SignalOut(CamelModel):
    sig_id: str
    po_code: str
    sig_date: date
    signal_type: str
    #: A buy signal's multiple (1.5 = 150 % of the base amount); a sell signal's part sold.
    auto_follow_buy_rate: Decimal
    #: decrease, standard or increase (a buy signal's band); sell for a sell signal.
    band: str
    description: str


class BandOut(CamelModel):
    band: str
    label: str
    min_rate: Decimal
    max_rate: Decimal


class FollowPlanOut(CamelModel):
    """A follow plan as its screens read it; ``status`` INIT when there is none yet."""

    follow_plan_id: int | None
    po_code: str
    po_name: str
    manager_name: str
    financial_account_id: int | None
    status: FollowStatus
    #: The action the plan screen offers: CREATE 确认跟车, UPDATE 修改跟车, RESUME 恢复跟车.
    action: FollowAction
    is_set_config: bool
    base_amount: AmountOut | None
    pay_type: str | None
    payment_method_id: int | None
    #: The paying card as every way-to-pay names it, 工商银行(1234) (payments.api
    #: ``card_show_name``); empty when the plan is paid from the wallet or has no card.
    bank_card_show_name: str
    #: 最低跟车金额: every multiple down to 0.5 still meets the product's minimum purchase.
    min_amount: AmountOut
    min_purchase_amount: AmountOut
    bands: list[BandOut]
    wallet_name: str
    follow_count: int
    total_followed: AmountOut
    latest_signal_info: SignalOut | None
    created_at: datetime | None
    updated_at: datetime | None


class FollowSettingIn(CamelModel):
    """CREATE, UPDATE, RESUME or PAUSE a follow plan (the trade password authorises the orders
    the plan will place)."""

    po_code: PoCode
    action: FollowAction
    financial_account_id: Id | None = None
    base_amount: AmountIn | None = None
    pay_type: PayType | None = None
    payment_method_id: Id | None = None
    risk_confirmed: bool = False
    trade_password: TradePassword


class FollowRecordOut(CamelModel):
    record_id: int
    follow_plan_id: int
    sig_id: str
    po_code: str
    po_name: str
    signal_type: str
    follow_date: date
    base_amount: AmountOut
    auto_follow_buy_rate: Decimal
    amount: AmountOut
    status: Literal["PENDING", "SUCCESS", "FAIL"]
    fail_reason: str
    broker_order_no: str | None
    order_code: str | None
    confirm_status: str | None
    pay_status: str | None
    trade_share: AmountOut | None
    confirmed_amount: AmountOut | None
    confirmed_shares: AmountOut | None
    fee: AmountOut | None
    created_at: datetime


class FollowRecordsOut(PageOut[FollowRecordOut]):
    pass


class FollowedProductOut(CamelModel):
    """One signal product the user follows (poSignalList)."""

    follow_plan_id: int
    po_code: str
    po_name: str
    manager_name: str
    financial_account_id: int
    financial_account_name: str
    status: FollowStatus
    base_amount: AmountOut
    pay_type: str
    follow_count: int
    total_followed: AmountOut
    latest_signal_info: SignalOut | None


class FollowSignalOut(CamelModel):
    """/account/followSignal: the product's latest signal and the caller's follow of it."""

    po_code: str
    latest_signal_info: SignalOut | None
    status: FollowStatus
    is_set_config: bool
    latest_follow: FollowRecordOut | None


class SignalBuyIn(TradeWriteIn):
    """A purchase following a buy signal by hand (/allot with sigId)."""

    financial_account_id: Id
    po_code: PoCode
    sig_id: SigId
    amount: AmountIn
    pay_type: PayType = "card"
    payment_method_id: Id | None = None
    trade_password: TradePassword
    risk_confirmed: bool = False
    verify_ticket: VerifyTicket = None


class SignalRedeemIn(TradeWriteIn):
    """A sale following a sell signal by hand (signalRedeem): the signal's part of the holding
    unless ``ratio`` says otherwise."""

    financial_account_id: Id
    po_code: PoCode
    sig_id: SigId
    ratio: RatioIn | None = None
    redeem_to: PayType = "wallet"
    payment_method_id: Id | None = None
    trade_password: TradePassword
