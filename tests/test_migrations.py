"""The migrations build exactly the schema the models describe, and can be undone."""

from __future__ import annotations

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Engine, inspect

from opentamp.db import Base
from opentamp.migrate import alembic_config, upgrade


def test_models_and_migrations_agree(engine: Engine) -> None:
    with engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True})
        diff = compare_metadata(context, Base.metadata)
    assert diff == [], f"models differ from migrations; write a migration: {diff}"


def test_downgrade_to_base_and_back(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from opentamp.db import make_engine

    engine = make_engine(f"sqlite:///{tmp_path / 'm.db'}")
    with engine.begin() as conn:
        upgrade(conn)
        command.downgrade(alembic_config(conn), "base")
        assert set(inspect(conn).get_table_names()) <= {"alembic_version"}
        upgrade(conn)
        assert "broker_user" in inspect(conn).get_table_names()
    engine.dispose()
