"""Transfer of outside holdings into a service account (转入, docs/advisory.md): the caller's
direct holdings of the strategy's component funds, outside service accounts, move in as the
strategy's components (shares, cost and lots kept) on the next pipeline day."""

from __future__ import annotations

from decimal import Decimal

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from opentamp.advisory import repository as repo
from opentamp.advisory.errors import TransferEmpty, TransferNotCancellable
from opentamp.advisory.schemas import (
    ServiceTransferItemOut,
    TransferConfirmIn,
    TransferIn,
    TransferOut,
    TransferPreviewOut,
)
from opentamp.errors import NotFound
from opentamp.kit.clock import now
from opentamp.models.accounts import FinancialAccount
from opentamp.models.advisory import (
    IN_FORCE,
    TRANSFER_APPLYING,
    TRANSFER_CLOSED,
    TRANSFER_COMPLETE,
    AdvisoryTransfer,
    ServiceAccount,
)
from opentamp.models.auth import BrokerUser
from opentamp.models.holdings import Holding, HoldingLot
from opentamp.trading import api as trading_api


def _candidates(session: Session, sa: ServiceAccount) -> list[tuple[Holding, FinancialAccount]]:
    model = repo.model_weights(session, sa.po_code)
    service_fas = select(ServiceAccount.financial_account_id).where(
        ServiceAccount.financial_account_id.is_not(None)
    )
    rows = session.execute(
        select(Holding, FinancialAccount)
        .join(FinancialAccount, FinancialAccount.id == Holding.financial_account_id)
        .where(
            Holding.broker_user_id == sa.broker_user_id,
            Holding.portfolio_code == "",
            Holding.fund_code.in_(list(model)),
            Holding.shares > 0,
            Holding.frozen_shares == 0,
            FinancialAccount.id.not_in(service_fas),
        )
        .order_by(FinancialAccount.sort_order, Holding.fund_code)
    ).all()
    return [(h, fa) for h, fa in rows]


def preview(session: Session, *, user: BrokerUser, service_account_id: int) -> TransferPreviewOut:
    sa = repo.active_account(session, user, service_account_id)
    rows = _candidates(session, sa)
    funds = repo.funds(session, [h.fund_code for h, _ in rows])
    return TransferPreviewOut(
        item_list=[
            ServiceTransferItemOut(
                financial_account_id=fa.id,
                financial_account_name=fa.name,
                fund_code=h.fund_code,
                fund_name=funds[h.fund_code].short_name,
                shares=h.shares,
                market_value=h.market_value,
            )
            for h, fa in rows
        ]
    )


def confirm(session: Session, *, user: BrokerUser, body: TransferConfirmIn) -> TransferOut:
    sa = repo.active_account(session, user, body.service_account_id)
    trading_api.verified_account(session, user, body.trade_password)
    allowed = {(fa.id, h.fund_code) for h, fa in _candidates(session, sa)}
    items = [(i.financial_account_id, i.fund_code) for i in body.item_list]
    if not items:
        raise TransferEmpty()
    if any(i not in allowed for i in items):
        raise NotFound()
    t = AdvisoryTransfer(
        service_account_id=sa.id,
        broker_user_id=user.id,
        items=[{"financialAccountId": a, "fundCode": c} for a, c in dict.fromkeys(items)],
    )
    session.add(t)
    session.flush()
    return TransferOut(transfer_id=t.id, status=t.status)


def cancel(session: Session, *, user: BrokerUser, body: TransferIn) -> TransferOut:
    t = session.get(AdvisoryTransfer, body.transfer_id)
    if t is None or t.broker_user_id != user.id:
        raise NotFound()
    if t.status != TRANSFER_APPLYING:
        raise TransferNotCancellable()
    t.status = TRANSFER_CLOSED
    session.flush()
    return TransferOut(transfer_id=t.id, status=t.status)


def move_in(session: Session) -> int:
    """Order 18: applying transfers move their holdings in (a holding no longer movable, or an
    account no longer in force, closes the transfer)."""
    n = 0
    for t in session.scalars(
        select(AdvisoryTransfer).where(AdvisoryTransfer.status == TRANSFER_APPLYING)
    ).all():
        sa = session.get(ServiceAccount, t.service_account_id)
        assert sa is not None
        if sa.contract_status != IN_FORCE or sa.financial_account_id is None:
            t.status = TRANSFER_CLOSED
            continue
        for item in t.items:
            _move(session, sa, int(item["financialAccountId"]), str(item["fundCode"]))
        t.status, t.done_at = TRANSFER_COMPLETE, now()
        n += 1
    session.flush()
    return n


def _move(session: Session, sa: ServiceAccount, fa_id: int, fund_code: str) -> None:
    assert sa.financial_account_id is not None
    src = trading_api.holding(session, financial_account_id=fa_id, fund_code=fund_code, lock=True)
    if src is None or src.shares <= 0 or src.frozen_shares > 0:
        return
    dst = trading_api.holding(
        session,
        financial_account_id=sa.financial_account_id,
        fund_code=fund_code,
        portfolio_code=sa.po_code,
        lock=True,
    )
    if dst is None:
        # The whole holding moves: it becomes the strategy's component in the service account.
        src.financial_account_id = sa.financial_account_id
        src.portfolio_code = sa.po_code
        session.flush()
        return
    session.execute(
        update(HoldingLot).where(HoldingLot.holding_id == src.id).values(holding_id=dst.id)
    )
    for name in ("shares", "cost", "paid_in", "redeemed_net", "cash_dividends", "market_value",
                 "holding_profit", "accumulated_profit", "previous_profit"):  # fmt: skip
        setattr(dst, name, getattr(dst, name) + getattr(src, name))
        setattr(src, name, Decimal("0"))
    src.status = "cleared"
    session.flush()
