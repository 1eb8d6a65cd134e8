"""Payloads of the private-placement calls (/private/*)."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Annotated

from pydantic import Field

from opentamp.kit.schema import CamelModel
from opentamp.products.api import DocumentOut, PeriodReturnOut


class PrivateProductBriefOut(CamelModel):
    product_code: str
    name: str
    manager_company: str
    strategy_type: str
    risk_level: int
    risk_level_name: str
    inception_date: date
    min_investment: Decimal
    status_text: str
    #: Figures only for investors who made the qualified-investor statement.
    nav: Decimal | None = None
    nav_date: date | None = None
    since_inception: Decimal | None = None


class PrivateSetOut(CamelModel):
    set_id: int
    name: str
    description: str
    products: list[PrivateProductBriefOut]


class PrivateListOut(CamelModel):
    qualified: bool
    statement_version: str
    #: The qualified-investor statement to confirm (合格投资者承诺函).
    statement_title: str
    statement_content: str
    sets: list[PrivateSetOut]


class PrivateNavPointOut(CamelModel):
    nav_date: date
    nav: Decimal
    acc_nav: Decimal


class PrivateProductOut(PrivateProductBriefOut):
    manager_name: str
    lockup: str
    open_days: str
    fee_note: str
    custodian: str
    description: str
    qualified: bool
    returns: list[PeriodReturnOut]
    max_drawdown: Decimal | None = None
    #: Weekly NAVs, newest first (qualified investors only).
    navs: list[PrivateNavPointOut]


class PrivateArchiveOut(CamelModel):
    product_code: str
    list: list[DocumentOut]


class InvestorStatementIn(CamelModel):
    """The qualified-investor statement (合格投资者声明) of the version shown."""

    version: Annotated[str, Field(min_length=1, max_length=16)]
    confirmed: bool


class InvestorStatementOut(CamelModel):
    qualified: bool
    version: str
    confirmed_at: datetime
