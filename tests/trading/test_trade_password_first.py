"""The trade password compared before the write transaction (docs/accounts.md#security): on
SQLite a purchase's comparison does not hold the database's write lock, on PostgreSQL the
purchase's transaction does not hold the account's row lock (two purchases of one account run
side by side); a wrong try is counted once in a short write of its own, a right one is compared
once (its proof stands for the second comparison inside the transaction), and a burst of
guesses still locks after five with at most five compared, on either database."""

from __future__ import annotations

import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal

import httpx
import pytest
from argon2 import extract_parameters
from fastapi import FastAPI
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from opentamp.accounts import trade_password
from opentamp.accounts.trade_password import MAX_FAILURES, PEPPERED
from opentamp.models.accounts import Account
from opentamp.models.orders import TradeOrder
from opentamp.outside.payment import PaymentResult, use_payment_gateway
from tests.factories import make_fund, peppered_hash_of_the_former_cost
from tests.live import live_server
from tests.trading.conftest import PASSWORD, RecordingGateway, make_trader
from tests.trading.test_lockout_races import GUESSES, WRONG, Counter, CountingHasher, burst


@pytest.fixture
def compared(monkeypatch: pytest.MonkeyPatch) -> Counter:
    counter = Counter()
    monkeypatch.setattr(trade_password, "_hasher", CountingHasher(counter))
    return counter


class LockWatchingHasher(CountingHasher):
    """Notes, at each comparison, whether another connection could take SQLite's write lock
    at once (nobody holds it)."""

    def __init__(self, counter: Counter, database: str) -> None:
        super().__init__(counter)
        self.database = database
        self.lock_free: list[bool] = []

    def verify(self, hash: str | bytes, password: str | bytes) -> bool:  # noqa: A002
        probe = sqlite3.connect(self.database, timeout=0, isolation_level=None)
        try:
            probe.execute("BEGIN IMMEDIATE")
            probe.execute("ROLLBACK")
            self.lock_free.append(True)
        except sqlite3.OperationalError:
            self.lock_free.append(False)
        finally:
            probe.close()
        return super().verify(hash, password)


