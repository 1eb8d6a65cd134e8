"""operator accounts: staff sign-in, roles, tokens and audit trail (docs/operators.md)

Revision ID: 19dee7f1f91d
Revises: ee2413e167c7
Created: 2026-11-26 05:46:17.459741+08:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import opentamp.db

revision: str = "19dee7f1f91d"
down_revision: str | None = "ee2413e167c7"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "operator",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("broker_id", sa.Integer(), nullable=False),
        sa.Column("login", sa.String(length=32), nullable=False),
        sa.Column("display_name", sa.String(length=64), nullable=False),
        sa.Column("password_hash", sa.String(length=255), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("failed_logins", sa.Integer(), nullable=False),
        sa.Column("locked_until", opentamp.db.AwareDateTime(timezone=True), nullable=True),
        sa.Column("last_login_at", opentamp.db.AwareDateTime(timezone=True), nullable=True),
        sa.Column("created_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "status IN ('active', 'disabled')", name=op.f("ck_operator_operator_status")
        ),
        sa.ForeignKeyConstraint(
            ["broker_id"], ["broker.id"], name=op.f("fk_operator_broker_id_broker")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_operator")),
        sa.UniqueConstraint("broker_id", "login", name=op.f("uq_operator_broker_id_login")),
    )
    with op.batch_alter_table("operator", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_operator_broker_id"), ["broker_id"], unique=False)

    op.create_table(
        "operator_audit",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("broker_id", sa.Integer(), nullable=True),
        sa.Column(
            "operator_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True
        ),
        sa.Column("actor", sa.String(length=16), nullable=False),
        sa.Column("login", sa.String(length=32), nullable=False),
        sa.Column("action", sa.String(length=64), nullable=False),
        sa.Column("target_kind", sa.String(length=32), nullable=False),
        sa.Column("target_id", sa.String(length=64), nullable=False),
        sa.Column("detail", sa.JSON(), nullable=False),
        sa.Column("client_address", sa.String(length=64), nullable=False),
        sa.Column("outcome", sa.String(length=64), nullable=False),
        sa.Column("created_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["broker_id"], ["broker.id"], name=op.f("fk_operator_audit_broker_id_broker")
        ),
        sa.ForeignKeyConstraint(
            ["operator_id"], ["operator.id"], name=op.f("fk_operator_audit_operator_id_operator")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_operator_audit")),
    )
    with op.batch_alter_table("operator_audit", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_operator_audit_broker_id"), ["broker_id"], unique=False
        )
        batch_op.create_index(
            "ix_operator_audit_operator_id_id", ["operator_id", "id"], unique=False
        )

    op.create_table(
        "operator_role",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column(
            "operator_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False
        ),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.Column("created_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "role IN ('operator', 'adviser', 'lead_manager')",
            name=op.f("ck_operator_role_operator_role"),
        ),
        sa.ForeignKeyConstraint(
            ["operator_id"], ["operator.id"], name=op.f("fk_operator_role_operator_id_operator")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_operator_role")),
        sa.UniqueConstraint("operator_id", "role", name=op.f("uq_operator_role_operator_id_role")),
    )
    with op.batch_alter_table("operator_role", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_operator_role_operator_id"), ["operator_id"], unique=False
        )

    op.create_table(
        "operator_token",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column(
            "operator_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False
        ),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.Column("expires_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", opentamp.db.AwareDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["operator_id"], ["operator.id"], name=op.f("fk_operator_token_operator_id_operator")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_operator_token")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_operator_token_token_hash")),
    )
    with op.batch_alter_table("operator_token", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_operator_token_operator_id"), ["operator_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("operator_token", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_operator_token_operator_id"))

    op.drop_table("operator_token")
    with op.batch_alter_table("operator_role", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_operator_role_operator_id"))

    op.drop_table("operator_role")
    with op.batch_alter_table("operator_audit", schema=None) as batch_op:
        batch_op.drop_index("ix_operator_audit_operator_id_id")
        batch_op.drop_index(batch_op.f("ix_operator_audit_broker_id"))

    op.drop_table("operator_audit")
    with op.batch_alter_table("operator", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_operator_broker_id"))

    op.drop_table("operator")
