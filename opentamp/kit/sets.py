"""Helpers of the set-based daily steps: temporary tables a step materialises, and constants
as a column of a given scale stores them."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlalchemy import Column, MetaData, Table, literal_column, text
from sqlalchemy.orm import Session
from sqlalchemy.sql.elements import ColumnElement

from opentamp.kit.money import SqlMoney


def scratch(session: Session, name: str, *columns: Column[Any]) -> Table:
    """A temporary table of this transaction's connection: a step materialises the sets it
    joins more than once, so the database plans each join on real row counts (a subquery
    with a window function is estimated blindly, and a nested loop over two of them grows
    with the square of the day's rows)."""
    table = Table(name, MetaData(), *columns, prefixes=["TEMPORARY"])
    connection = session.connection()
    table.drop(connection, checkfirst=True)
    table.create(connection)
    return table


def analyze(session: Session, m: SqlMoney, table: Table) -> None:
    """Fresh statistics of a scratch table (PostgreSQL; SQLite plans without them)."""
    if not m.sqlite:
        session.execute(text(f"ANALYZE {table.name}"))


def constant(m: SqlMoney, value: Decimal, scale: int) -> ColumnElement[Any]:
    """A constant as a column of ``scale`` stores it (minor units on SQLite)."""
    if m.sqlite:
        return literal_column(str(int(value.scaleb(scale))))
    return literal_column(f"CAST('{value}' AS NUMERIC)")
