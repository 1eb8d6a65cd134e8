"""The hand-made holdings of tests/assets serve the shelf's tests too."""

from tests.assets.conftest import world  # noqa: F401
