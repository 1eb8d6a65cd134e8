"""Queries of the accounts feature."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from opentamp.accounts.errors import AccountClosed, AccountRequired, InstitutionAccount
from opentamp.models.accounts import (
    REAL_FINANCIAL_ACCOUNT_TYPES,
    Account,
    FinancialAccount,
    PaymentMethod,
)
from opentamp.models.auth import BrokerUser
from opentamp.models.platform import Broker


def account_of(session: Session, user: BrokerUser) -> Account | None:
    return session.scalar(select(Account).where(Account.broker_user_id == user.id))


def require_account(
    session: Session, user: BrokerUser, *, allow_institution: bool = False, lock: bool = False
) -> Account:
    """The user's open account, or 未开户用户无法进行该操作 (spec 000 §5); an institutional
    account (holder type 0 or 2) is refused where a page is for persons."""
    query = select(Account).where(Account.broker_user_id == user.id)
    if lock:
        query = query.with_for_update()
    account = session.scalar(query)
    if account is None:
        raise AccountRequired()
    if account.status == "closed":
        raise AccountClosed()
    if account.is_institution and not allow_institution:
        raise InstitutionAccount()
    return account


def broker_of(session: Session, user: BrokerUser) -> Broker:
    broker = session.get(Broker, user.broker_id)
    assert broker is not None
    return broker


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
