"""docs/rules.md#cut-off-and-dates past the calendar's known range: an order on New Year's Eve
2026 after the cut-off belongs to Monday 2027-01-04 (New Year's Day is closed)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from decimal import Decimal

from sqlalchemy.orm import Session

from opentamp.kit.clock import BEIJING, frozen
from tests.factories import make_fund
from tests.trading.conftest import Api, Trader, make_trader


def test_get_trade_date_on_new_years_eve_after_the_cut_off(
    session: Session, api_of: Callable[[Trader], Api]
) -> None:
    fund = make_fund(session, purchase_rate=Decimal("0.015"))
    with frozen(datetime(2026, 12, 31, 16, 0, tzinfo=BEIJING)):
        me = api_of(make_trader(session))
        dates = me.get("/trade/getTradeDate", productCode=fund.code)["data"]
    assert dates["tradeDate"] == "2027-01-04"
    assert dates["confirmDate"] == "2027-01-05"
    assert dates["profitDate"] == "2027-01-06"
