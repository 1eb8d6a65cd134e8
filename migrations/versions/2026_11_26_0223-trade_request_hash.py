"""trade request hash: the fingerprint of a trade write's body next to its tradeUUID
(trade_request.request_hash; '' for the rows stored before)

Revision ID: f81cf3c7289f
Revises: a0e11d7fd6d3
Created: 2026-11-26 02:23:57.363114+08:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "f81cf3c7289f"
down_revision: str | None = "a0e11d7fd6d3"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("trade_request", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("request_hash", sa.String(length=64), server_default="", nullable=False)
        )


def downgrade() -> None:
    with op.batch_alter_table("trade_request", schema=None) as batch_op:
        batch_op.drop_column("request_hash")
