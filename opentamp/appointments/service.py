"""Redemption appointments (预约赎回) and saved trade forms (docs/appointments.md).

A fund with fixed open periods (定期开放) redeems only within them. A holder books a
redemption for the next open day (the first trading day of the next open period that starts
after today); the shares stay theirs until that day, when the daily step
``appointments.place_due`` places the 024 redemption at 09:30 through the ordinary redemption
path. A booking may be cancelled until then.

A trade form may be kept on the server between the form and its confirmation step
(saveTemporary): verifyTemporary gives it back to its owner within 30 minutes.
"""

from __future__ import annotations

import secrets
from datetime import date, datetime, time, timedelta
from decimal import Decimal

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from opentamp.appointments.errors import (
    AppointmentNotCancellable,
    AppointmentNotFound,
    AppointmentSharesExceeded,
    NoOpenPeriod,
    TemporaryExpired,
    TemporaryNotFound,
)
from opentamp.appointments.schemas import (
    AppointableFundOut,
    AppointmentCreateIn,
    AppointmentListOut,
    AppointmentOut,
    OpenPeriodOut,
    TemporaryOut,
    TemporarySaveIn,
)
from opentamp.core.calendar import get_calendar
from opentamp.core.idempotency import run_once
from opentamp.kit.clock import BEIJING, now
from opentamp.kit.money import shares_text
from opentamp.kit.ownership import owned
from opentamp.models.accounts import FinancialAccount
from opentamp.models.appointments import (
    BOOKED,
    CANCELLED,
    FAILED,
    PLACED,
    FundOpenPeriod,
    RedeemAppointment,
    TradeTemporary,
)
from opentamp.models.auth import BrokerUser
from opentamp.models.holdings import Holding
from opentamp.models.orders import PAY_CARD, TradeOrder
from opentamp.models.products import Fund
from opentamp.trading import api as trading

ZERO = Decimal("0.00")
STATUS_NAMES = {BOOKED: "已预约", PLACED: "已提交赎回", CANCELLED: "已撤销", FAILED: "赎回失败"}
#: Booked redemptions are placed at 09:30 of the open day, so priced at its NAV.
PLACE_TIME = time(9, 30)
TEMPORARY_TTL = timedelta(minutes=30)


def open_periods(session: Session, fund_code: str) -> list[FundOpenPeriod]:
    return list(
        session.scalars(
            select(FundOpenPeriod)
            .where(FundOpenPeriod.fund_code == fund_code)
            .order_by(FundOpenPeriod.start_date)
        )
    )


def next_open_date(periods: list[FundOpenPeriod], today: date) -> date | None:
    """The first trading day of the first open period starting after ``today``."""
    calendar = get_calendar()
    for p in periods:
        if p.start_date > today:
            day = calendar.trading_day_on_or_after(p.start_date)
            if day <= p.end_date:
                return day
    return None


def _booked(session: Session, fa_id: int, fund_code: str) -> Decimal:
    a = RedeemAppointment
    total = session.scalar(
        select(func.coalesce(func.sum(a.shares), 0)).where(
            a.financial_account_id == fa_id, a.fund_code == fund_code, a.status == BOOKED
        )
    )
    return Decimal(total or 0).quantize(Decimal("0.01"))


def _out(session: Session, a: RedeemAppointment) -> AppointmentOut:
    fund = session.get(Fund, a.fund_code)
    order = session.get(TradeOrder, a.order_id) if a.order_id else None
    return AppointmentOut(
        appointment_id=a.id,
        financial_account_id=a.financial_account_id,
        fund_code=a.fund_code,
        fund_name=fund.name if fund else a.fund_code,
        shares=a.shares,
        redeem_to=a.redeem_to,
        open_date=a.open_date,
        status=a.status,
        status_name=STATUS_NAMES[a.status],
        order_no=order.broker_order_no if order else None,
        fail_reason=a.fail_reason,
        created_at=a.created_at,
    )


def create(session: Session, *, user: BrokerUser, body: AppointmentCreateIn) -> AppointmentOut:
    """POST /trade/redeemAppointment/create."""
    fa = trading.financial_account_of(session, user, body.financial_account_id)
    account = trading.verified_account(session, user, body.trade_password)

    def book() -> AppointmentOut:
        fund = trading.tradable_fund(session, body.fund_code)
        day = next_open_date(open_periods(session, fund.code), now().date())
        if day is None:
            raise NoOpenPeriod()
        card = (
            trading.payout_card(session, user, account, body.payment_method_id)
            if body.redeem_to == PAY_CARD
            else None
        )
        holding = trading.holding(
            session, financial_account_id=fa.id, fund_code=fund.code, lock=True
        )
        if holding is None or holding.shares <= 0:
            raise trading.NoHolding()
        left = trading.available_shares(holding) - _booked(session, fa.id, fund.code)
        if body.shares > left:
            raise AppointmentSharesExceeded(available=shares_text(max(left, ZERO)))
        row = RedeemAppointment(
            broker_user_id=user.id,
            financial_account_id=fa.id,
            fund_code=fund.code,
            shares=body.shares,
            redeem_to=body.redeem_to,
            payment_method_id=card.id if card else None,
            open_date=day,
            status=BOOKED,
        )
        session.add(row)
        session.flush()
        return _out(session, row)

    return run_once(
        session, user_id=user.id, trade_uuid=body.trade_uuid, action="trade.redeemAppointment",
        request=body, schema=AppointmentOut, run=book,
    )  # fmt: skip


