"""holding pages half filled on PostgreSQL (docs/trading.md#settlement-at-scale)

Settlement rewrites every confirmed or valued holding row each day. With room left on its page
PostgreSQL writes the new version there without touching the five indexes of the table (a
heap-only update); a full page moves it elsewhere and every index gets an entry. Rows written
before this revision keep their pages until they move.

Revision ID: 4b8f1c2d9e70
Revises: 7d3e52b9a1c4
Created: 2026-11-26 15:00:00+08:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "4b8f1c2d9e70"
down_revision: str | None = "7d3e52b9a1c4"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("ALTER TABLE holding SET (fillfactor = 50)")


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("ALTER TABLE holding RESET (fillfactor)")
