"""personal pension: fund accounts, contributions, and purchases paid from them (docs/pension.md)

Revision ID: 61828552f49e
Revises: 19dee7f1f91d
Created: 2026-11-26 07:20:46.243343+08:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import opentamp.db
import opentamp.kit.money

revision: str = "61828552f49e"
down_revision: str | None = "2d74b1774a98"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "pension_account",
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
        sa.Column("bank_no", sa.String(length=8), nullable=False),
        sa.Column("account_tail", sa.String(length=4), nullable=False),
        sa.Column("city", sa.String(length=32), nullable=False),
        sa.Column("way", sa.String(length=8), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("apply_no", sa.String(length=32), nullable=True),
        sa.Column("authorized_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.Column("opened_at", opentamp.db.AwareDateTime(timezone=True), nullable=True),
        sa.Column("created_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "status IN ('OPENING', 'ACTIVE')", name=op.f("ck_pension_account_status")
        ),
        sa.CheckConstraint("way IN ('bind', 'open')", name=op.f("ck_pension_account_way")),
        sa.ForeignKeyConstraint(
            ["account_id"], ["account.id"], name=op.f("fk_pension_account_account_id_account")
        ),
        sa.ForeignKeyConstraint(
            ["broker_user_id"],
            ["broker_user.id"],
            name=op.f("fk_pension_account_broker_user_id_broker_user"),
        ),
        sa.ForeignKeyConstraint(
            ["financial_account_id"],
            ["financial_account.id"],
            name=op.f("fk_pension_account_financial_account_id_financial_account"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_pension_account")),
        sa.UniqueConstraint("apply_no", name=op.f("uq_pension_account_apply_no")),
        sa.UniqueConstraint("broker_user_id", name=op.f("uq_pension_account_broker_user_id")),
    )
    op.create_table(
        "pension_contribution",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column(
            "broker_user_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False
        ),
        sa.Column(
            "pension_account_id",
            sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
            nullable=False,
        ),
        sa.Column(
            "payment_method_id",
            sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
            nullable=False,
        ),
        sa.Column("apply_no", sa.String(length=32), nullable=False),
        sa.Column("year", sa.Integer(), nullable=False),
        sa.Column("amount", opentamp.kit.money.ExactDecimal(2, precision=20), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("applied_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.Column("confirmed_at", opentamp.db.AwareDateTime(timezone=True), nullable=True),
        sa.CheckConstraint(
            "status IN ('APPLIED', 'SUCCESS')", name=op.f("ck_pension_contribution_status")
        ),
        sa.CheckConstraint("amount > 0", name=op.f("ck_pension_contribution_amount_positive")),
        sa.ForeignKeyConstraint(
            ["broker_user_id"],
            ["broker_user.id"],
            name=op.f("fk_pension_contribution_broker_user_id_broker_user"),
        ),
        sa.ForeignKeyConstraint(
            ["payment_method_id"],
            ["payment_method.id"],
            name=op.f("fk_pension_contribution_payment_method_id_payment_method"),
        ),
        sa.ForeignKeyConstraint(
            ["pension_account_id"],
            ["pension_account.id"],
            name=op.f("fk_pension_contribution_pension_account_id_pension_account"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_pension_contribution")),
        sa.UniqueConstraint("apply_no", name=op.f("uq_pension_contribution_apply_no")),
    )
    with op.batch_alter_table("pension_contribution", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_pension_contribution_pension_account_id"),
            ["pension_account_id"],
            unique=False,
        )
        batch_op.create_index(
            "ix_pension_contribution_user_year", ["broker_user_id", "year"], unique=False
        )

    with op.batch_alter_table("trade_order", schema=None) as batch_op:
        batch_op.drop_constraint(op.f("ck_trade_order_pay_method"), type_="check")
        batch_op.create_check_constraint(
            op.f("ck_trade_order_pay_method"), "pay_method IN ('card', 'wallet', 'pension', '')"
        )


def downgrade() -> None:
    with op.batch_alter_table("trade_order", schema=None) as batch_op:
        batch_op.drop_constraint(op.f("ck_trade_order_pay_method"), type_="check")
        batch_op.create_check_constraint(
            op.f("ck_trade_order_pay_method"), "pay_method IN ('card', 'wallet', '')"
        )
    with op.batch_alter_table("pension_contribution", schema=None) as batch_op:
        batch_op.drop_index("ix_pension_contribution_user_year")
        batch_op.drop_index(batch_op.f("ix_pension_contribution_pension_account_id"))

    op.drop_table("pension_contribution")
    op.drop_table("pension_account")