@pytest.mark.concurrent
def test_on_sqlite_a_purchase_compares_outside_the_write_lock(
    committed: Engine,
    app: FastAPI,
    api: str,
    gateway: RecordingGateway,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    if committed.dialect.name != "sqlite":
        pytest.skip("SQLite's one write lock")
    hasher = LockWatchingHasher(Counter(), str(committed.url.database))
    monkeypatch.setattr(trade_password, "_hasher", hasher)
    _, _, headers, body = _world(committed)
    with live_server(app) as base, httpx.Client(base_url=base, headers=headers) as http:
        for n, password in enumerate((WRONG, PASSWORD)):
            http.post(
                f"{api}/trade/buyFund", json=body | {"tradePassword": password, "tradeUUID": f"{n}"}
            )
    assert hasher.lock_free == [True, True]


class HoldingGateway(RecordingGateway):
    """Holds the first charge until ``release`` is set: its purchase waits, mid-transaction."""

    def __init__(self) -> None:
        super().__init__()
        self.holding = threading.Event()
        self.release = threading.Event()

    def charge(self, *, token: str, amount: Decimal, order_no: str) -> PaymentResult:
        if not self.holding.is_set():
            self.holding.set()
            assert self.release.wait(60)
        return super().charge(token=token, amount=amount, order_no=order_no)


@pytest.mark.concurrent
def test_on_postgresql_purchases_of_one_account_run_side_by_side(
    committed: Engine, app: FastAPI, api: str
) -> None:
    if committed.dialect.name == "sqlite":
        pytest.skip("SQLite has one writer at a time")
    _, user_id, headers, body = _world(committed)
    gateway = HoldingGateway()
    use_payment_gateway(gateway)
    try:
        with live_server(app) as base, ThreadPoolExecutor(1) as pool:
            with httpx.Client(base_url=base, headers=headers, timeout=60) as http:
                first = pool.submit(
                    http.post,
                    f"{api}/trade/buyFund",
                    json=body | {"tradePassword": PASSWORD, "tradeUUID": "held"},
                )
                assert gateway.holding.wait(60)
                # the first purchase is inside its transaction, between its order and its commit
                second = http.post(
                    f"{api}/trade/buyFund",
                    json=body | {"tradePassword": PASSWORD, "tradeUUID": "beside"},
                    timeout=20,
                ).json()
                gateway.release.set()
                assert second["code"] == 0, second
                assert first.result().json()["code"] == 0
    finally:
        gateway.release.set()
        use_payment_gateway(None)
    with Session(committed) as s:
        orders = s.scalars(select(TradeOrder).where(TradeOrder.broker_user_id == user_id)).all()
        assert len(orders) == 2


def _world(engine: Engine) -> tuple[int, int, dict[str, str], dict[str, object]]:
    with Session(engine) as s:
        trader = make_trader(s)
        trader.account.trade_password_hash = None
        trade_password.set_trade_password(trader.account, password=PASSWORD)
        fund = make_fund(s)
        s.commit()
        body: dict[str, object] = {
            "financialAccountId": trader.fa.id,
            "fundCode": fund.code,
            "amount": "100.00",
            "payType": "card",
            "paymentMethodId": trader.card.id,
        }
        return trader.account.id, trader.user.id, trader.headers, body


@pytest.mark.concurrent
def test_one_comparison_per_try_and_a_wrong_one_counted_once(
    committed: Engine, app: FastAPI, api: str, gateway: RecordingGateway, compared: Counter
) -> None:
    account_id, user_id, headers, body = _world(committed)
    with live_server(app) as base, httpx.Client(base_url=base, headers=headers) as http:
        wrong = http.post(
            f"{api}/trade/buyFund", json=body | {"tradePassword": WRONG, "tradeUUID": "w1"}
        ).json()
        assert wrong["code"] == 62002 and "还可尝试4次" in wrong["msg"], wrong
        assert compared.n == 1
        right = http.post(
            f"{api}/trade/buyFund", json=body | {"tradePassword": PASSWORD, "tradeUUID": "r1"}
        ).json()
        assert right["code"] == 0, right
        assert compared.n == 2  # the right try too was compared once, not twice
    with Session(committed) as s:
        account = s.get(Account, account_id)
        assert account is not None and account.trade_password_failures == 0
        assert (account.trade_password_hash or "").startswith(PEPPERED)
        orders = s.scalars(select(TradeOrder).where(TradeOrder.broker_user_id == user_id)).all()
        assert len(orders) == 1
    assert len(gateway.calls) == 1


@pytest.mark.concurrent
def test_a_burst_of_wrong_tries_locks_after_five_on_either_database(
    committed: Engine, app: FastAPI, api: str, gateway: RecordingGateway, compared: Counter
) -> None:
    account_id, user_id, headers, body = _world(committed)
    with live_server(app) as base:
        answers = burst(
            base,
            headers,
            lambda http: http.post(
                f"{api}/trade/buyFund",
                json=body | {"tradePassword": WRONG, "tradeUUID": f"g-{threading.get_ident()}"},
            ),
        )
        evaluated = compared.n
        with httpx.Client(base_url=base, headers=headers, timeout=60) as http:
            right = http.post(
                f"{api}/trade/buyFund", json=body | {"tradePassword": PASSWORD, "tradeUUID": "r"}
            ).json()
    codes = sorted(a["code"] for a in answers)
    assert codes == [62002] * (MAX_FAILURES - 1) + [62003] * (GUESSES - MAX_FAILURES + 1), codes
    assert evaluated <= MAX_FAILURES
    assert right["code"] == 62003
    assert compared.n == evaluated
    with Session(committed) as s:
        account = s.get(Account, account_id)
        assert account is not None and account.trade_password_locked_until is not None
        assert s.scalars(select(TradeOrder).where(TradeOrder.broker_user_id == user_id)).all() == []
    assert gateway.calls == []


@pytest.mark.concurrent
def test_a_purchase_renews_a_hash_of_the_former_cost_once(
    committed: Engine, app: FastAPI, api: str, gateway: RecordingGateway
) -> None:
    """An account hashed at 2 MiB and two passes (before issue 19's cheaper cost) buys as
    before; its first purchase renews the hash at today's cost, the next leaves it."""
    account_id, user_id, headers, body = _world(committed)
    old = peppered_hash_of_the_former_cost(PASSWORD)
    with Session(committed) as s:
        account = s.get(Account, account_id)
        assert account is not None
        account.trade_password_hash = old
        s.commit()

    def stored() -> str:
        with Session(committed) as s:
            account = s.get(Account, account_id)
            assert account is not None
            return account.trade_password_hash or ""

    with live_server(app) as base, httpx.Client(base_url=base, headers=headers) as http:
        first = http.post(
            f"{api}/trade/buyFund", json=body | {"tradePassword": PASSWORD, "tradeUUID": "1"}
        ).json()
        assert first["code"] == 0, first
        renewed = stored()
        assert renewed != old and renewed.startswith(PEPPERED)
        params = extract_parameters(renewed[len(PEPPERED) :])
        assert (params.memory_cost, params.time_cost) == (1024, 1)
        second = http.post(
            f"{api}/trade/buyFund", json=body | {"tradePassword": PASSWORD, "tradeUUID": "2"}
        ).json()
        assert second["code"] == 0, second
        assert stored() == renewed
    with Session(committed) as s:
        orders = s.scalars(select(TradeOrder).where(TradeOrder.broker_user_id == user_id)).all()
        assert len(orders) == 2
