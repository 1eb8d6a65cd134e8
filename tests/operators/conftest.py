"""Operators for the tests: created through the service, as the command line does."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from argon2 import PasswordHasher

from opentamp.operators import service

PASSWORD = "secret2026pass"


@pytest.fixture(autouse=True)
def _fast_hasher(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A test-strength hasher: the lockout is what the tests exercise, not the hash's cost."""
    monkeypatch.setattr(service, "_hasher", PasswordHasher(time_cost=1, memory_cost=1024))
    yield
