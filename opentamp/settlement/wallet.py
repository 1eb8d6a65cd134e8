"""Settlement and the wallet: cash becomes wallet shares 1:1 (:func:`credit_wallet`, used by
the stages that pay into the wallet and by the payout step), and stage 1, money-market income
as shares (:func:`credit_wallet_income`)."""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy import (
    and_,
    exists,
    func,
    insert,
    literal,
    null,
    select,
    update,
)
from sqlalchemy.orm import Session
from sqlalchemy.sql import Subquery

from opentamp import rules
from opentamp.kit.money import SqlMoney, fig
from opentamp.models.holdings import HOLDING, Holding, HoldingLot
from opentamp.models.products import (
    WALLET_FUND_CODE,
    FundNav,
)
from opentamp.settlement.common import (
    ZERO_SQL,
    day_literal,
    execute,
)


def wallet_credits(rows: Any, amount: Any, *where: Any) -> Subquery:
    """The cash of ``rows`` (orders, or a subquery with their columns) matching ``where``,
    summed per financial account as :func:`credit_wallet` takes it."""
    return (
        select(
            rows.financial_account_id,
            func.min(rows.broker_user_id).label("broker_user_id"),
            func.min(rows.account_id).label("account_id"),
            func.sum(amount).label("amount"),
        )
        .where(*where)
        .group_by(rows.financial_account_id)
        .subquery()
    )


def credit_wallet(session: Session, credits: Subquery, day: date) -> int:
    """Wallet shares 1:1 for cash (``credits``: financial_account_id, broker_user_id,
    account_id, amount): the wallet holding (opened if needed) gets the shares, a lot dated D,
    and cost and paid-in += the amount (cash coming in, so the wallet's profit is unchanged)."""
    w = Holding
    wallet_of = and_(
        w.financial_account_id == credits.c.financial_account_id,
        w.fund_code == WALLET_FUND_CODE,
        w.portfolio_code == "",
    )
    session.execute(
        insert(Holding).from_select(
            [
                "broker_user_id",
                "account_id",
                "financial_account_id",
                "fund_code",
                "portfolio_code",
                "dividend_method",
            ],
            select(
                credits.c.broker_user_id,
                credits.c.account_id,
                credits.c.financial_account_id,
                literal(WALLET_FUND_CODE),
                literal(""),
                literal("cash"),
            ).where(~exists().where(wallet_of)),
        )
    )
    session.execute(
        insert(HoldingLot).from_select(
            ["holding_id", "confirm_date", "shares"],
            select(w.id, day_literal(day), credits.c.amount).where(wallet_of),
        )
    )
    return execute(
        session,
        update(Holding)
        .where(wallet_of)
        .values(
            shares=Holding.shares + credits.c.amount,
            cost=Holding.cost + credits.c.amount,
            paid_in=Holding.paid_in + credits.c.amount,
            first_confirm_date=func.coalesce(Holding.first_confirm_date, day_literal(day)),
            status=HOLDING,
            cleared_date=null(),
        ),
    )


def credit_wallet_income(session: Session, m: SqlMoney, day: date) -> int:
    """Stage 1: money-market income as shares (docs/trading.md "Wallet")."""
    h, n = Holding, FundNav
    income_funds = select(n.fund_code).where(n.nav_date == day, n.income_per_10k.is_not(None))
    # A publication's 万份收益 covers its day and the closed days up to the next trading day
    # (Friday's carries the weekend), so each published day is credited once.
    income = rules.wallet_income_sql(m, fig(h.shares), fig(n.income_per_10k))
    added = execute(
        session,
        insert(HoldingLot).from_select(
            ["holding_id", "confirm_date", "shares"],
            select(h.id, day_literal(day), income)
            .join(n, and_(n.fund_code == h.fund_code, n.nav_date == day))
            .where(
                n.income_per_10k.is_not(None),
                h.nav_date < day,
                h.shares > 0,
                income > ZERO_SQL,
            ),
        ),
    )
    # The only lots dated D so far are the income lots just written (the day's confirmations
    # come after this stage).
    lots_today = (
        select(func.sum(HoldingLot.shares))
        .where(HoldingLot.holding_id == Holding.id, HoldingLot.confirm_date == day)
        .scalar_subquery()
    )
    execute(
        session,
        update(Holding)
        .where(
            Holding.fund_code.in_(income_funds),
            Holding.nav_date < day,
            exists().where(HoldingLot.holding_id == Holding.id, HoldingLot.confirm_date == day),
        )
        .values(shares=Holding.shares + lots_today),
    )
    return added
