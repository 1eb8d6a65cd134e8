"""The migrations build exactly the schema the models describe, and can be undone."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Engine, inspect, select, text
from sqlalchemy.orm import Session

from opentamp.core import events
from opentamp.db import Base
from opentamp.migrate import alembic_config, upgrade
from opentamp.models.notices import Notice, NoticeRead, OutboxEvent
from opentamp.models.orders import TradeOrder
from opentamp.notices.service import deliver
from tests.factories import make_fund
from tests.settlement.helpers import investor, navs, purchase, settle


def test_models_and_migrations_agree(engine: Engine) -> None:
    with engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True})
        diff = compare_metadata(context, Base.metadata)
    assert diff == [], f"models differ from migrations; write a migration: {diff}"


def test_downgrade_to_base_and_back(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from opentamp.db import make_engine

    engine = make_engine(f"sqlite:///{tmp_path / 'm.db'}")
    with engine.begin() as conn:
        upgrade(conn)
        command.downgrade(alembic_config(conn), "base")
        assert set(inspect(conn).get_table_names()) <= {"alembic_version"}
        upgrade(conn)
        assert "broker_user" in inspect(conn).get_table_names()
    engine.dispose()


def test_downgrade_of_the_notices_of_orders(session: Session) -> None:
    """Back before 2026-11-27 (one notice per event): each order of a user's day gets its own
    event again, with its notice and its read mark (one still to deliver when its day was);
    the days go. An order told twice (its own event and its day, before delivery made one of
    them) keeps the notice of its own event."""
    fa = investor(session)
    monday, tuesday, wednesday = date(2026, 11, 16), date(2026, 11, 17), date(2026, 11, 18)
    for fund, on in ((make_fund(session), monday), (make_fund(session), monday),
                     (make_fund(session), tuesday), (make_fund(session), tuesday)):  # fmt: skip
        navs(session, fund, {on: "1.0000", on + timedelta(days=1): "1.0000"})
        purchase(
            session, fa, fund, amount="1000.00", fee="14.78", net="985.22", rate="0.015",
            trade_date=on, confirm_date=on + timedelta(days=1),
        )  # fmt: skip
    settle(session, tuesday)
    deliver(session)
    settle(session, wednesday)  # its day not delivered
    first, second, third, fourth = session.scalars(select(TradeOrder).order_by(TradeOrder.id))
    read = session.scalars(select(Notice).where(Notice.order_id == second.id)).one()
    session.add(NoticeRead(notice_id=read.id, broker_user_id=fa.broker_user_id))
    # told twice: the first order's own event of before, and its notice
    told = session.scalars(select(Notice).where(Notice.order_id == first.id)).one()
    own = OutboxEvent(
        key=f"{events.ORDER_CONFIRMED}:{first.broker_order_no}", kind=events.ORDER_CONFIRMED,
        broker_id=told.broker_id, broker_user_id=fa.broker_user_id, ref=first.broker_order_no,
        occurred_on=tuesday, delivered_at=told.created_at,
    )  # fmt: skip
    session.add(own)
    session.flush()
    session.add(Notice(event_id=own.id, order_id=0, broker_id=told.broker_id,
                       broker_user_id=fa.broker_user_id, category=told.category,
                       kind=events.ORDER_CONFIRMED, must_confirm=False))  # fmt: skip
    session.flush()

    conn = session.connection()
    command.downgrade(alembic_config(conn), "8e1f4a6c2d35")
    e = OutboxEvent
    rows = conn.execute(
        select(e.key, e.kind, e.ref, e.amount, e.detail, e.occurred_on, e.delivered_at)
    ).all()
    told: dict[str, str] = {  # each event's notices: "how many,read"
        key: notices
        for key, notices in conn.execute(
            text(
                "SELECT e.key, COUNT(n.id) || ',' || COUNT(r.notice_id) FROM outbox_event e"
                " LEFT JOIN notice n ON n.event_id = e.id"
                " LEFT JOIN notice_read r ON r.notice_id = n.id GROUP BY e.key"
            )
        )
    }
    got = [(*row[:6], row[6] is not None, told[row[0]]) for row in rows]
    expected = [
        (f"order.confirmed:{order.broker_order_no}", "order.confirmed", order.broker_order_no,
         Decimal("985.22"), "022|", day, day == tuesday,
         "1,1" if order is second else "1,0" if day == tuesday else "0,0")
        for order, day in ((first, tuesday), (second, tuesday), (third, wednesday),
                           (fourth, wednesday))
    ]  # fmt: skip
    expected[0] = (*expected[0][:3], None, "", tuesday, True, "1,0")  # as it was recorded
    assert sorted(got) == sorted(expected)
    assert "order_id" not in {c["name"] for c in inspect(conn).get_columns("notice")}
    upgrade(conn)
