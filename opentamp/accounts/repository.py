"""Queries of the accounts feature."""

from __future__ import annotations

from decimal import Decimal
from typing import Any, cast

from sqlalchemy import Row, bindparam, exists, func, select
from sqlalchemy.orm import Session

from opentamp.models.accounts import (
    REAL_FINANCIAL_ACCOUNT_TYPES,
    Account,
    FinancialAccount,
    PaymentMethod,
)
from opentamp.models.advisory import (
    CUSTOMER_UNCONFIRMED,
    FEE_FAIL,
    FEE_MEMBER,
    ORDER_IN_PROCESS,
    UNCOMMITTED,
    AdvisoryAdjustment,
    AdvisoryFee,
    AdvisoryFeeAccrual,
    AdvisoryStrategy,
    ServiceAccount,
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


def service_account_infos(session: Session, fa_ids: list[int]) -> dict[int, dict[str, object]]:
    """``serviceAccountInfo`` of the financial accounts of type service
    (docs/advisory.md#the-financial-account-list): the contract's status, the adjustment under
    way, the adviser fee accrued and whether any is unpaid."""
    rows = session.execute(
        select(ServiceAccount, AdvisoryStrategy.fee_mode)
        .join(AdvisoryStrategy, AdvisoryStrategy.po_code == ServiceAccount.po_code)
        .where(ServiceAccount.financial_account_id.in_(fa_ids))
    ).all()
    out: dict[int, dict[str, object]] = {}
    for sa, fee_mode in rows:
        adj = session.scalar(
            select(AdvisoryAdjustment)
            .where(
                AdvisoryAdjustment.service_account_id == sa.id,
                AdvisoryAdjustment.status.in_(
                    (CUSTOMER_UNCONFIRMED, UNCOMMITTED, ORDER_IN_PROCESS)
                ),
            )
            .order_by(AdvisoryAdjustment.id.desc())
            .limit(1)
        )
        accrued = session.scalar(
            select(func.coalesce(func.sum(AdvisoryFeeAccrual.amount), 0)).where(
                AdvisoryFeeAccrual.service_account_id == sa.id,
                AdvisoryFeeAccrual.fee_id.is_(None),
            )
        )
        debt = session.scalar(
            select(AdvisoryFee.id)
            .where(AdvisoryFee.service_account_id == sa.id, AdvisoryFee.status == FEE_FAIL)
            .limit(1)
        )
        if sa.financial_account_id is None:
            continue
        out[sa.financial_account_id] = {
            "serviceAccountId": sa.id,
            "poCode": sa.po_code,
            "contractStatus": sa.contract_status,
            "adjustmentInProcess": (
                {"adjustmentId": adj.id, "status": adj.status} if adj is not None else None
            ),
            "isAdvisorFeeEnabled": fee_mode != FEE_MEMBER,
            "isAdvisorFeePaid": debt is None,
            "advisorFee": f"{Decimal(accrued or 0):.2f}",
        }
    return out
