from __future__ import annotations

from collections.abc import Iterator

import pytest

from opentamp.products import service as products_service


@pytest.fixture(autouse=True)
def _fresh_analytics() -> Iterator[None]:
    """Each test builds its own products: computed figures of another test's must not leak."""
    products_service.clear_caches()
    yield
    products_service.clear_caches()
