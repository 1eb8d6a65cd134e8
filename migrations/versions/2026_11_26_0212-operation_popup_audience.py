"""operation popup audience: who a pop-up is for (ALL, ACCOUNT, NO_ACCOUNT)

Revision ID: a0e11d7fd6d3
Revises: 51e4b52bbb6d
Created: 2026-11-26 02:12:36.745868+08:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "a0e11d7fd6d3"
down_revision: str | None = "51e4b52bbb6d"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("operation_popup", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("audience", sa.String(length=16), server_default="ALL", nullable=False)
        )
        batch_op.create_check_constraint("audience", "audience IN ('ALL', 'ACCOUNT', 'NO_ACCOUNT')")


def downgrade() -> None:
    with op.batch_alter_table("operation_popup", schema=None) as batch_op:
        batch_op.drop_constraint("audience", type_="check")
        batch_op.drop_column("audience")
