"""every write of the brokers and teams made known by the database (docs/scale.md#the-h5-page)

The H5 page keeps each broker's frame-ancestors in memory (``core/broker_watch.py``) and must
learn of any change to ``broker`` or ``team`` — through the models or by SQL of an operator's
own — at once, on every process and replica. So the database says it itself: on PostgreSQL a
statement trigger on each table sends ``NOTIFY opentamp_brokers`` (delivered at the commit to
every process listening); on SQLite (one file, one machine) row triggers bump the version of the
scope ``db.BROKERS_SCOPE`` (−8, below the world's shards) in ``data_version``, which a process
reads when ``PRAGMA data_version`` says that another connection committed.

Revision ID: 8e1f4a6c2d35
Revises: 7d3b1f6a2c58
Created: 2026-11-26 18:00:00+08:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "8e1f4a6c2d35"
down_revision: str | None = "7d3b1f6a2c58"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLES = ("broker", "team")
#: db.BROKERS_SCOPE, as it was when this was written.
BROKERS_SCOPE = -8
SQLITE_EVENTS = ("insert", "update", "delete")


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(
            "CREATE FUNCTION opentamp_brokers_changed() RETURNS trigger LANGUAGE plpgsql AS $$ "
            "BEGIN PERFORM pg_notify('opentamp_brokers', ''); RETURN NULL; END $$"
        )
        for table in TABLES:
            op.execute(
                f"CREATE TRIGGER {table}_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE "
                f"ON {table} FOR EACH STATEMENT EXECUTE FUNCTION opentamp_brokers_changed()"
            )
        return
    for table in TABLES:
        for event in SQLITE_EVENTS:
            op.execute(
                f"CREATE TRIGGER {table}_{event}_bumps AFTER {event.upper()} ON {table} BEGIN "
                f"INSERT INTO data_version (scope_id, version) VALUES ({BROKERS_SCOPE}, 1) "
                "ON CONFLICT (scope_id) DO UPDATE SET version = version + 1; END"
            )


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        for table in TABLES:
            op.execute(f"DROP TRIGGER {table}_changed ON {table}")
        op.execute("DROP FUNCTION opentamp_brokers_changed()")
        return
    for table in TABLES:
        for event in SQLITE_EVENTS:
            op.execute(f"DROP TRIGGER {table}_{event}_bumps")
