"""The adviser's side (docs/advisory.md#the-advisers-side): what the operator calls and the
`opentamp adviser` commands do — model changes, proposals, announcements, files, the accounts
served and the fee income, each for the operator's own broker."""

from __future__ import annotations

from decimal import Decimal

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.orm import Session

from opentamp.advisory import announcements
from opentamp.advisory import repository as repo
from opentamp.advisory.adjustments import (
    require_strategy_of_broker,
    require_strategy_of_team,
    served_account,
)
from opentamp.advisory.contracts import files_out
from opentamp.advisory.fees import pay_from_wallet
from opentamp.advisory.schemas import (
    AdjustmentBriefOut,
    AnnounceIn,
    FeeIncomeOut,
    FeeIncomeRowOut,
    FilesIn,
    FilesOut,
    ManualFeeIn,
    ServedAccountOut,
)
from opentamp.errors import NotFound
from opentamp.kit.clock import now
from opentamp.kit.masking import mask_name
from opentamp.models.accounts import Account
from opentamp.models.advisory import (
    FEE_FAIL,
    FEE_PROCESSING,
    FEE_SUCCESS,
    MANUAL,
    AdvisoryAnnouncement,
    AdvisoryFee,
    AdvisoryFeeAccrual,
    AdvisoryFile,
    AdvisoryStrategy,
    ServiceAccount,
)
from opentamp.models.auth import BrokerUser
from opentamp.models.operators import ROLE_ADVISER, Operator, OperatorRole
from opentamp.rules import adviser_fees

ZERO = Decimal("0")


def strategies_of(session: Session, broker_id: int, po_code: str | None) -> list[str]:
    if po_code is not None:
        require_strategy_of_broker(session, po_code, broker_id)
        return [po_code]
    codes = session.scalars(
        select(AdvisoryStrategy.po_code).order_by(AdvisoryStrategy.po_code)
    ).all()
    out = []
    for code in codes:
        try:
            require_strategy_of_broker(session, code, broker_id)
        except NotFound:
            continue
        out.append(code)
    return out


def announce(
    session: Session, *, broker_id: int, body: AnnounceIn, operator_id: int | None
) -> AdvisoryAnnouncement:
    require_strategy_of_team(session, body.po_code, broker_id)
    return announcements.publish(session, body=body, operator_id=operator_id)


def publish_files(session: Session, *, broker_id: int, body: FilesIn) -> FilesOut:
    require_strategy_of_team(session, body.po_code, broker_id)
    version = session.scalar(
        select(func.max(AdvisoryFile.version)).where(AdvisoryFile.po_code == body.po_code)
    )
    new = (version or 0) + 1
    for f in body.file_list:
        session.add(
            AdvisoryFile(po_code=body.po_code, version=new, name=f.name, file_url=f.file_url)
        )
    session.flush()
    return FilesOut(po_code=body.po_code, version=new, file_list=files_out(session, body.po_code))


def _customer_of(broker_id: int) -> ColumnElement[bool]:
    """The service account's customer is one of the broker's (a strategy without a team may be
    held by any broker's customers: the adviser sees only their own broker's)."""
    return ServiceAccount.broker_user_id.in_(
        select(BrokerUser.id).where(BrokerUser.broker_id == broker_id)
    )


def served_accounts(
    session: Session, *, broker_id: int, po_code: str | None
) -> list[ServedAccountOut]:
    codes = strategies_of(session, broker_id, po_code)
    rows = session.execute(
        select(ServiceAccount, Account)
        .join(Account, Account.id == ServiceAccount.account_id)
        .where(ServiceAccount.po_code.in_(codes), _customer_of(broker_id))
        .order_by(ServiceAccount.id)
    ).all()
    out = []
    for sa, account in rows:
        adj = repo.open_adjustment(session, sa.id)
        out.append(
            ServedAccountOut(
                service_account_id=sa.id,
                customer_name=mask_name(account.name),
                po_code=sa.po_code,
                contract_status=sa.contract_status,
                total_asset=sum((h.market_value for h in repo.holdings(session, sa)), ZERO),
                adjustment_in_process=(
                    AdjustmentBriefOut(
                        adjustment_id=adj.id, status=adj.status, expire_time=adj.expire_at
                    )
                    if adj
                    else None
                ),
            )
        )
    return out


def fee_income(
    session: Session, *, broker_id: int, po_code: str | None, month: str | None
) -> FeeIncomeOut:
    codes = strategies_of(session, broker_id, po_code)
    rows = []
    for code in codes:
        fee_q = (
            select(AdvisoryFee)
            .join(ServiceAccount, ServiceAccount.id == AdvisoryFee.service_account_id)
            .where(ServiceAccount.po_code == code, _customer_of(broker_id))
        )
        fees = [
            f
            for f in session.scalars(fee_q).all()
            if month is None or f"{f.created_at:%Y-%m}" == month
        ]
        accrued = session.scalar(
            select(func.coalesce(func.sum(AdvisoryFeeAccrual.amount), 0))
            .join(ServiceAccount, ServiceAccount.id == AdvisoryFeeAccrual.service_account_id)
            .where(
                ServiceAccount.po_code == code,
                _customer_of(broker_id),
                AdvisoryFeeAccrual.fee_id.is_(None),
            )
        )
        rows.append(
            FeeIncomeRowOut(
                po_code=code,
                charged=sum((f.amount - f.refund_amount for f in fees), ZERO),
                paid=sum(
                    (f.amount - f.refund_amount for f in fees if f.status == FEE_SUCCESS), ZERO
                ),
                debt=sum((f.amount for f in fees if f.status == FEE_FAIL), ZERO),
                accrued=Decimal(accrued or 0),
            )
        )
    return FeeIncomeOut(
        total_charged=sum((r.charged for r in rows), ZERO),
        total_paid=sum((r.paid for r in rows), ZERO),
        total_debt=sum((r.debt for r in rows), ZERO),
        accrued_fee=sum((r.accrued for r in rows), ZERO),
        row_list=rows,
    )


def manual_fee(session: Session, *, broker_id: int, body: ManualFeeIn) -> AdvisoryFee:
    sa, s = served_account(session, broker_id, body.service_account_id)
    repo.require_in_force(sa)
    today = now().date()
    fee = AdvisoryFee(
        service_account_id=sa.id,
        broker_user_id=sa.broker_user_id,
        source=MANUAL,
        period_start=adviser_fees.period_start(today, s.charge_period),
        period_end=today,
        amount=body.amount,
        status=FEE_PROCESSING,
        reason=body.reason,
    )
    session.add(fee)
    session.flush()
    if not pay_from_wallet(session, fee, sa):
        fee.status = FEE_FAIL
    session.flush()
    return fee


def adviser_by_login(session: Session, *, broker_id: int, login: str) -> int:
    """The id of an active adviser of the broker (the CLI's ``--operator``)."""
    row = session.scalar(
        select(Operator.id)
        .join(OperatorRole, OperatorRole.operator_id == Operator.id)
        .where(
            Operator.broker_id == broker_id,
            Operator.login == login,
            Operator.status == "active",
            OperatorRole.role == ROLE_ADVISER,
        )
    )
    if row is None:
        raise NotFound(f"投顾 {login} 不存在、已停用或不具备投顾角色")
    return int(row)
