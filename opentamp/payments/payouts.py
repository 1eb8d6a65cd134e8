"""Card payouts of redemptions (docs/trading.md "Payouts").

Settlement confirms a redemption bound for a bank card and records its ``arrival_date``
(T+redeem_settle_days); the daily payout step (``payments.jobs``, after settlement) sends the
cash through the payment gateway on that day:

- **Due**: confirmed 024 redemptions, W02 wallet withdrawals and 143 cash dividends (to the
  account's latest bound card, on the dividend's pay date) with ``redeem_to`` card, a
  positive net amount and ``arrival_date`` ≤ D, without a payout record (a redemption confirmed
  late, after its arrival date, is paid on the day it is confirmed); plus the records that
  failed on an earlier day. W03 fast withdrawals are paid when they are placed
  (:func:`record_fast_payout` keeps their record), not here.
- **Once**: each order has at most one ``card_payout`` row (``order_id`` unique) and the gateway
  is called with the order number, its idempotency key: the step runs inside the day's
  transaction, so if that transaction is rolled back after the bank accepted a payout, the
  next run asks again and the bank answers the same payout.
- **A task each**: the step writes the day's payout records and defers one
  ``payments.payout`` task per record, keyed by the record and the day
  (docs/scale.md#tasks). On SQLite the task runs at once, inside the day's transaction; on
  PostgreSQL it is queued in that transaction and a worker calls the gateway. The task is
  idempotent: a record already sent, or already tried that day, is left alone. An error
  reaching the gateway (not a refusal) fails the task, which is retried with backoff.
- **Failures**: a refused payout is recorded (``failed``, the attempt counted, the bank's
  reason kept) and tried again on the next trading day's run, never twice on one day (running
  D again changes nothing). The third refusal sends the cash to the user's wallet instead:
  wallet shares 1:1 on D, credited by settlement's one wallet-credit statement, and the record
  says ``wallet``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import cast

from sqlalchemy import exists, func, select
from sqlalchemy.orm import Session

from opentamp.core.events import REDEMPTION_PAID, event_moment, record_event
from opentamp.core.tasks import defer, runner, task
from opentamp.kit.clock import BEIJING
from opentamp.models.accounts import PaymentMethod
from opentamp.models.auth import BrokerUser
from opentamp.models.orders import DIVIDEND, REDEEM, WALLET_WITHDRAW, TradeOrder
from opentamp.models.payouts import (
    FAILED,
    MAX_ATTEMPTS,
    SENT,
    TO_WALLET,
    CardPayout,
    PayoutStatus,
)
from opentamp.outside.payment import payment_gateway
from opentamp.settlement.api import credit_wallet

#: Redemptions whose cash the payout step sends (W03 fast withdrawals pay out at once).
PAYOUT_CODES = (REDEEM, WALLET_WITHDRAW, DIVIDEND)
CONFIRMED = ("2", "W2")
TO_CARD = "card"


@dataclass(frozen=True)
class PayoutReport:
    sent: int = 0
    failed: int = 0
    to_wallet: int = 0
    #: Payouts handed to the queue (PostgreSQL), whose outcome the worker records.
    queued: int = 0


def payouts_due(session: Session, *, day: date) -> list[TradeOrder]:
    """Confirmed card-bound redemptions due by ``day`` that no payout record covers yet."""
    return list(
        session.scalars(
            select(TradeOrder)
            .where(
                TradeOrder.order_code.in_(PAYOUT_CODES),
                TradeOrder.confirm_status.in_(CONFIRMED),
                TradeOrder.redeem_to == TO_CARD,
                TradeOrder.arrival_date <= day,
                TradeOrder.net_amount > 0,
                TradeOrder.payment_method_id.is_not(None),
                ~exists().where(CardPayout.order_id == TradeOrder.id),
            )
            .order_by(TradeOrder.id)
        )
    )


def _retries_due(session: Session, day: date) -> list[tuple[CardPayout, TradeOrder]]:
    rows = session.execute(
        select(CardPayout, TradeOrder)
        .join(TradeOrder, TradeOrder.id == CardPayout.order_id)
        .where(CardPayout.status == FAILED, CardPayout.last_attempt_date < day)
        .order_by(CardPayout.id)
    )
    return [(p, o) for p, o in rows]


def _attempt(session: Session, payout: CardPayout, order: TradeOrder, day: date) -> None:
    card = session.get(PaymentMethod, payout.payment_method_id)
    assert card is not None
    result = payment_gateway().payout(
        token=card.gateway_token, amount=payout.amount, order_no=order.broker_order_no
    )
    payout.attempts += 1
    payout.last_attempt_date = day
    if result.ok:
        payout.status = SENT
        payout.reference = result.reference
        payout.fail_reason = ""
        payout.settled_date = day
        _record_paid(session, order, card, payout.amount, day, event_moment(day))
        return
    payout.fail_reason = result.reason or "银行未返回原因"
    if payout.attempts >= MAX_ATTEMPTS:
        payout.status = TO_WALLET
        payout.settled_date = day
    else:
        payout.status = FAILED


def _record_paid(
    session: Session,
    order: TradeOrder,
    card: PaymentMethod,
    amount: Decimal,
    day: date,
    at: datetime | None = None,
) -> None:
    """The outbox event of money paid out to the card (docs/notices.md#the-events), at ``at``
    (a payout of the pipeline's day D is never stamped before D, when ``market advance`` runs
    D with the clock still on the day before), else now (a fast withdrawal, paid when placed)."""
    user = session.get(BrokerUser, order.broker_user_id)
    assert user is not None
    record_event(
        session,
        kind=REDEMPTION_PAID,
        key=order.broker_order_no,
        broker_id=user.broker_id,
        broker_user_id=order.broker_user_id,
        ref=order.broker_order_no,
        subject=f"尾号{card.card_tail}",
        amount=amount,
        detail=order.order_code,
        occurred_on=day,
        at=at,
    )


def _credit_to_wallet(session: Session, order_ids: Iterable[int], day: date) -> None:
    """The cash of payouts refused ``MAX_ATTEMPTS`` times, as wallet shares on ``day``."""
    ids = list(order_ids)
    if not ids:
        return
    o = TradeOrder
    credits = (
        select(
            o.financial_account_id,
            func.min(o.broker_user_id).label("broker_user_id"),
            func.min(o.account_id).label("account_id"),
            func.sum(CardPayout.amount).label("amount"),
        )
        .join(CardPayout, CardPayout.order_id == o.id)
        .where(o.id.in_(ids))
        .group_by(o.financial_account_id)
        .subquery()
    )
    credit_wallet(session, credits, day)


def pay_out(session: Session, *, day: date) -> PayoutReport:
    """Write day D's payout records and defer a payout task for each, with the failed ones
    due again (module docstring)."""
    work: list[tuple[CardPayout, TradeOrder]] = _retries_due(session, day)
    for order in payouts_due(session, day=day):
        assert order.arrival_date is not None and order.payment_method_id is not None
        payout = CardPayout(
            order_id=order.id,
            broker_user_id=order.broker_user_id,
            payment_method_id=order.payment_method_id,
            amount=order.net_amount,
            status=FAILED,
            attempts=0,
            due_date=order.arrival_date,
            last_attempt_date=day,
        )
        session.add(payout)
        work.append((payout, order))
    session.flush()
    for payout, _ in work:
        defer(
            session,
            send_payout,
            key=f"payments.payout:{payout.id}:{day.isoformat()}",
            payout_id=payout.id,
            day=day.isoformat(),
        )
    if runner() == "queue":
        return PayoutReport(queued=len(work))
    statuses = payout_statuses(session, [o.id for _, o in work])
    return PayoutReport(
        sent=sum(1 for s in statuses.values() if s == SENT),
        failed=sum(1 for s in statuses.values() if s == FAILED),
        to_wallet=sum(1 for s in statuses.values() if s == TO_WALLET),
    )


def attempt_payout(session: Session, *, payout_id: int, day: date) -> None:
    """One payout record's attempt on ``day``, unless it was sent or already tried that day."""
    payout = session.get(CardPayout, payout_id, with_for_update=True, populate_existing=True)
    if payout is None or payout.status != FAILED:
        return
    if payout.attempts > 0 and payout.last_attempt_date >= day:
        return
    order = session.get(TradeOrder, payout.order_id)
    assert order is not None
    _attempt(session, payout, order, day)
    session.flush()
    if payout.status == TO_WALLET:
        _credit_to_wallet(session, [order.id], day)


@task("payments.payout", attempts=5, backoff_seconds=4)
def send_payout(session: Session, *, payout_id: int, day: str) -> None:
    attempt_payout(session, payout_id=payout_id, day=date.fromisoformat(day))


def record_fast_payout(session: Session, *, order: TradeOrder, reference: str) -> None:
    """A W03 fast withdrawal is paid when placed: its payout is recorded as sent that day."""
    assert order.payment_method_id is not None
    day = order.apply_time.astimezone(BEIJING).date()
    session.add(
        CardPayout(
            order_id=order.id,
            broker_user_id=order.broker_user_id,
            payment_method_id=order.payment_method_id,
            amount=order.net_amount,
            status=SENT,
            reference=reference,
            attempts=1,
            due_date=day,
            last_attempt_date=day,
            settled_date=day,
        )
    )
    session.flush()
    card = session.get(PaymentMethod, order.payment_method_id)
    assert card is not None
    _record_paid(session, order, card, order.net_amount, day)


def payout_statuses(session: Session, order_ids: Iterable[int]) -> dict[int, PayoutStatus]:
    """Order id → its payout's status (sent, failed, wallet), for the orders that have one."""
    ids = list(order_ids)
    if not ids:
        return {}
    rows = session.execute(
        select(CardPayout.order_id, CardPayout.status).where(CardPayout.order_id.in_(ids))
    )
    return {order_id: cast(PayoutStatus, status) for order_id, status in rows}
