"""The server's memory (kit/memory.py): malloc arenas capped, heavy libraries loaded on use."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from opentamp.kit.memory import DEFAULT_ARENAS, limit_malloc_arenas

GLIBC = sys.platform.startswith("linux") and os.confstr("CS_GNU_LIBC_VERSION") is not None


@pytest.mark.skipif(not GLIBC, reason="glibc's mallopt")
def test_arenas_capped_and_passed_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MALLOC_ARENA_MAX", raising=False)
    assert limit_malloc_arenas() == DEFAULT_ARENAS
    assert os.environ["MALLOC_ARENA_MAX"] == str(DEFAULT_ARENAS)


@pytest.mark.skipif(not GLIBC, reason="glibc's mallopt")
def test_an_operators_cap_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MALLOC_ARENA_MAX", "4")
    assert limit_malloc_arenas() == 4
    assert os.environ["MALLOC_ARENA_MAX"] == "4"


def test_the_app_loads_without_the_libraries_of_rare_work() -> None:
    """PyPortfolioOpt (cvxpy, scipy, pandas) and fpdf2 (numpy) are imported when a plan is
    computed or a document rendered, Pillow and the captcha package when a picture is read or
    drawn, the holidays package for a day past the known calendar, and on SQLite neither
    psycopg nor procrastinate (PostgreSQL's driver and task queue): not by the server's start
    (docs/scale.md#memory)."""
    code = (
        "import sys, opentamp.app\n"
        "opentamp.app.create_app()\n"
        "heavy = ('pypfopt', 'cvxpy', 'scipy', 'pandas', 'numpy', 'fpdf', 'PIL', 'captcha',\n"
        "         'holidays', 'psycopg', 'procrastinate')\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
    )
    env = {**os.environ, "OPENTAMP_DATABASE_URL": "sqlite:///unused.db"}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    ).stdout
    assert out.strip() == "[]"
