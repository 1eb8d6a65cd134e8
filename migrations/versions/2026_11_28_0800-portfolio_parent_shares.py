"""a portfolio order keeps no shares of its own

A portfolio sale (P03) or rebalancing (P04) parent stored the sum of its children's shares as
its ``trade_share``: shares of different funds, which add up to nothing. It now stores none
(0.00): a sale is of a ratio (``ext_meta_info.ratio``), each fund's shares stay on its child
(docs/trading.md). The parents of before lose their sums; the children keep theirs.

Revision ID: 3d7b9e2a5c14
Revises: 9a4c2e7b1d60
Created: 2026-11-28 08:00:00+08:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "3d7b9e2a5c14"
down_revision: str | None = "9a4c2e7b1d60"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.execute(
        "UPDATE trade_order SET trade_share = 0"
        " WHERE order_code IN ('P03', 'P04') AND parent_id IS NULL AND trade_share <> 0"
    )


def downgrade() -> None:
    # The sums were never a figure: nothing to put back.
    pass
