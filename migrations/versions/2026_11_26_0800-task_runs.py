"""task runs: the in-process task runner's record (docs/scale.md#tasks)

Revision ID: 5c1a9e3d7b20
Revises: 19dee7f1f91d
Created: 2026-11-26 08:00:00+08:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import opentamp.db

revision: str = "5c1a9e3d7b20"
down_revision: str | None = "3117050cbe95"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "task_run",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("key", sa.String(length=200), nullable=False),
        sa.Column("task", sa.String(length=80), nullable=False),
        sa.Column("args", sa.Text(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("last_error", sa.Text(), nullable=False),
        sa.Column("run_after", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.Column("created_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "status IN ('succeeded', 'failed')", name=op.f("ck_task_run_task_run_status")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_task_run")),
        sa.UniqueConstraint("key", name=op.f("uq_task_run_key")),
    )
    op.create_index(
        "ix_task_run_status_run_after", "task_run", ["status", "run_after"], unique=False
    )


def downgrade() -> None:
    op.drop_index("ix_task_run_status_run_after", table_name="task_run")
    op.drop_table("task_run")
