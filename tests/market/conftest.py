from __future__ import annotations

from collections.abc import Iterator

import pytest

from opentamp.products import catalogue as products_catalogue


@pytest.fixture(autouse=True)
def _fresh_analytics() -> Iterator[None]:
    """Each test builds its own products: computed figures of another test's must not leak."""
    products_catalogue.clear_caches()
    yield
    products_catalogue.clear_caches()
