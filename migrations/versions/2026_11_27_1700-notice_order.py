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

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "9a4c2e7b1d60"
down_revision: str | None = "8e1f4a6c2d35"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("notice", schema=None) as batch_op:
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


def downgrade() -> None:
    with op.batch_alter_table("notice", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("uq_notice_event_id_order_id"), type_="unique")
        batch_op.create_unique_constraint(batch_op.f("uq_notice_event_id"), ["event_id"])
        batch_op.drop_column("order_id")
