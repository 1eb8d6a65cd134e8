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


def test_the_app_loads_without_the_optimiser_and_pdf_libraries() -> None:
    """PyPortfolioOpt (cvxpy, scipy, pandas) and fpdf2 (numpy) are imported when a plan is
    computed or a document rendered, not by the server's start."""
    code = (
        "import sys, opentamp.app\n"
        "heavy = ('pypfopt', 'cvxpy', 'scipy', 'pandas', 'numpy', 'fpdf')\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"
