"""Payloads of the redemption appointment and saved trade form calls (docs/appointments.md)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any, Literal

from pydantic import Field

from opentamp.kit.params import Id
from opentamp.kit.schema import AmountOut, CamelModel, FreeJson, SharesIn, TradeWriteIn

AppointmentStatus = Literal["BOOKED", "PLACED", "CANCELLED", "FAILED"]


class OpenPeriodOut(CamelModel):
    start_date: date
    end_date: date


class AppointmentCreateIn(TradeWriteIn):
    financial_account_id: Id
    fund_code: str = Field(min_length=1, max_length=16)
    shares: SharesIn
    redeem_to: Literal["card", "wallet"] = "wallet"
    payment_method_id: Id | None = None
    trade_password: str = Field(min_length=1, max_length=32)


class AppointmentCancelIn(CamelModel):
    appointment_id: Id


class AppointmentOut(CamelModel):
    appointment_id: int
    financial_account_id: int
    fund_code: str
    fund_name: str
    shares: AmountOut
    redeem_to: str
    open_date: date
    status: AppointmentStatus
    status_name: str
    order_no: str | None
    fail_reason: str
    created_at: datetime


class AppointableFundOut(CamelModel):
    """A fund with fixed open periods the caller holds: what may be booked and when."""

    financial_account_id: int
    fund_code: str
    fund_name: str
    available_shares: AmountOut
    booked_shares: AmountOut
    next_open_date: date | None
    open_periods: list[OpenPeriodOut]


class AppointmentListOut(CamelModel):
    funds: list[AppointableFundOut]
    appointments: list[AppointmentOut]


class TemporarySaveIn(CamelModel):
    trade_type: str = Field(min_length=1, max_length=32)
    payload: FreeJson


class TemporaryOut(CamelModel):
    temporary_id: str
    trade_type: str
    payload: dict[str, Any]
    expires_at: datetime


class TemporaryVerifyIn(CamelModel):
    temporary_id: str = Field(min_length=1, max_length=32)
