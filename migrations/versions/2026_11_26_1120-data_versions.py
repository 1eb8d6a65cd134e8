"""data versions: a counter per user and the world's, for the versioned answer cache
(docs/scale.md#answer-cache)

Revision ID: 7d0c4b2e9a51
Revises: f78caeeb07f2
Created: 2026-11-26 11:20:00+08:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "7d0c4b2e9a51"
down_revision: str | None = "f78caeeb07f2"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    table = op.create_table(
        "data_version",
        sa.Column("scope_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("version", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("scope_id", name=op.f("pk_data_version")),
    )
    op.bulk_insert(table, [{"scope_id": 0, "version": 0}])


def downgrade() -> None:
    op.drop_table("data_version")
