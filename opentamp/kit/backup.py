"""Backups of the database (docs/development.md#backups).

SQLite: :func:`backup_sqlite` copies the live database with SQLite's online backup API in a
single step, that is inside one read transaction: the copy is the database as of its last
commit, whatever writers do meanwhile (in WAL mode they are not even held up). A daily
pipeline running during the backup is either entirely in the copy or not at all, since a day
is one transaction. :func:`restore_sqlite` checks the file (an SQLite database that passes
``PRAGMA integrity_check`` and has been migrated) and copies it back over the live database,
again through the backup API, so the live file, its WAL and its readers stay coherent.

PostgreSQL: ``pg_dump`` is the tool; :func:`pg_commands` gives the two commands for a URL.
"""

from __future__ import annotations

import shlex
import sqlite3
from pathlib import Path

from sqlalchemy import make_url


class BackupError(Exception):
    """A backup or restore that cannot be made; the message is for the operator (Chinese)."""


def sqlite_path(url: str) -> Path:
    database = make_url(url).database
    if not database or database == ":memory:":
        raise BackupError("内存数据库无法备份")
    return Path(database)


def backup_sqlite(url: str, target: Path) -> int:
    """Copy the SQLite database of ``url`` to ``target`` (replaced if present); returns its
    size in bytes."""
    source_path = sqlite_path(url)
    if not source_path.exists():
        raise BackupError(f"数据库文件不存在：{source_path}")
    if target.resolve() == source_path.resolve():
        raise BackupError("备份文件不能是数据库文件本身")
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    source = sqlite3.connect(source_path, timeout=30)
    try:
        copy = sqlite3.connect(partial)
        try:
            source.backup(copy)  # every page in one step: one consistent snapshot
            copy.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
        finally:
            copy.close()
    finally:
        source.close()
    partial.replace(target)
    return target.stat().st_size


def check_sqlite_backup(path: Path) -> None:
    """Refuse anything but a sound, migrated OpenTAMP database."""
    if not path.is_file():
        raise BackupError(f"备份文件不存在：{path}")
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            (result,) = conn.execute("PRAGMA integrity_check").fetchone()
            migrated = conn.execute(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?",
                ("alembic_version",),
            ).fetchone()[0]
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"不是有效的 SQLite 备份文件：{exc}") from None
    if result != "ok":
        raise BackupError(f"备份文件已损坏：{result}")
    if not migrated:
        raise BackupError("备份文件不是 OpenTAMP 数据库（缺少迁移记录）")


def restore_sqlite(url: str, source: Path) -> None:
    """Replace the SQLite database of ``url`` with the backup ``source`` (checked first)."""
    check_sqlite_backup(source)
    target_path = sqlite_path(url)
    if source.resolve() == target_path.resolve():
        raise BackupError("备份文件不能是数据库文件本身")
    target_path.parent.mkdir(parents=True, exist_ok=True)
    backup = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        live = sqlite3.connect(target_path, timeout=30)
        try:
            backup.backup(live)
        finally:
            live.close()
    finally:
        backup.close()


def pg_commands(url: str, target: Path) -> tuple[str, str]:
    """The ``pg_dump`` and ``pg_restore`` commands for a PostgreSQL URL (the driver part of
    ``postgresql+psycopg://`` dropped, as libpq wants it)."""
    parsed = make_url(url).set(drivername="postgresql")
    plain = parsed.render_as_string(hide_password=False)
    dump = (
        f"pg_dump --format=custom --no-owner --file {shlex.quote(str(target))} {shlex.quote(plain)}"
    )
    restore = (
        f"pg_restore --clean --if-exists --no-owner --single-transaction "
        f"--dbname {shlex.quote(plain)} {shlex.quote(str(target))}"
    )
    return dump, restore
