import pytest

from opentamp.errors import InvalidPage
from opentamp.kit.pagination import has_more, page_bounds, page_offset


def test_defaults_and_limits() -> None:
    assert page_bounds(None, None, base=1, default_size=10) == (1, 10)
    assert page_bounds(None, None, base=0, default_size=20) == (0, 20)
    assert page_bounds(3, 100, base=1, default_size=10) == (3, 100)
    for page, size in [(0, 10), (1, 0), (1, 101)]:
        with pytest.raises(InvalidPage) as raised:
            page_bounds(page, size, base=1, default_size=10)
        assert raised.value.message == "分页参数有误：页码从1开始，每页1至100条"


def test_has_more_counts_from_the_calls_base() -> None:
    # 25 rows in pages of 10: pages 1 and 2 leave rows after them, page 3 does not.
    assert [has_more(p, 10, 25) for p in (1, 2, 3)] == [True, True, False]
    assert [has_more(p, 10, 25, base=0) for p in (0, 1, 2)] == [True, True, False]
    assert has_more(2, 10, 20) is False
    assert page_offset(3, 10) == 20
    assert page_offset(3, 10, base=0) == 30
