"""Alembic environment: the database of the settings, or a connection handed in by a caller
(``opentamp db upgrade`` and the tests pass one in ``config.attributes``)."""

from __future__ import annotations

from alembic import context

import opentamp.models  # noqa: F401  (registers every table)
from opentamp.db import Base, db

target_metadata = Base.metadata


def run_with(connection) -> None:  # type: ignore[no-untyped-def]
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = context.config.attributes.get("connection")
    if connection is not None:
        run_with(connection)
        return
    with db.engine.connect() as connection:
        run_with(connection)


if context.is_offline_mode():
    context.configure(url=str(db.engine.url), target_metadata=target_metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    run_migrations_online()
