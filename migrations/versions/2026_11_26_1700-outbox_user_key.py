"""the outbox without a foreign key on its copied user column

``outbox_event.broker_user_id`` copies the user of the row that caused the event (an order, a
plan, a payout…), which has its own foreign key, and the notice made from the event has one
too. Settlement writes an event per finished order, and the key was one more lookup per row
(docs/trading.md#settlement-at-scale). The test suite checks that every event names a user
who exists, and an order's event the order's user.

Revision ID: 7d3b1f6a2c58
Revises: 5c2a9e4f7b13
Created: 2026-11-26 17:00:00+08:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "7d3b1f6a2c58"
down_revision: str | None = "5c2a9e4f7b13"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

NAME = "fk_outbox_event_broker_user_id_broker_user"


def upgrade() -> None:
    with op.batch_alter_table("outbox_event", schema=None) as batch_op:
        batch_op.drop_constraint(NAME, type_="foreignkey")


def downgrade() -> None:
    with op.batch_alter_table("outbox_event", schema=None) as batch_op:
        batch_op.create_foreign_key(NAME, "broker_user", ["broker_user_id"], ["id"])