def cancel(session: Session, *, user: BrokerUser, appointment_id: int) -> AppointmentOut:
    """POST /trade/redeemAppointment/cancel: a booking not yet placed."""
    row = session.get(RedeemAppointment, appointment_id)
    if row is None or row.broker_user_id != user.id:
        raise AppointmentNotFound()
    if row.status != BOOKED:
        raise AppointmentNotCancellable(status=STATUS_NAMES[row.status])
    row.status = CANCELLED
    session.flush()
    return _out(session, row)


def listing(
    session: Session, *, user: BrokerUser, financial_account_id: int | None
) -> AppointmentListOut:
    """GET /trade/redeemAppointment/list: the caller's funds with fixed open periods (what
    may be booked, and when) and their bookings, newest first."""
    if financial_account_id is not None:
        owned(session, FinancialAccount, financial_account_id, owner_id=user.id)
    today = now().date()
    h = Holding
    query = (
        select(h)
        .where(
            h.broker_user_id == user.id,
            h.portfolio_code == "",
            h.shares > 0,
            h.fund_code.in_(select(FundOpenPeriod.fund_code)),
        )
        .order_by(h.fund_code, h.financial_account_id)
    )
    if financial_account_id is not None:
        query = query.where(h.financial_account_id == financial_account_id)
    funds: list[AppointableFundOut] = []
    for holding in session.scalars(query):
        fund = session.get(Fund, holding.fund_code)
        periods = open_periods(session, holding.fund_code)
        upcoming = [p for p in periods if p.end_date >= today]
        funds.append(
            AppointableFundOut(
                financial_account_id=holding.financial_account_id,
                fund_code=holding.fund_code,
                fund_name=fund.name if fund else holding.fund_code,
                available_shares=trading.available_shares(holding),
                booked_shares=_booked(session, holding.financial_account_id, holding.fund_code),
                next_open_date=next_open_date(periods, today),
                open_periods=[
                    OpenPeriodOut(start_date=p.start_date, end_date=p.end_date)
                    for p in upcoming[:3]
                ],
            )
        )
    a = RedeemAppointment
    rows = select(a).where(a.broker_user_id == user.id).order_by(a.id.desc())
    if financial_account_id is not None:
        rows = rows.where(a.financial_account_id == financial_account_id)
    return AppointmentListOut(
        funds=funds, appointments=[_out(session, r) for r in session.scalars(rows)]
    )


def place_due(session: Session, day: date) -> int:
    """The daily step: every booking due on ``day`` becomes a 024 redemption at 09:30 (or
    FAILED with the reason when the shares are no longer there)."""
    a = RedeemAppointment
    due = list(
        session.scalars(select(a).where(a.status == BOOKED, a.open_date <= day).order_by(a.id))
    )
    moment = datetime.combine(day, PLACE_TIME, tzinfo=BEIJING)
    placed = 0
    for row in due:
        user = session.get(BrokerUser, row.broker_user_id)
        fa = session.get(FinancialAccount, row.financial_account_id)
        fund = session.get(Fund, row.fund_code)
        assert user is not None and fa is not None and fund is not None
        holding = trading.holding(
            session, financial_account_id=fa.id, fund_code=fund.code, lock=True
        )
        available = trading.available_shares(holding) if holding is not None else ZERO
        if holding is None or row.shares > available:
            row.status, row.fail_reason = FAILED, "可赎回份额不足"
            continue
        card = None
        if row.payment_method_id is not None:
            card = trading.paying_card(session, user, row.payment_method_id)
        order = trading.redeem_child(
            session, user=user, fa=fa, holding=holding, fund=fund, shares=row.shares,
            moment=moment, redeem_to=row.redeem_to, card=card,
            order_no=f"{moment:%Y%m%d%H%M%S}A{row.id % 10**9:09d}",
        )  # fmt: skip
        order.ext_meta_info = {"redeemAppointmentId": row.id}
        row.status, row.order_id = PLACED, order.id
        placed += 1
    session.flush()
    return placed


def save_temporary(session: Session, *, user: BrokerUser, body: TemporarySaveIn) -> TemporaryOut:
    """POST /trade/saveTemporary: keep a trade form for its confirmation step."""
    row = TradeTemporary(
        id=secrets.token_hex(16),
        broker_user_id=user.id,
        trade_type=body.trade_type,
        payload=body.payload,
        expires_at=now() + TEMPORARY_TTL,
    )
    session.add(row)
    session.flush()
    return TemporaryOut(
        temporary_id=row.id, trade_type=row.trade_type, payload=row.payload,
        expires_at=row.expires_at,
    )  # fmt: skip


def verify_temporary(session: Session, *, user: BrokerUser, temporary_id: str) -> TemporaryOut:
    """POST /trade/verifyTemporary: the saved form, for its owner, until it expires."""
    row = session.get(TradeTemporary, temporary_id)
    if row is None or row.broker_user_id != user.id:
        raise TemporaryNotFound()
    moment = now()
    if row.expires_at <= moment:
        raise TemporaryExpired()
    row.verified_at = row.verified_at or moment
    session.flush()
    return TemporaryOut(
        temporary_id=row.id, trade_type=row.trade_type, payload=row.payload,
        expires_at=row.expires_at,
    )  # fmt: skip
