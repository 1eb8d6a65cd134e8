"""The caller's account and broker, which every feature that acts for a user looks up first."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.errors import AppError
from opentamp.models.accounts import Account
from opentamp.models.auth import BrokerUser
from opentamp.models.platform import Broker


class AccountRequired(AppError):
    code = 62020
    error = "account_required"
    msg = "未开户用户无法进行该操作"


class AccountClosed(AppError):
    code = 62028
    error = "account_closed"
    msg = "账户已注销"


class InstitutionAccount(AppError):
    status = 403
    code = 62021
    error = "institution_account"
    msg = "当前账号为机构账户，不可操作该页面"


def account_of(session: Session, user: BrokerUser) -> Account | None:
    return session.scalar(select(Account).where(Account.broker_user_id == user.id))


def require_account(
    session: Session, user: BrokerUser, *, allow_institution: bool = False, lock: bool = False
) -> Account:
    """The user's open account, or 未开户用户无法进行该操作 (docs/product.md#validation); an
    institutional account (holder type 0 or 2) is refused where a page is for persons."""
    query = select(Account).where(Account.broker_user_id == user.id)
    if lock:
        query = query.with_for_update()
    return checked_account(session.scalar(query), allow_institution=allow_institution)


def checked_account(account: Account | None, *, allow_institution: bool = False) -> Account:
    """:func:`require_account`'s checks of an account read already (None: the user has none)."""
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
