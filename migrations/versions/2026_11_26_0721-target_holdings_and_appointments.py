"""Target-strategy holdings, redemption appointments with fund open periods, saved trade forms

Revision ID: 4244bd3fb675
Revises: 19dee7f1f91d
Created: 2026-11-26 07:21:40.772690+08:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import opentamp.db
import opentamp.kit.money

revision: str = "4244bd3fb675"
down_revision: str | None = "61828552f49e"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "fund_open_period",
        sa.Column("fund_code", sa.String(length=16), nullable=False),
        sa.Column("start_date", sa.Date(), nullable=False),
        sa.Column("end_date", sa.Date(), nullable=False),
        sa.CheckConstraint("start_date <= end_date", name=op.f("ck_fund_open_period_span")),
        sa.ForeignKeyConstraint(
            ["fund_code"], ["fund.code"], name=op.f("fk_fund_open_period_fund_code_fund")
        ),
        sa.PrimaryKeyConstraint("fund_code", "start_date", name=op.f("pk_fund_open_period")),
    )
    op.create_table(
        "trade_temporary",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column(
            "broker_user_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False
        ),
        sa.Column("trade_type", sa.String(length=32), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("expires_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.Column("verified_at", opentamp.db.AwareDateTime(timezone=True), nullable=True),
        sa.Column("created_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["broker_user_id"],
            ["broker_user.id"],
            name=op.f("fk_trade_temporary_broker_user_id_broker_user"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_trade_temporary")),
    )
    with op.batch_alter_table("trade_temporary", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_trade_temporary_broker_user_id"), ["broker_user_id"], unique=False
        )

    op.create_table(
        "redeem_appointment",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column(
            "broker_user_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False
        ),
        sa.Column(
            "financial_account_id",
            sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
            nullable=False,
        ),
        sa.Column("fund_code", sa.String(length=16), nullable=False),
        sa.Column("shares", opentamp.kit.money.ExactDecimal(2, precision=20), nullable=False),
        sa.Column("redeem_to", sa.String(length=8), nullable=False),
        sa.Column(
            "payment_method_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True
        ),
        sa.Column("open_date", sa.Date(), nullable=False),
        sa.Column("status", sa.String(length=12), nullable=False),
        sa.Column("order_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.Column("fail_reason", sa.String(length=128), nullable=False),
        sa.Column("created_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "status IN ('BOOKED', 'PLACED', 'CANCELLED', 'FAILED')",
            name=op.f("ck_redeem_appointment_status"),
        ),
        sa.ForeignKeyConstraint(
            ["broker_user_id"],
            ["broker_user.id"],
            name=op.f("fk_redeem_appointment_broker_user_id_broker_user"),
        ),
        sa.ForeignKeyConstraint(
            ["financial_account_id"],
            ["financial_account.id"],
            name=op.f("fk_redeem_appointment_financial_account_id_financial_account"),
        ),
        sa.ForeignKeyConstraint(
            ["fund_code"], ["fund.code"], name=op.f("fk_redeem_appointment_fund_code_fund")
        ),
        sa.ForeignKeyConstraint(
            ["order_id"],
            ["trade_order.id"],
            name=op.f("fk_redeem_appointment_order_id_trade_order"),
        ),
        sa.ForeignKeyConstraint(
            ["payment_method_id"],
            ["payment_method.id"],
            name=op.f("fk_redeem_appointment_payment_method_id_payment_method"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_redeem_appointment")),
    )
    with op.batch_alter_table("redeem_appointment", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_redeem_appointment_broker_user_id"), ["broker_user_id"], unique=False
        )
        batch_op.create_index("ix_redeem_appointment_due", ["status", "open_date"], unique=False)

    op.create_table(
        "target_holding",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column(
            "broker_user_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False
        ),
        sa.Column(
            "financial_account_id",
            sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
            nullable=False,
        ),
        sa.Column("strategy_code", sa.String(length=16), nullable=False),
        sa.Column("period_no", sa.Integer(), nullable=False),
        sa.Column("order_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("buy_mode", sa.String(length=16), nullable=False),
        sa.Column("amount", opentamp.kit.money.ExactDecimal(2, precision=20), nullable=False),
        sa.Column("phase", sa.String(length=16), nullable=False),
        sa.Column("target_rate", opentamp.kit.money.ExactDecimal(8, precision=18), nullable=False),
        sa.Column("target_action", sa.String(length=8), nullable=False),
        sa.Column("base_value", opentamp.kit.money.ExactDecimal(2, precision=20), nullable=True),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("reached_date", sa.Date(), nullable=True),
        sa.Column("realised_rate", opentamp.kit.money.ExactDecimal(8, precision=18), nullable=True),
        sa.Column(
            "stop_order_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True
        ),
        sa.Column("created_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "target_action IN ('redeem', 'keepOn')", name=op.f("ck_target_holding_target_action")
        ),
        sa.ForeignKeyConstraint(
            ["broker_user_id"],
            ["broker_user.id"],
            name=op.f("fk_target_holding_broker_user_id_broker_user"),
        ),
        sa.ForeignKeyConstraint(
            ["financial_account_id"],
            ["financial_account.id"],
            name=op.f("fk_target_holding_financial_account_id_financial_account"),
        ),
        sa.ForeignKeyConstraint(
            ["order_id"], ["trade_order.id"], name=op.f("fk_target_holding_order_id_trade_order")
        ),
        sa.ForeignKeyConstraint(
            ["stop_order_id"],
            ["trade_order.id"],
            name=op.f("fk_target_holding_stop_order_id_trade_order"),
        ),
        sa.ForeignKeyConstraint(
            ["strategy_code"],
            ["strategy_info.code"],
            name=op.f("fk_target_holding_strategy_code_strategy_info"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_target_holding")),
        sa.UniqueConstraint("order_id", name=op.f("uq_target_holding_order_id")),
    )
    with op.batch_alter_table("target_holding", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_target_holding_broker_user_id"), ["broker_user_id"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_target_holding_strategy_code"), ["strategy_code"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("target_holding", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_target_holding_strategy_code"))
        batch_op.drop_index(batch_op.f("ix_target_holding_broker_user_id"))

    op.drop_table("target_holding")
    with op.batch_alter_table("redeem_appointment", schema=None) as batch_op:
        batch_op.drop_index("ix_redeem_appointment_due")
        batch_op.drop_index(batch_op.f("ix_redeem_appointment_broker_user_id"))

    op.drop_table("redeem_appointment")
    with op.batch_alter_table("trade_temporary", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_trade_temporary_broker_user_id"))

    op.drop_table("trade_temporary")
    op.drop_table("fund_open_period")
