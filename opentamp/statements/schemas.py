"""Payloads of the statement, certificate, profit-book and capital calls (docs/statements.md)."""

from __future__ import annotations

import datetime as dt
from datetime import date, datetime
from decimal import Decimal
from typing import Literal

from pydantic import Field

from opentamp.kit.params import Id
from opentamp.kit.schema import CamelModel

ReportType = Literal["month", "year"]
Language = Literal["zh", "en"]
#: The six report scopes of an adviser's signed report (docs/statements.md#scopes).
Scope = Literal["summary", "holdings", "transactions", "adjustments", "report", "adviserCharge"]
DocumentStatus = Literal["pending", "ready", "failed"]


class ReportOut(CamelModel):
    """A statement period of one account; ``report_id`` once it was asked for."""

    report_id: int | None
    financial_account_id: int
    account_name: str
    report_type: ReportType
    period: str
    title: str
    start_date: date
    end_date: date
    status: DocumentStatus | None
    scopes: list[Scope]


class GenerateReportIn(CamelModel):
    financial_account_id: Id
    report_type: ReportType
    period: str = Field(min_length=4, max_length=7)
    scopes: list[Scope] | None = Field(default=None, max_length=6)


class ReportHoldingOut(CamelModel):
    """A holding at the statement period's end (its last daily row up to that day): the fund,
    and the portfolio it is a component of ('' for a fund held by itself)."""

    product_code: str
    product_name: str
    portfolio_name: str
    market_value: Decimal
    accumulated_profit: Decimal


class ReportDetailOut(CamelModel):
    report_id: int
    financial_account_id: int
    account_name: str
    report_type: ReportType
    period: str
    title: str
    status: DocumentStatus
    scopes: list[Scope]
    #: The period's figures (the PDF's summary), known once the document is ready.
    market_value: Decimal
    profit: Decimal
    dividends: Decimal
    fees: Decimal
    holdings_count: int
    orders_count: int
    #: The holdings at the period's end, as the PDF lists them (known once ready).
    holdings: list[ReportHoldingOut]
    ready_at: datetime | None
    file_name: str


class CertAccountOut(CamelModel):
    financial_account_id: int
    account_name: str
    total_asset: Decimal


class CertificationPreviewOut(CamelModel):
    date: dt.date
    language: Language
    holder_name: str
    id_no: str
    accounts: list[CertAccountOut]
    total_asset: Decimal
    #: The earliest and latest dates a certificate may be asked for.
    min_date: dt.date | None
    max_date: dt.date


class CertificationApplyIn(CamelModel):
    date: date
    financial_account_ids: list[Id] = Field(min_length=1, max_length=20)
    language: Language = "zh"


class CertificationOut(CamelModel):
    certificate_id: int
    date: date
    language: Language
    holder_name: str
    accounts: list[CertAccountOut]
    total_asset: Decimal
    verify_code: str
    content_sha256: str
    issued_at: datetime
    file_name: str


class VerifyIn(CamelModel):
    verify_code: str = Field(min_length=1, max_length=32)
    #: SHA-256 (hex) of the copy to check; without it only the code is checked.
    sha256: str | None = Field(
        default=None, min_length=64, max_length=64, pattern="^[0-9a-fA-F]{64}$"
    )


class VerifyOut(CamelModel):
    #: The code was issued by this platform (its HMAC checks out).
    genuine: bool
    #: The copy's SHA-256 equals the issued document's (``None`` when no copy was given).
    unchanged: bool | None
    message: str
    date: date | None
    holder_name: str
    total_asset: Decimal | None
    issued_at: datetime | None


class BookProductOut(CamelModel):
    product_code: str
    product_name: str
    total: Decimal
    price_change: Decimal
    dividends: Decimal
    fees: Decimal
    realised: Decimal
    unrealised: Decimal


class BookEntryOut(CamelModel):
    """A year of the book (``2026``) or a month of a year (``2026-10``)."""

    period: str
    total: Decimal


class BookDayOut(CamelModel):
    date: date
    profit: Decimal


class ProfitBookOut(CamelModel):
    #: ``all`` (every year), ``year`` or ``month``.
    period_type: Literal["all", "year", "month"]
    period: str
    total: Decimal
    price_change: Decimal
    dividends: Decimal
    fees: Decimal
    realised: Decimal
    unrealised: Decimal
    products: list[BookProductOut]
    children: list[BookEntryOut]
    days: list[BookDayOut]


class CapitalFlowOut(CamelModel):
    date: date
    order_no: str
    business_code: str
    title: str
    #: The product beside the title (rules.order_words ``order_subject``): empty for the
    #: wallet's own orders, whose title names the wallet (活期宝充值).
    product_name: str
    direction: Literal["in", "out"]
    amount: Decimal


class NetInflowMonthOut(CamelModel):
    month: str
    inflow: Decimal
    outflow: Decimal
    net: Decimal


class NetInflowOut(CamelModel):
    months: list[NetInflowMonthOut]
    inflow: Decimal
    outflow: Decimal
    net: Decimal
