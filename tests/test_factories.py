"""The core factories build consistent rows on both databases."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.models.accounts import FinancialAccount
from opentamp.models.products import FundFeeTier, FundNav
from tests.factories import (
    add_navs,
    make_account,
    make_financial_account,
    make_fund,
    make_payment_method,
    make_portfolio,
)


def test_core_world(session: Session) -> None:
    fund = make_fund(session, purchase_discount=Decimal("0.1"))
    bond = make_fund(session, fund_type=2, risk_level=2)
    mmf = make_fund(session, fund_type=4, risk_level=1)
    add_navs(session, fund, {date(2026, 11, 19): "1.2345", date(2026, 11, 20): "1.2400"})
    po = make_portfolio(session, components=[(fund, Decimal("0.6")), (bond, Decimal("0.4"))])
    account = make_account(session)
    hidden = make_financial_account(session, account=account, name="隐藏账户", is_hidden=True)
    card = make_payment_method(session, account=account)

    assert session.scalar(
        select(FundNav.nav).where(
            FundNav.fund_code == fund.code, FundNav.nav_date == date(2026, 11, 20)
        )
    ) == Decimal("1.2400")
    kinds = session.scalars(select(FundFeeTier.kind).where(FundFeeTier.fund_code == mmf.code)).all()
    assert "purchase" not in kinds and kinds.count("redeem") == 4
    assert fund.purchase_discount == Decimal("0.1") and po.code.startswith("ZH")
    accounts = session.scalars(
        select(FinancialAccount).where(FinancialAccount.account_id == account.id)
    ).all()
    assert {(a.type, a.is_hidden, a.is_real) for a in accounts} == {
        ("default", False, True),
        ("normal", True, True),
    }
    assert hidden.broker_user_id == account.broker_user_id == card.broker_user_id
