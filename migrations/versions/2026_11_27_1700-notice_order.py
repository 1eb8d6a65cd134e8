"""a notice per order of a user's day of finished orders

Settlement records one event per user and day for the orders finished that day
(``orders.finished:<user id>:<day>``) instead of one per order; delivery makes one notice per
order of it, which names its order in ``notice.order_id`` (0 for the one notice of any other
event), so ``(event_id, order_id)`` is unique instead of ``event_id``
(docs/notices.md#delivery). The notices and events of before keep their one notice each
(``order_id`` 0) and read as before, from their event.

Revision ID: 9a4c2e7b1d60
Revises: 8e1f4a6c2d35
Created: 2026-11-27 17:00:00+08:00
"""

from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import sqlalchemy as sa
from alembic import op

revision: str = "9a4c2e7b1d60"
down_revision: str | None = "8e1f4a6c2d35"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


@contextmanager
def _notice_rebuilt() -> Iterator[None]:
    """On SQLite the table ``notice`` is built again (batch mode), and dropping the old one
    with read marks pointing at it breaks their foreign key: the marks wait aside meanwhile."""
    sqlite = op.get_bind().dialect.name == "sqlite"
    if sqlite:
        op.execute("CREATE TABLE _notice_read_kept AS SELECT * FROM notice_read")
        op.execute("DELETE FROM notice_read")
    yield
    if sqlite:
        op.execute("INSERT INTO notice_read SELECT * FROM _notice_read_kept")
        op.execute("DROP TABLE _notice_read_kept")


def upgrade() -> None:
    with _notice_rebuilt(), op.batch_alter_table("notice", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column(
                "order_id",
                sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
                server_default="0",
                nullable=False,
            )
        )
        batch_op.drop_constraint("uq_notice_event_id", type_="unique")
        batch_op.create_unique_constraint(
            batch_op.f("uq_notice_event_id_order_id"), ["event_id", "order_id"]
        )


#: What made an order's notice before (frozen here as they stood: core/finished_orders.py).
_NOTIFIED_CODES = ("020", "022", "039", "024", "036", "P02", "P03", "P04", "W01", "W02", "W04",
                   "W11")  # fmt: skip
_DONE = ("2", "W2", "P2", "P4")
_FAILED = ("1", "W1", "P3")


def _listed(values: tuple[str, ...]) -> str:
    return ", ".join(f"'{v}'" for v in values)


#: The kind of an order's (``o``) own event, by its status.
_KIND = f"""CASE WHEN o.confirm_status IN ({_listed(_DONE)}) THEN 'order.confirmed'
    ELSE 'order.failed' END"""
#: The keys an order's (``o``) own event could have.
_OWN_KEYS = "('order.confirmed:' || o.broker_order_no, 'order.failed:' || o.broker_order_no)"
#: An order (``o``) with an event of its own already.
_HAS_OWN_EVENT = f"EXISTS (SELECT 1 FROM outbox_event x WHERE x.key IN {_OWN_KEYS})"
#: The own event of an order (``e``: the user's day it was told by, ``o`` the order, ``kind``
#: its kind), as settlement recorded it before: its number, the fund's or portfolio's name, the
#: confirmed amount or the amount paid, ``<order code>|<fail reason>``; delivered when the day was.
_OWN_EVENT = f"""INSERT INTO outbox_event (key, kind, broker_id, broker_user_id, ref, subject,
        amount, detail, occurred_on, created_at, delivered_at)
    SELECT {{kind}} || ':' || o.broker_order_no, {{kind}}, e.broker_id, e.broker_user_id,
        o.broker_order_no, SUBSTR(COALESCE(f.name, p.name, o.fund_code), 1, 128),
        CASE WHEN o.confirm_status IN ({_listed(_DONE)}) THEN o.confirmed_amount
            ELSE o.trade_amount END,
        o.order_code || '|' || o.fail_reason, e.occurred_on, e.created_at, e.delivered_at
    FROM outbox_event e
    {{orders}}
    LEFT JOIN fund f ON f.code = o.fund_code AND o.portfolio_code = ''
    LEFT JOIN portfolio p ON p.code = o.portfolio_code AND o.fund_code = ''
    WHERE e.kind = 'orders.finished' AND NOT {_HAS_OWN_EVENT}"""
#: A notice of an order told by its day (``n``) whose order has its notice from an event of its
#: own already.
_TOLD_TWICE = f"""SELECT n.id FROM notice n
    JOIN trade_order o ON o.id = n.order_id
    JOIN outbox_event x ON x.key IN {_OWN_KEYS}
    JOIN notice m ON m.event_id = x.id
    WHERE n.order_id <> 0"""


def downgrade() -> None:
    """Back to one event per order: each order of a user's day gets the event of its own it
    had before (delivered when the day was), its notice moves to that event, and the days go.
    A notice of an order told twice (its own event and its day) keeps its own event's."""
    for orders, kind in (
        # the orders the day's notices name
        ("JOIN notice n ON n.event_id = e.id AND n.order_id <> 0 "
         "JOIN trade_order o ON o.id = n.order_id", "n.kind"),
        # the orders of a day not yet delivered
        ("JOIN trade_order o ON o.broker_user_id = e.broker_user_id "
         "AND o.confirmed_at = e.occurred_on AND o.parent_id IS NULL "
         f"AND o.order_code IN ({_listed(_NOTIFIED_CODES)}) "
         f"AND o.confirm_status IN ({_listed(_DONE + _FAILED)}) AND e.delivered_at IS NULL",
         _KIND),
    ):  # fmt: skip
        op.execute(_OWN_EVENT.format(orders=orders, kind=kind))
    op.execute(f"DELETE FROM notice_read WHERE notice_id IN ({_TOLD_TWICE})")
    op.execute(f"DELETE FROM notice WHERE id IN ({_TOLD_TWICE})")
    op.execute(
        f"""UPDATE notice SET event_id = (
            SELECT MIN(x.id) FROM outbox_event x JOIN trade_order o ON x.key IN {_OWN_KEYS}
            WHERE o.id = notice.order_id)
        WHERE order_id <> 0"""
    )
    op.execute("DELETE FROM outbox_event WHERE kind = 'orders.finished'")
    with _notice_rebuilt(), op.batch_alter_table("notice", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("uq_notice_event_id_order_id"), type_="unique")
        batch_op.create_unique_constraint(batch_op.f("uq_notice_event_id"), ["event_id"])
        batch_op.drop_column("order_id")
