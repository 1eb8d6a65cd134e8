"""holdings and daily profits without foreign keys on their copied owner columns

``holding.broker_user_id`` / ``account_id`` and ``holding_daily_profit.broker_user_id`` /
``financial_account_id`` copy what the owning key of the row implies (the financial account;
the holding). The columns stay (reads filter and index by them; a Citus cluster distributes by
``broker_user_id``, docs/scale.md), their foreign keys go: settlement writes a profit row per
holding a day, and each foreign key was one more lookup per row
(docs/trading.md#settlement-at-scale). Integrity is the owning key's, and the test suite
checks that the copies agree with it.

Revision ID: 5c2a9e4f7b13
Revises: 4b8f1c2d9e70
Created: 2026-11-26 16:00:00+08:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "5c2a9e4f7b13"
down_revision: str | None = "4b8f1c2d9e70"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

COPIES = {
    "holding": [("broker_user_id", "broker_user"), ("account_id", "account")],
    "holding_daily_profit": [
        ("broker_user_id", "broker_user"),
        ("financial_account_id", "financial_account"),
    ],
}


def upgrade() -> None:
    for table, keys in COPIES.items():
        with op.batch_alter_table(table, schema=None) as batch_op:
            for column, target in keys:
                batch_op.drop_constraint(f"fk_{table}_{column}_{target}", type_="foreignkey")


def downgrade() -> None:
    for table, keys in COPIES.items():
        with op.batch_alter_table(table, schema=None) as batch_op:
            for column, target in keys:
                batch_op.create_foreign_key(
                    f"fk_{table}_{column}_{target}", target, [column], ["id"]
                )
