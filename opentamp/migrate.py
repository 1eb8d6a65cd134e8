"""Schema migrations (Alembic) run from the package: ``opentamp db upgrade``."""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection

from opentamp.config import PROJECT_ROOT


def alembic_config(connection: Connection | None = None) -> Config:
    cfg = Config(str(PROJECT_ROOT / "alembic.ini"))
    cfg.set_main_option("script_location", str(PROJECT_ROOT / "migrations"))
    if connection is not None:
        cfg.attributes["connection"] = connection
    return cfg


def upgrade(connection: Connection | None = None, revision: str = "head") -> None:
    command.upgrade(alembic_config(connection), revision)
