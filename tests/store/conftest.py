from __future__ import annotations

from collections.abc import Iterator

import pytest

from opentamp.products import analytics


@pytest.fixture(autouse=True)
def _fresh_analytics() -> Iterator[None]:
    """Each test builds its own products: computed figures of another test's must not leak."""
    analytics.clear_cache()
    yield
    analytics.clear_cache()
