"""transfer-in of outside holdings: applications, their rows and profit history, the mail
outbox, offline adviser relations (docs/transfers.md)

Revision ID: 2d74b1774a98
Revises: 19dee7f1f91d
Created: 2026-11-26 07:22:55.052712+08:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import opentamp.db
import opentamp.kit.money

revision: str = "2d74b1774a98"
down_revision: str | None = "5c1a9e3d7b20"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "mail_outbox",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column(
            "broker_user_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False
        ),
        sa.Column("to_address", sa.String(length=128), nullable=False),
        sa.Column("subject", sa.String(length=128), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("attachment_name", sa.String(length=64), nullable=False),
        sa.Column("created_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.Column("sent_at", opentamp.db.AwareDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["broker_user_id"],
            ["broker_user.id"],
            name=op.f("fk_mail_outbox_broker_user_id_broker_user"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_mail_outbox")),
    )
    with op.batch_alter_table("mail_outbox", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_mail_outbox_broker_user_id"), ["broker_user_id"], unique=False
        )

    op.create_table(
        "offline_relation",
        sa.Column(
            "broker_user_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False
        ),
        sa.Column(
            "operator_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False
        ),
        sa.Column("shop_name", sa.String(length=64), nullable=False),
        sa.Column("bound_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["broker_user_id"],
            ["broker_user.id"],
            name=op.f("fk_offline_relation_broker_user_id_broker_user"),
        ),
        sa.ForeignKeyConstraint(
            ["operator_id"], ["operator.id"], name=op.f("fk_offline_relation_operator_id_operator")
        ),
        sa.PrimaryKeyConstraint("broker_user_id", name=op.f("pk_offline_relation")),
    )
    op.create_table(
        "transfer_application",
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
        sa.Column("source_platform", sa.String(length=32), nullable=False),
        sa.Column("source", sa.String(length=8), nullable=False),
        sa.Column("status", sa.String(length=12), nullable=False),
        sa.Column("apply_time", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.Column("trade_date", sa.Date(), nullable=False),
        sa.Column("status_date", sa.Date(), nullable=True),
        sa.Column("complete_date", sa.Date(), nullable=True),
        sa.Column("fail_reason", sa.Text(), nullable=False),
        sa.Column("created_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "source IN ('file', 'image', 'text', 'manual')",
            name=op.f("ck_transfer_application_transfer_source"),
        ),
        sa.CheckConstraint(
            "status IN ('APPLYING', 'READY', 'TRANSFER_IN', 'COMPLETE', 'TA_ERROR', 'CLOSED')",
            name=op.f("ck_transfer_application_transfer_status"),
        ),
        sa.ForeignKeyConstraint(
            ["account_id"], ["account.id"], name=op.f("fk_transfer_application_account_id_account")
        ),
        sa.ForeignKeyConstraint(
            ["broker_user_id"],
            ["broker_user.id"],
            name=op.f("fk_transfer_application_broker_user_id_broker_user"),
        ),
        sa.ForeignKeyConstraint(
            ["financial_account_id"],
            ["financial_account.id"],
            name=op.f("fk_transfer_application_financial_account_id_financial_account"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_transfer_application")),
    )
    with op.batch_alter_table("transfer_application", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_transfer_application_broker_user_id"), ["broker_user_id"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_transfer_application_status"), ["status"], unique=False
        )

    op.create_table(
        "transfer_item",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column(
            "application_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False
        ),
        sa.Column("fund_code", sa.String(length=16), nullable=False),
        sa.Column("shares", opentamp.kit.money.ExactDecimal(2, precision=20), nullable=False),
        sa.Column("cost", opentamp.kit.money.ExactDecimal(2, precision=20), nullable=False),
        sa.Column("order_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.CheckConstraint("cost >= 0", name=op.f("ck_transfer_item_transfer_cost_not_negative")),
        sa.CheckConstraint("shares > 0", name=op.f("ck_transfer_item_transfer_shares_positive")),
        sa.ForeignKeyConstraint(
            ["application_id"],
            ["transfer_application.id"],
            name=op.f("fk_transfer_item_application_id_transfer_application"),
        ),
        sa.ForeignKeyConstraint(
            ["fund_code"], ["fund.code"], name=op.f("fk_transfer_item_fund_code_fund")
        ),
        sa.ForeignKeyConstraint(
            ["order_id"], ["trade_order.id"], name=op.f("fk_transfer_item_order_id_trade_order")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_transfer_item")),
        sa.UniqueConstraint(
            "application_id", "fund_code", name=op.f("uq_transfer_item_application_id_fund_code")
        ),
    )
    with op.batch_alter_table("transfer_item", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_transfer_item_application_id"), ["application_id"], unique=False
        )

    op.create_table(
        "transfer_profit",
        sa.Column(
            "application_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False
        ),
        sa.Column("profit_date", sa.Date(), nullable=False),
        sa.Column("profit", opentamp.kit.money.ExactDecimal(2, precision=20), nullable=False),
        sa.ForeignKeyConstraint(
            ["application_id"],
            ["transfer_application.id"],
            name=op.f("fk_transfer_profit_application_id_transfer_application"),
        ),
        sa.PrimaryKeyConstraint("application_id", "profit_date", name=op.f("pk_transfer_profit")),
    )


def downgrade() -> None:
    op.drop_table("transfer_profit")
    with op.batch_alter_table("transfer_item", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_transfer_item_application_id"))

    op.drop_table("transfer_item")
    with op.batch_alter_table("transfer_application", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_transfer_application_status"))
        batch_op.drop_index(batch_op.f("ix_transfer_application_broker_user_id"))

    op.drop_table("transfer_application")
    op.drop_table("offline_relation")
    with op.batch_alter_table("mail_outbox", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_mail_outbox_broker_user_id"))

    op.drop_table("mail_outbox")
