"""popups and telemetry: pop-up state, consents, non-US declarations, operation pop-ups,
customer-service config, client metrics and trace logs

Revision ID: e482401c685d
Revises: f1009611fc16
Created: 2026-11-22 09:17:09.222261+08:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import opentamp.db

revision: str = "e482401c685d"
down_revision: str | None = "f1009611fc16"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "client_metric",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("type", sa.String(length=16), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("message", sa.Text(), nullable=False),
        sa.Column("stack", sa.Text(), nullable=False),
        sa.Column("page", sa.String(length=1024), nullable=False),
        sa.Column("api_url", sa.String(length=1024), nullable=False),
        sa.Column("method", sa.String(length=8), nullable=False),
        sa.Column("status", sa.Integer(), nullable=True),
        sa.Column("value", sa.Integer(), nullable=True),
        sa.Column("broker_id", sa.Integer(), nullable=True),
        sa.Column("broker_user_id", sa.Integer(), nullable=True),
        sa.Column("user_agent", sa.String(length=512), nullable=False),
        sa.Column("client_ip", sa.String(length=64), nullable=False),
        sa.Column("extra", sa.JSON(), nullable=True),
        sa.Column("created_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_client_metric")),
    )
    with op.batch_alter_table("client_metric", schema=None) as batch_op:
        batch_op.create_index(
            "ix_client_metric_client_ip_created_at", ["client_ip", "created_at"], unique=False
        )
        batch_op.create_index("ix_client_metric_created_at", ["created_at"], unique=False)

    op.create_table(
        "customer_service_config",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("broker_id", sa.Integer(), nullable=True),
        sa.Column("type", sa.String(length=16), nullable=False),
        sa.Column("chat_url", sa.String(length=512), nullable=False),
        sa.Column("client_id", sa.String(length=64), nullable=False),
        sa.Column("nickname", sa.String(length=32), nullable=False),
        sa.Column("updated_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "type IN ('broker', 'platform')", name=op.f("ck_customer_service_config_type")
        ),
        sa.ForeignKeyConstraint(
            ["broker_id"], ["broker.id"], name=op.f("fk_customer_service_config_broker_id_broker")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_customer_service_config")),
        sa.UniqueConstraint(
            "broker_id", "type", name=op.f("uq_customer_service_config_broker_id_type")
        ),
    )
    op.create_table(
        "operation_popup",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("broker_id", sa.Integer(), nullable=False),
        sa.Column("scene", sa.String(length=32), nullable=False),
        sa.Column("title", sa.String(length=64), nullable=False),
        sa.Column("content", sa.Text(), nullable=False),
        sa.Column("image_url", sa.String(length=512), nullable=False),
        sa.Column("link_url", sa.String(length=512), nullable=False),
        sa.Column("button_text", sa.String(length=16), nullable=False),
        sa.Column("frequency", sa.String(length=8), nullable=False),
        sa.Column("sort_order", sa.Integer(), nullable=False),
        sa.Column("start_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.Column("end_at", opentamp.db.AwareDateTime(timezone=True), nullable=True),
        sa.Column("enabled", sa.Boolean(), nullable=False),
        sa.Column("created_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "frequency IN ('ONCE', 'DAILY', 'ALWAYS')", name=op.f("ck_operation_popup_frequency")
        ),
        sa.ForeignKeyConstraint(
            ["broker_id"], ["broker.id"], name=op.f("fk_operation_popup_broker_id_broker")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_operation_popup")),
    )
    with op.batch_alter_table("operation_popup", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_operation_popup_broker_id"), ["broker_id"], unique=False
        )
        batch_op.create_index(
            "ix_operation_popup_broker_scene", ["broker_id", "scene"], unique=False
        )

    op.create_table(
        "contract_consent",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column(
            "broker_user_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False
        ),
        sa.Column("file_type", sa.String(length=32), nullable=False),
        sa.Column("version", sa.String(length=32), nullable=False),
        sa.Column("terminal_ip", sa.String(length=64), nullable=False),
        sa.Column("terminal_info", sa.String(length=512), nullable=False),
        sa.Column("signed_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["broker_user_id"],
            ["broker_user.id"],
            name=op.f("fk_contract_consent_broker_user_id_broker_user"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_contract_consent")),
        sa.UniqueConstraint(
            "broker_user_id",
            "file_type",
            "version",
            name=op.f("uq_contract_consent_broker_user_id_file_type_version"),
        ),
    )
    with op.batch_alter_table("contract_consent", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_contract_consent_broker_user_id"), ["broker_user_id"], unique=False
        )

    op.create_table(
        "trace_log",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column(
            "broker_user_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False
        ),
        sa.Column("broker_id", sa.Integer(), nullable=False),
        sa.Column("event", sa.String(length=64), nullable=False),
        sa.Column("terminal_ip", sa.String(length=64), nullable=False),
        sa.Column("terminal_type", sa.String(length=8), nullable=False),
        sa.Column("terminal_info", sa.String(length=512), nullable=False),
        sa.Column("trace_info", sa.JSON(), nullable=True),
        sa.Column("created_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["broker_user_id"],
            ["broker_user.id"],
            name=op.f("fk_trace_log_broker_user_id_broker_user"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_trace_log")),
    )
    with op.batch_alter_table("trace_log", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_trace_log_broker_user_id"), ["broker_user_id"], unique=False
        )

    op.create_table(
        "user_popup_state",
        sa.Column(
            "broker_user_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False
        ),
        sa.Column("scene", sa.String(length=32), nullable=False),
        sa.Column("suppressed_until", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["broker_user_id"],
            ["broker_user.id"],
            name=op.f("fk_user_popup_state_broker_user_id_broker_user"),
        ),
        sa.PrimaryKeyConstraint("broker_user_id", "scene", name=op.f("pk_user_popup_state")),
    )
    op.create_table(
        "non_american_declaration",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column(
            "broker_user_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False
        ),
        sa.Column(
            "account_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False
        ),
        sa.Column("non_american", sa.Boolean(), nullable=False),
        sa.Column("terminal_ip", sa.String(length=64), nullable=False),
        sa.Column("terminal_info", sa.String(length=512), nullable=False),
        sa.Column("created_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["account.id"],
            name=op.f("fk_non_american_declaration_account_id_account"),
        ),
        sa.ForeignKeyConstraint(
            ["broker_user_id"],
            ["broker_user.id"],
            name=op.f("fk_non_american_declaration_broker_user_id_broker_user"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_non_american_declaration")),
    )
    with op.batch_alter_table("non_american_declaration", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_non_american_declaration_broker_user_id"),
            ["broker_user_id"],
            unique=False,
        )

    with op.batch_alter_table("broker", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column(
                "privacy_prompt_excluded", sa.Boolean(), server_default=sa.false(), nullable=False
            )
        )
        batch_op.add_column(
            sa.Column(
                "non_american_popup_excluded",
                sa.Boolean(),
                server_default=sa.false(),
                nullable=False,
            )
        )


def downgrade() -> None:
    with op.batch_alter_table("broker", schema=None) as batch_op:
        batch_op.drop_column("non_american_popup_excluded")
        batch_op.drop_column("privacy_prompt_excluded")

    with op.batch_alter_table("non_american_declaration", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_non_american_declaration_broker_user_id"))

    op.drop_table("non_american_declaration")
    op.drop_table("user_popup_state")
    with op.batch_alter_table("trace_log", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_trace_log_broker_user_id"))

    op.drop_table("trace_log")
    with op.batch_alter_table("contract_consent", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_contract_consent_broker_user_id"))

    op.drop_table("contract_consent")
    with op.batch_alter_table("operation_popup", schema=None) as batch_op:
        batch_op.drop_index("ix_operation_popup_broker_scene")
        batch_op.drop_index(batch_op.f("ix_operation_popup_broker_id"))

    op.drop_table("operation_popup")
    op.drop_table("customer_service_config")
    with op.batch_alter_table("client_metric", schema=None) as batch_op:
        batch_op.drop_index("ix_client_metric_created_at")
        batch_op.drop_index("ix_client_metric_client_ip_created_at")

    op.drop_table("client_metric")
