"""docs/architecture.md#transport under load: 1 000 tradeUUIDs, each posted as 10 concurrent copies
to a real server,
make exactly 1 000 orders and 1 000 card charges; every copy answers with its uuid's order."""

from __future__ import annotations

from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from argon2 import PasswordHasher
from fastapi import FastAPI
from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session

from opentamp.accounts import trade_password
from opentamp.models.auth import TradeRequest
from opentamp.models.orders import TradeOrder
from tests.factories import make_fund
from tests.live import live_server
from tests.trading.conftest import PASSWORD, RecordingGateway, make_trader

UUIDS = 1000
COPIES = 10


@pytest.mark.concurrent
def test_duplicates_under_load_make_one_order_each(
    committed: Engine,
    app: FastAPI,
    api: str,
    gateway: RecordingGateway,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Each copy verifies the trade password before it is known to be a copy; the hash's cost
    # (tens of ms) is not what this test is about, 10 000 of them would be minutes.
    monkeypatch.setattr(
        trade_password, "_hasher", PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
    )
    with Session(committed) as s:
        trader = make_trader(s)
        fund = make_fund(s)
        s.commit()
        user_id, headers = trader.user.id, trader.headers
        body = {
            "financialAccountId": trader.fa.id,
            "fundCode": fund.code,
            "amount": "100.00",
            "payType": "card",
            "paymentMethodId": trader.card.id,
            "tradePassword": PASSWORD,
        }
    # The copies of one uuid sit next to each other in the queue, so they run at the same time.
    tasks = [f"load-{i}" for i in range(UUIDS) for _ in range(COPIES)]
    threads = 10 if committed.dialect.name == "sqlite" else 20

    with (
        live_server(app) as base,
        httpx.Client(base_url=base, headers=headers, timeout=120) as http,
    ):

        def post(uuid: str) -> tuple[str, dict]:
            res = http.post(f"{api}/trade/buyFund", json=body | {"tradeUUID": uuid})
            return uuid, res.json()

        with ThreadPoolExecutor(threads) as pool:
            answers = list(pool.map(post, tasks))

    numbers: dict[str, set[str]] = defaultdict(set)
    for uuid, answer in answers:
        assert answer["code"] == 0, answer
        numbers[uuid].add(answer["data"]["brokerOrderNo"])
    assert len(numbers) == UUIDS and all(len(n) == 1 for n in numbers.values())
    assert len({n for ns in numbers.values() for n in ns}) == UUIDS
    assert sum(1 for call in gateway.calls if call[0] == "charge") == UUIDS
    with Session(committed) as s:
        count = (
            select(func.count()).select_from(TradeOrder).where(TradeOrder.broker_user_id == user_id)
        )
        assert s.scalar(count) == UUIDS
        requests = select(func.count()).where(TradeRequest.broker_user_id == user_id)
        assert s.scalar(requests) == UUIDS
