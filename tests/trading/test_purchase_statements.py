"""The statements of one fund purchase (docs/scale.md#transport-and-purchases), counted on
committed data through the app as it serves: the token read once (with the account, by the
trade password's comparison, and handed to the route), the idempotency row inserted without a
read before it and without a savepoint (``ON CONFLICT DO NOTHING``), the rows read by key (the
financial account, the card, the account and the broker) in one statement, the catalogue rows
(the fund, its fee tiers, the shelf) from memory by the world's version, read in that same
statement, and the answer built from the rows the checks loaded."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, event, func, select

from opentamp.core import calendar
from opentamp.db import transaction
from opentamp.kit.clock import clock
from opentamp.models.auth import TradeRequest
from opentamp.models.orders import TradeOrder
from tests.factories import make_fund
from tests.trading.conftest import Api, make_trader

#: Statements sent for one purchase, at most (``BEGIN`` included; 25 on SQLite and 22 on
#: PostgreSQL before: two token reads, a second session for the account, the idempotency
#: row read and two savepoints, the fund and card read again for the answer; then 16 and 14
#: with the fund, its fee tiers and the shelf read each time instead of from memory by the
#: world's version, core.catalogue; then 14 and 12 with the financial account, the card, the
#: account and the broker read one statement each instead of together; then 11 and 9 with the
#: world's version, for the catalogue rows from memory, read in a statement of its own; then 10
#: and 8 with the idempotent run in a savepoint, its SAVEPOINT and RELEASE).
MOST = {"sqlite": 8, "postgresql": 6}


def test_one_purchase_sends_few_statements_and_reads_the_token_once(
    served: TestClient, committed: Engine, api: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with transaction() as s:
        trader = make_trader(s)
        make_fund(s, code="110011")
    me = Api(served, api, trader)
    me.buy_fund("110011", "100.00")  # the first request of a router builds its tables
    sent: list[str] = []

    def count(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        sent.append(statement)

    # The demo clock's shared state is read again once a second, whatever the requests, on the
    # request's thread or a thread of its own (kit.clock): held as it is for the counted
    # purchase, once a read already under way is over.
    clock.override(clock.state())
    for thread in threading.enumerate():
        if thread.name == "clock-state":
            thread.join()
    # The trading calendar's version is checked once a second too (core.calendar), in whichever
    # request comes after the second is up: on a busy machine, the counted one. Held likewise.
    monkeypatch.setattr(calendar, "VERSION_CHECK_SECONDS", 3600.0)
    calendar.get_calendar()
    event.listen(committed, "before_cursor_execute", count)
    try:
        order = me.buy_fund("110011", "100.00")["data"]
    finally:
        event.remove(committed, "before_cursor_execute", count)
        clock.override(None)
    assert len(sent) <= MOST[committed.dialect.name], "\n".join(sent)
    assert sum("FROM auth_token" in s or "JOIN auth_token" in s for s in sent) == 1
    assert not any(s.startswith(("SAVEPOINT", "RELEASE")) for s in sent)
    # the rows the checks read by key, in one statement (trading.repository.purchase_rows)
    by_key = [s for s in sent if s.startswith("SELECT") and "FROM financial_account" in s]
    assert len(by_key) == 1 and all(
        f"JOIN {table} ON" in by_key[0] for table in ("payment_method", "account", "broker")
    )
    # the world's version (core.catalogue) read with them, not in a statement of its own
    assert [s for s in sent if s.startswith("SELECT") and "data_version" in s] == by_key
    assert not any(s.startswith("SELECT") and "FROM broker \n" in s for s in sent)
    assert not any(s.startswith("SELECT") and "FROM trade_request" in s for s in sent)
    for table in ("fund", "fund_fee_tier", "product_shelf"):  # from memory (core.catalogue)
        assert not any(f"FROM {table} \n" in s or s.endswith(f"FROM {table}") for s in sent), table
    with transaction() as s:
        assert s.scalar(select(func.count()).select_from(TradeOrder)) == 2
        assert s.scalar(select(func.count()).select_from(TradeRequest)) == 2
    assert order["tradeAmount"] == "100.00" and order["productName"]
