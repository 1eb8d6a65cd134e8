"""invest plans (定投): plans, executions and take-profit rounds (docs/plans.md)

Revision ID: ee2413e167c7
Revises: 3c1e0a9d5b27
Created: 2026-11-26 04:14:33.841752+08:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import opentamp.db
import opentamp.kit.money

revision: str = "ee2413e167c7"
down_revision: str | None = "3c1e0a9d5b27"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:

    op.create_table(
        "invest_plan",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column(
            "broker_user_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False
        ),
        sa.Column(
            "account_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False
        ),
        sa.Column(
            "financial_account_id",
            sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
            nullable=False,
        ),
        sa.Column("product_type", sa.String(length=8), nullable=False),
        sa.Column("product_code", sa.String(length=16), nullable=False),
        sa.Column("amount", opentamp.kit.money.ExactDecimal(2, precision=20), nullable=False),
        sa.Column("period_unit", sa.Integer(), nullable=False),
        sa.Column("period_interval", sa.Integer(), nullable=False),
        sa.Column("period_day", sa.Integer(), nullable=True),
        sa.Column("period_month", sa.Integer(), nullable=True),
        sa.Column("week_parity", sa.Integer(), nullable=False),
        sa.Column("pay_type", sa.String(length=8), nullable=False),
        sa.Column(
            "payment_method_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True
        ),
        sa.Column("pay_date_mode", sa.String(length=12), nullable=False),
        sa.Column("smart", sa.Boolean(), nullable=False),
        sa.Column("smart_index_code", sa.String(length=16), nullable=True),
        sa.Column("target_rate", opentamp.kit.money.ExactDecimal(8, precision=18), nullable=True),
        sa.Column("target_action", sa.String(length=8), nullable=True),
        sa.Column("plan_holding", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("round_start_date", sa.Date(), nullable=False),
        sa.Column("risk_confirmed", sa.Boolean(), nullable=False),
        sa.Column("status", sa.String(length=1), nullable=False),
        sa.Column("status_reason", sa.Text(), nullable=False),
        sa.Column("extend_period_sign_status", sa.String(length=24), nullable=True),
        sa.Column("start_date", sa.Date(), nullable=False),
        sa.Column("next_date", sa.Date(), nullable=True),
        sa.Column("failed_periods", sa.Integer(), nullable=False),
        sa.Column("created_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "pay_date_mode IN ('CONTINUITY', 'LAST')", name=op.f("ck_invest_plan_pay_date_mode")
        ),
        sa.CheckConstraint("pay_type IN ('card', 'wallet')", name=op.f("ck_invest_plan_pay_type")),
        sa.CheckConstraint(
            "product_type IN ('fund', 'poFund', 'wallet', 'strategy')",
            name=op.f("ck_invest_plan_product_type"),
        ),
        sa.CheckConstraint("status IN ('A', 'P', 'T')", name=op.f("ck_invest_plan_status")),
        sa.CheckConstraint("amount > 0", name=op.f("ck_invest_plan_amount_positive")),
        sa.CheckConstraint("period_unit BETWEEN 0 AND 3", name=op.f("ck_invest_plan_period_unit")),
        sa.ForeignKeyConstraint(
            ["account_id"], ["account.id"], name=op.f("fk_invest_plan_account_id_account")
        ),
        sa.ForeignKeyConstraint(
            ["broker_user_id"],
            ["broker_user.id"],
            name=op.f("fk_invest_plan_broker_user_id_broker_user"),
        ),
        sa.ForeignKeyConstraint(
            ["financial_account_id"],
            ["financial_account.id"],
            name=op.f("fk_invest_plan_financial_account_id_financial_account"),
        ),
        sa.ForeignKeyConstraint(
            ["payment_method_id"],
            ["payment_method.id"],
            name=op.f("fk_invest_plan_payment_method_id_payment_method"),
        ),
        sa.ForeignKeyConstraint(
            ["smart_index_code"],
            ["benchmark_index.code"],
            name=op.f("fk_invest_plan_smart_index_code_benchmark_index"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_invest_plan")),
    )
    with op.batch_alter_table("invest_plan", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_invest_plan_broker_user_id"), ["broker_user_id"], unique=False
        )
        batch_op.create_index("ix_invest_plan_due", ["status", "next_date"], unique=False)

    op.create_table(
        "invest_plan_execution",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("plan_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column(
            "broker_user_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False
        ),
        sa.Column("due_date", sa.Date(), nullable=False),
        sa.Column("next_try", sa.Date(), nullable=True),
        sa.Column("execute_date", sa.Date(), nullable=True),
        sa.Column("attempt", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("base_amount", opentamp.kit.money.ExactDecimal(2, precision=20), nullable=False),
        sa.Column("multiplier", opentamp.kit.money.ExactDecimal(2, precision=20), nullable=False),
        sa.Column("amount", opentamp.kit.money.ExactDecimal(2, precision=20), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("order_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.Column("fail_reason", sa.Text(), nullable=False),
        sa.Column("created_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "status IN ('ACTIVE', 'SUCCESS', 'FAIL', 'TERMINATED')",
            name=op.f("ck_invest_plan_execution_status"),
        ),
        sa.ForeignKeyConstraint(
            ["broker_user_id"],
            ["broker_user.id"],
            name=op.f("fk_invest_plan_execution_broker_user_id_broker_user"),
        ),
        sa.ForeignKeyConstraint(
            ["order_id"],
            ["trade_order.id"],
            name=op.f("fk_invest_plan_execution_order_id_trade_order"),
        ),
        sa.ForeignKeyConstraint(
            ["plan_id"],
            ["invest_plan.id"],
            name=op.f("fk_invest_plan_execution_plan_id_invest_plan"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_invest_plan_execution")),
        sa.UniqueConstraint(
            "plan_id", "due_date", name=op.f("uq_invest_plan_execution_plan_id_due_date")
        ),
    )
    with op.batch_alter_table("invest_plan_execution", schema=None) as batch_op:
        batch_op.create_index("ix_invest_plan_execution_try", ["status", "next_try"], unique=False)

    op.create_table(
        "invest_plan_round",
        sa.Column("plan_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("start_date", sa.Date(), nullable=False),
        sa.Column("end_date", sa.Date(), nullable=True),
        sa.Column("invested", opentamp.kit.money.ExactDecimal(2, precision=20), nullable=False),
        sa.Column("value", opentamp.kit.money.ExactDecimal(2, precision=20), nullable=False),
        sa.Column("return_rate", opentamp.kit.money.ExactDecimal(8, precision=18), nullable=False),
        sa.Column("action", sa.String(length=8), nullable=False),
        sa.Column("reached_date", sa.Date(), nullable=True),
        sa.Column("order_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.ForeignKeyConstraint(
            ["order_id"], ["trade_order.id"], name=op.f("fk_invest_plan_round_order_id_trade_order")
        ),
        sa.ForeignKeyConstraint(
            ["plan_id"], ["invest_plan.id"], name=op.f("fk_invest_plan_round_plan_id_invest_plan")
        ),
        sa.PrimaryKeyConstraint("plan_id", "round", name=op.f("pk_invest_plan_round")),
    )


def downgrade() -> None:

    op.drop_table("invest_plan_round")
    with op.batch_alter_table("invest_plan_execution", schema=None) as batch_op:
        batch_op.drop_index("ix_invest_plan_execution_try")

    op.drop_table("invest_plan_execution")
    with op.batch_alter_table("invest_plan", schema=None) as batch_op:
        batch_op.drop_index("ix_invest_plan_due")
        batch_op.drop_index(batch_op.f("ix_invest_plan_broker_user_id"))

    op.drop_table("invest_plan")
