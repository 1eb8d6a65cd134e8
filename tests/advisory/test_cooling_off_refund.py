"""Cooling-off unsign refunds a PERIOD fee already paid
(docs/advisory.md#contract-and-suitability): the W12's wallet shares come back, the fee reads
refunded (S), in the step that ends the unsign."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.models.advisory import PERIOD, AdvisoryFee, AdvisoryStrategy, ServiceAccount
from opentamp.models.holdings import Holding
from opentamp.models.products import Fund
from tests.advisory.conftest import Calls, World, freeze, run_day
from tests.trading.conftest import PASSWORD


def wallet_shares(session: Session, fa_id: int, wallet: Fund) -> Decimal:
    session.expire_all()
    h = session.scalar(
        select(Holding).where(
            Holding.financial_account_id == fa_id, Holding.fund_code == wallet.code
        )
    )
    return h.shares if h is not None else Decimal("0.00")


def test_a_paid_period_fee_is_refunded_on_a_cooling_off_unsign(
    session: Session, calls: Calls, world: World, wallet_fund: Fund
) -> None:
    s = session.get(AdvisoryStrategy, world.half.code)
    assert s is not None
    s.cooling_off_hours, s.charge_period = 24 * 10, "D"
    freeze("2026-11-02 09:00")
    sa_id = calls.sign(world.half.code)
    calls.deposit(sa_id, "2000.00")
    for d in (2, 3, 4, 5):
        run_day(session, world, date(2026, 11, d))
    sa = session.get(ServiceAccount, sa_id)
    assert sa is not None and sa.financial_account_id is not None
    paid = session.scalars(
        select(AdvisoryFee).where(
            AdvisoryFee.service_account_id == sa_id, AdvisoryFee.source == PERIOD
        )
    ).all()
    assert paid and all(f.status == "S" and f.order_id is not None for f in paid)
    assert all(f.refund_amount == 0 for f in paid)
    total = sum((f.amount for f in paid), Decimal("0"))
    assert total > 0
    freeze("2026-11-06 09:30")  # within the 10 days
    out = calls.post(
        "/serviceAccount/contract/unsign",
        {"serviceAccountId": sa_id, "tradePassword": PASSWORD, "tradeUUID": calls.uuid()},
    )["data"]
    assert out["isCoolingOff"] is True
    before = wallet_shares(session, sa.financial_account_id, wallet_fund)
    day = date(2026, 11, 6)
    while session.get(ServiceAccount, sa_id).contract_status != 3:  # type: ignore[union-attr]
        before = wallet_shares(session, sa.financial_account_id, wallet_fund)
        run_day(session, world, day)
        day = date(2026, 11, day.day + 1)
        assert day.day < 15
    session.expire_all()
    for f in paid:
        session.refresh(f)
        assert (f.refund_amount, f.refund_status) == (f.amount, "S")
    # the last day's step gave the paid fees back to the wallet (with the sale's cash)
    after = wallet_shares(session, sa.financial_account_id, wallet_fund)
    assert after - before >= total
