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


def _in_a_fresh_process(code: str) -> str:
    """What ``code`` prints, run by a Python of its own (nothing imported by the tests)."""
    env = {**os.environ, "OPENTAMP_DATABASE_URL": "sqlite:///unused.db"}
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    ).stdout


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
    out = _in_a_fresh_process(code)
    assert out.strip() == "[]"


def test_each_route_is_built_once() -> None:
    """FastAPI builds each route of an included router again, under the inclusion's prefix,
    when the router is first used; the router's own routes are built on use only
    (kit/routing.py: BuiltOnUseRoute), so every route of the app, all of them used, is built
    once (docs/scale.md#memory)."""
    code = (
        "import fastapi.routing as r\n"
        "built = []\n"
        "real = r._populate_api_route_state\n"
        "def spy(route, path, *args, **kwargs):\n"
        "    built.append(path)\n"
        "    return real(route, path, *args, **kwargs)\n"
        "r._populate_api_route_state = spy\n"
        "import opentamp.app\n"
        "app = opentamp.app.create_app()\n"
        "routes = [c for c in r.iter_route_contexts(app.router.routes)\n"
        "          if isinstance(c.original_route, r.APIRoute)]\n"
        "assert len(routes) > 400\n"
        "assert all(c.dependant is not None for c in routes)  # the app's own, built on use\n"
        "served = sorted(c.path for c in routes)\n"
        "print(len(built), len(routes), sorted(built) == served)\n"
    )
    out = _in_a_fresh_process(code)
    built, routes, same = out.split()
    assert built == routes and same == "True", out
