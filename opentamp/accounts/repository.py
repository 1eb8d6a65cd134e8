"""Queries of the accounts feature."""

from __future__ import annotations

from typing import Any, cast

from sqlalchemy import Row, bindparam, exists, func, select
from sqlalchemy.orm import Session

from opentamp.models.accounts import (
    REAL_FINANCIAL_ACCOUNT_TYPES,
    Account,
    FinancialAccount,
    PaymentMethod,
)
from opentamp.models.auth import BrokerUser
from opentamp.models.platform import Broker

#: getAccount's figures in one query: the broker's limit of real financial accounts and the
#: user's account (all None without one) with whether it has a pension account.
_ACCOUNT_SUMMARY = (
    select(
        Broker.max_real_financial_accounts,
        Account.id.label("account_id"),
        Account.name,
        Account.id_no,
        Account.risk_grade5,
        Account.holder_type,
        exists()
        .where(FinancialAccount.account_id == Account.id, FinancialAccount.type == "pension")
        .label("has_pension"),
    )
    .select_from(Broker)
    .outerjoin(Account, Account.broker_user_id == bindparam("user_id"))
    .where(Broker.id == bindparam("broker_id"))
)


def account_summary(session: Session, user: BrokerUser) -> Row[Any]:
    row = session.execute(_ACCOUNT_SUMMARY, {"user_id": user.id, "broker_id": user.broker_id}).one()
    return cast(Row[Any], row)


def financial_accounts(session: Session, account_id: int) -> list[FinancialAccount]:
    return list(
        session.scalars(
            select(FinancialAccount)
            .where(FinancialAccount.account_id == account_id)
            .order_by(FinancialAccount.sort_order, FinancialAccount.id)
        )
    )


def count_real_financial_accounts(session: Session, account_id: int) -> int:
    return int(
        session.scalar(
            select(func.count())
            .select_from(FinancialAccount)
            .where(
                FinancialAccount.account_id == account_id,
                FinancialAccount.type.in_(REAL_FINANCIAL_ACCOUNT_TYPES),
            )
        )
        or 0
    )


def bound_cards(session: Session, account_id: int) -> list[PaymentMethod]:
    return list(
        session.scalars(
            select(PaymentMethod)
            .where(PaymentMethod.account_id == account_id, PaymentMethod.status == "bound")
            .order_by(PaymentMethod.created_at, PaymentMethod.id)
        )
    )
