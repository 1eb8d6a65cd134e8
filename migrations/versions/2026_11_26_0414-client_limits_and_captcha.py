"""client limits and captcha: per-client counters (client_quota), graphical captchas (captcha)
and each broker's frame-ancestors allow-list (broker.frame_ancestors)

Revision ID: f9722200b9eb
Revises: f81cf3c7289f
Created: 2026-11-26 04:14:20.478563+08:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import opentamp.db

revision: str = "f9722200b9eb"
down_revision: str | None = "f81cf3c7289f"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "captcha",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("answer", sa.String(length=8), nullable=False),
        sa.Column("client", sa.String(length=64), nullable=False),
        sa.Column("created_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.Column("expires_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.Column("used_at", opentamp.db.AwareDateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_captcha")),
    )
    with op.batch_alter_table("captcha", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_captcha_expires_at"), ["expires_at"], unique=False)

    op.create_table(
        "client_quota",
        sa.Column("scope", sa.String(length=16), nullable=False),
        sa.Column("client", sa.String(length=64), nullable=False),
        sa.Column("window_start", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.Column("used", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("scope", "client", name=op.f("pk_client_quota")),
    )
    with op.batch_alter_table("broker", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("frame_ancestors", sa.JSON(), server_default="[]", nullable=False)
        )


def downgrade() -> None:
    with op.batch_alter_table("broker", schema=None) as batch_op:
        batch_op.drop_column("frame_ancestors")

    op.drop_table("client_quota")
    with op.batch_alter_table("captcha", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_captcha_expires_at"))

    op.drop_table("captcha")
