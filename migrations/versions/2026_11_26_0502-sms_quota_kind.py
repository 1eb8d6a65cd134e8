"""sms quota kind: a phone's daily quota of SMS codes counted apart for sign-in codes and for
the codes of signed-in calls (sms_quota.kind, part of the key; rows before count as 'account')

Revision ID: 3c1e0a9d5b27
Revises: f9722200b9eb
Created: 2026-11-26 05:02:00.000000+08:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "3c1e0a9d5b27"
down_revision: str | None = "f9722200b9eb"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("sms_quota", schema=None, recreate="always") as batch_op:
        batch_op.add_column(
            sa.Column("kind", sa.String(length=8), server_default="account", nullable=False)
        )
        batch_op.drop_constraint("pk_sms_quota", type_="primary")
        batch_op.create_primary_key("pk_sms_quota", ["phone", "kind"])


def downgrade() -> None:
    op.execute("DELETE FROM sms_quota WHERE kind <> 'account'")
    with op.batch_alter_table("sms_quota", schema=None, recreate="always") as batch_op:
        batch_op.drop_constraint("pk_sms_quota", type_="primary")
        batch_op.create_primary_key("pk_sms_quota", ["phone"])
        batch_op.drop_column("kind")
