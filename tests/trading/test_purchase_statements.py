"""The statements of one fund purchase (docs/scale.md#transport-and-purchases), counted on
committed data through the app as it serves: the token read once (with the account, by the
trade password's comparison, and handed to the route), the idempotency row inserted without a
read before it and without a savepoint (``ON CONFLICT DO NOTHING``), the rows read by key (the
financial account, the card, the account and the broker) in one statement, the catalogue rows
(the fund, its fee tiers, the shelf) from memory by the world's version, read in that same
statement, and the answer built from the rows the checks loaded."""

from __future__ import annotations

import threading
from decimal import Decimal
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, event, func, select

from opentamp.core import calendar
from opentamp.db import transaction
from opentamp.kit.clock import clock
from opentamp.models.auth import TradeRequest
from opentamp.models.orders import TradeOrder
from tests.factories import make_fund, make_portfolio
from tests.trading.conftest import PASSWORD, Api, make_trader, make_wallet_fund

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


def test_a_charge_above_the_cards_limit_is_refused_before_anything_is_written(
    served: TestClient, committed: Engine, api: str
) -> None:
    """docs/trading.md "Buying": a purchase, a portfolio purchase or a wallet recharge by a card
    above its single-payment limit is refused (60025) before the request writes anything: no
    idempotency row, no order built and flushed to be rolled back."""
    with transaction() as s:
        trader = make_trader(s)
        trader.card.single_limit = Decimal("50000.00")
        fund = make_fund(s, code="110012")
        po = make_portfolio(s, components=[(fund, Decimal("1"))])
        make_wallet_fund(s)
        po_code = po.code
    me = Api(served, api, trader)
    card = {"paymentMethodId": trader.card.id, "tradePassword": PASSWORD}
    calls = {
        "/trade/buyFund": {"fundCode": "110012", "amount": "50000.01", "payType": "card"},
        "/trade/buyPo": {"poCode": po_code, "amount": "60000.00", "payType": "card"},
        "/trade/rechargeWallet": {"amount": "999999.00"},
    }
    for path, fields in calls.items():
        sent: list[str] = []

        def count(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
            sent.append(statement)  # noqa: B023 (removed before the next call)

        body = {"financialAccountId": trader.fa.id, "tradeUUID": me.uuid(), **card, **fields}
        event.listen(committed, "before_cursor_execute", count)
        try:
            res = me.post(path, body, status=400)
        finally:
            event.remove(committed, "before_cursor_execute", count)
        assert (res["code"], res["msg"]) == (60025, "超过银行卡单笔支付限额 50,000.00 元"), path
        writes = [s for s in sent if s.lstrip().startswith(("INSERT", "UPDATE", "DELETE"))]
        assert writes == [], (path, writes)
    with transaction() as s:
        mine = TradeOrder.broker_user_id == trader.user.id
        assert s.scalar(select(func.count()).select_from(TradeOrder).where(mine)) == 0
        requests = TradeRequest.broker_user_id == trader.user.id
        assert s.scalar(select(func.count()).select_from(TradeRequest).where(requests)) == 0
