"""Pages of a list: the one page type and the page arithmetic every paged call uses.

A call counts its pages from 0 or from 1 (the API keeps each call's own convention, so ``base``
says which); a page holds 1 to 100 rows. ``has_more`` is true while rows remain after the page.
"""

from __future__ import annotations

from typing import Generic, TypeVar

from opentamp.errors import InvalidPage
from opentamp.kit.schema import CamelModel

T = TypeVar("T")

MAX_PAGE_SIZE = 100


class PageOut(CamelModel, Generic[T]):
    """A page of a list: ``page`` as the call counts it (0- or 1-based)."""

    list: list[T]
    total: int
    page: int
    size: int
    has_more: bool


def page_bounds(
    page: int | None, size: int | None, *, base: int, default_size: int
) -> tuple[int, int]:
    """The page and size asked for, with defaults; a page before ``base`` or a size outside
    1..100 is refused (:class:`InvalidPage`)."""
    page = base if page is None else page
    size = default_size if size is None else size
    if page < base or size < 1 or size > MAX_PAGE_SIZE:
        raise InvalidPage(base=base)
    return page, size


def page_offset(page: int, size: int, *, base: int = 1) -> int:
    """The index of the page's first row: page 1 (base 1) or page 0 (base 0) starts at 0."""
    return (page - base) * size


def has_more(page: int, size: int, total: int, *, base: int = 1) -> bool:
    """Whether rows remain after this page: 25 rows, pages of 10 → pages 1 and 2 have more,
    page 3 does not."""
    return page_offset(page, size, base=base) + size < total
