"""The lockouts hold under parallel guesses (docs/accounts.md#security): five wrong tries lock
the trade password, and five wrong tries lock an SMS code, however many guesses arrive at
once. Each failure is counted on a locked row before the secret is compared, so a burst of
guesses is evaluated one at a time and the sixth is refused without being looked at.

PostgreSQL only: on SQLite every writing request holds the database lock, so the requests of
a burst run one after another anyway."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from argon2 import PasswordHasher
from fastapi import FastAPI
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from opentamp.accounts import trade_password
from opentamp.accounts.trade_password import MAX_FAILURES
from opentamp.core import sms_codes
from opentamp.models.accounts import Account
from opentamp.models.orders import TradeOrder
from opentamp.models.verification import SmsCode
from tests.factories import make_fund
from tests.live import live_server
from tests.sms import SmsRecorder
from tests.trading.conftest import PASSWORD, RecordingGateway, make_trader

GUESSES = 40
WRONG = "024680"


@pytest.fixture
def postgres(committed: Engine) -> Engine:
    if committed.dialect.name == "sqlite":
        pytest.skip("a race of row locks: PostgreSQL only (SQLite serialises writing requests)")
    return committed


class Counter:
    def __init__(self) -> None:
        self.n = 0
        self._lock = threading.Lock()

    def add(self) -> None:
        with self._lock:
            self.n += 1


class CountingHasher(PasswordHasher):
    """The test-strength hasher, counting how many passwords it compared."""

    def __init__(self, counter: Counter) -> None:
        super().__init__(time_cost=1, memory_cost=1024, parallelism=1)
        self.counter = counter

    def verify(self, hash: str | bytes, password: str | bytes) -> bool:  # noqa: A002
        self.counter.add()
        return super().verify(hash, password)


@pytest.fixture
def compared(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter]:
    counter = Counter()
    monkeypatch.setattr(trade_password, "_hasher", CountingHasher(counter))
    yield counter


def burst(base: str, headers: dict[str, str], send: Callable[[httpx.Client], Any]) -> list[dict]:
    """``GUESSES`` requests at once, each from its own client (its own connection)."""
    barrier = threading.Barrier(GUESSES)

    def one(_: int) -> dict:
        with httpx.Client(base_url=base, headers=headers, timeout=120) as http:
            barrier.wait()
            res = send(http)
            answer: dict = res.json()
            return answer

    with ThreadPoolExecutor(GUESSES) as pool:
        return list(pool.map(one, range(GUESSES)))


@pytest.mark.concurrent
def test_parallel_wrong_trade_passwords_lock_after_five(
    postgres: Engine, app: FastAPI, api: str, gateway: RecordingGateway, compared: Counter
) -> None:
    with Session(postgres) as s:
        trader = make_trader(s)
        fund = make_fund(s)
        s.commit()
        account_id, user_id, headers = trader.account.id, trader.user.id, trader.headers
        body = {
            "financialAccountId": trader.fa.id,
            "fundCode": fund.code,
            "amount": "100.00",
            "payType": "card",
            "paymentMethodId": trader.card.id,
        }
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
    assert right["code"] == 62003 and right["error"] == "trade_password_locked"
    assert compared.n == evaluated  # the right password was not even compared
    with Session(postgres) as s:
        account = s.get(Account, account_id)
        assert account is not None and account.trade_password_locked_until is not None
        assert s.scalars(select(TradeOrder).where(TradeOrder.broker_user_id == user_id)).all() == []
    assert gateway.calls == []


@pytest.mark.concurrent
def test_parallel_wrong_sms_codes_lock_after_five(
    postgres: Engine, app: FastAPI, api: str, sms: SmsRecorder, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Session(postgres) as s:
        trader = make_trader(s)
        trader.account.trade_verify_method = "PASSWORD_SMS"
        s.commit()
        phone, headers = trader.account.phone, trader.headers
    counter = Counter()
    digest = sms_codes._digest

    def counting_digest(salt: str, code: str) -> str:
        counter.add()
        return digest(salt, code)

    with live_server(app) as base:
        with httpx.Client(base_url=base, headers=headers, timeout=60) as http:
            sent = http.post(f"{api}/trade/buyVerifyCode/send", json={}).json()
            assert sent["code"] == 0, sent
        code = sms.code(phone, "trade")
        wrong = f"{(int(code) + 1) % 1_000_000:06d}"
        monkeypatch.setattr(sms_codes, "_digest", counting_digest)
        answers = burst(
            base,
            headers,
            lambda http: http.post(f"{api}/trade/buyVerifyCode/check", json={"code": wrong}),
        )
        evaluated = counter.n
        with httpx.Client(base_url=base, headers=headers, timeout=60) as http:
            right = http.post(f"{api}/trade/buyVerifyCode/check", json={"code": code}).json()

    codes = sorted(a["code"] for a in answers)
    assert codes == [50108] * (MAX_FAILURES - 1) + [50109] * (GUESSES - MAX_FAILURES + 1), codes
    assert evaluated <= MAX_FAILURES
    assert right["code"] == 50109
    with Session(postgres) as s:
        row = s.scalar(select(SmsCode).where(SmsCode.phone == phone))
        assert row is not None and row.failures == MAX_FAILURES and row.used_at is None
