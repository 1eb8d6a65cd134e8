"""card payouts: one record per redemption paid out to a bank card (card_payout)

Revision ID: 51e4b52bbb6d
Revises: d2f6fac53197
Created: 2026-11-22 15:23:27.945866+08:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import opentamp.db
import opentamp.kit.money

revision: str = "51e4b52bbb6d"
down_revision: str | None = "d2f6fac53197"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "card_payout",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("order_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column(
            "broker_user_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False
        ),
        sa.Column(
            "payment_method_id",
            sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
            nullable=False,
        ),
        sa.Column("amount", opentamp.kit.money.ExactDecimal(2, precision=20), nullable=False),
        sa.Column("status", sa.String(length=8), nullable=False),
        sa.Column("reference", sa.String(length=64), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("fail_reason", sa.Text(), nullable=False),
        sa.Column("due_date", sa.Date(), nullable=False),
        sa.Column("last_attempt_date", sa.Date(), nullable=False),
        sa.Column("settled_date", sa.Date(), nullable=True),
        sa.Column("created_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "status IN ('sent', 'failed', 'wallet')", name=op.f("ck_card_payout_status")
        ),
        sa.CheckConstraint("amount > 0", name=op.f("ck_card_payout_amount_positive")),
        sa.ForeignKeyConstraint(
            ["broker_user_id"],
            ["broker_user.id"],
            name=op.f("fk_card_payout_broker_user_id_broker_user"),
        ),
        sa.ForeignKeyConstraint(
            ["order_id"], ["trade_order.id"], name=op.f("fk_card_payout_order_id_trade_order")
        ),
        sa.ForeignKeyConstraint(
            ["payment_method_id"],
            ["payment_method.id"],
            name=op.f("fk_card_payout_payment_method_id_payment_method"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_card_payout")),
        sa.UniqueConstraint("order_id", name=op.f("uq_card_payout_order_id")),
    )
    with op.batch_alter_table("card_payout", schema=None) as batch_op:
        batch_op.create_index(
            "ix_card_payout_status_attempt", ["status", "last_attempt_date"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("card_payout", schema=None) as batch_op:
        batch_op.drop_index("ix_card_payout_status_attempt")

    op.drop_table("card_payout")
