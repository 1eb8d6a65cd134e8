"""broker document hosts and transfer centre (docs/shelf.md)

Revision ID: 7d3e52b9a1c4
Revises: 7d0c4b2e9a51
Created: 2026-11-26 11:30:00+08:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "7d3e52b9a1c4"
down_revision: str | None = "7d0c4b2e9a51"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("broker") as batch_op:
        batch_op.add_column(
            sa.Column("document_hosts", sa.JSON(), server_default="[]", nullable=False)
        )
        batch_op.add_column(
            sa.Column(
                "transfer_center_url", sa.String(length=255), server_default="", nullable=False
            )
        )


def downgrade() -> None:
    with op.batch_alter_table("broker") as batch_op:
        batch_op.drop_column("transfer_center_url")
        batch_op.drop_column("document_hosts")
