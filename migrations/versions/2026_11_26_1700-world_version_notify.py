"""the world's version bumps notified on PostgreSQL (docs/scale.md#the-h5-page)

A trigger on ``data_version`` sends ``NOTIFY opentamp_world`` when a row of the world's shards
(scope ids 0 and below, ``db.WORLD_SCOPES``) is written or deleted, or the table emptied: every
process listening (``core.world_watch``, on any replica) hears at the writer's commit that what
it keeps from rows of no user (the brokers' frame-ancestors of the H5 page) may have changed.
A user's bump notifies nobody. SQLite needs nothing: its processes share one file and learn of
commits by ``PRAGMA data_version``.

Revision ID: 8e1f4a6c2d35
Revises: 5c2a9e4f7b13
Created: 2026-11-26 17:00:00+08:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "8e1f4a6c2d35"
down_revision: str | None = "5c2a9e4f7b13"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(
        "CREATE FUNCTION opentamp_world_changed() RETURNS trigger LANGUAGE plpgsql AS $$ "
        "BEGIN PERFORM pg_notify('opentamp_world', ''); RETURN NULL; END $$"
    )
    op.execute(
        "CREATE TRIGGER data_version_world_written AFTER INSERT OR UPDATE ON data_version "
        "FOR EACH ROW WHEN (NEW.scope_id <= 0) EXECUTE FUNCTION opentamp_world_changed()"
    )
    op.execute(
        "CREATE TRIGGER data_version_world_deleted AFTER DELETE ON data_version "
        "FOR EACH ROW WHEN (OLD.scope_id <= 0) EXECUTE FUNCTION opentamp_world_changed()"
    )
    op.execute(
        "CREATE TRIGGER data_version_emptied AFTER TRUNCATE ON data_version "
        "FOR EACH STATEMENT EXECUTE FUNCTION opentamp_world_changed()"
    )


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for trigger in (
        "data_version_world_written",
        "data_version_world_deleted",
        "data_version_emptied",
    ):
        op.execute(f"DROP TRIGGER {trigger} ON data_version")
    op.execute("DROP FUNCTION opentamp_world_changed()")
