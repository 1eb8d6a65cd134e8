"""Five wrong passwords lock an operator however many guesses arrive at once: each sign-in
locks the operator's row before it looks at the count or the password, so a burst is evaluated
one at a time and the guesses after the lock are refused without being compared.

PostgreSQL only: on SQLite every writing request holds the database lock anyway."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from argon2 import PasswordHasher
from fastapi import FastAPI
from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session

from opentamp.models.operators import Operator, OperatorAudit
from opentamp.operators import service
from opentamp.operators.service import MAX_FAILURES
from tests.factories import make_broker
from tests.live import live_server
from tests.operators.conftest import PASSWORD

GUESSES = 20


class CountingHasher(PasswordHasher):
    def __init__(self) -> None:
        super().__init__(time_cost=1, memory_cost=1024, parallelism=1)
        self.compared = 0
        self._lock = threading.Lock()

    def verify(self, hash: str | bytes, password: str | bytes) -> bool:  # noqa: A002
        with self._lock:
            self.compared += 1
        return super().verify(hash, password)


@pytest.mark.concurrent
def test_parallel_wrong_passwords_lock_after_five(
    committed: Engine, app: FastAPI, api: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if committed.dialect.name == "sqlite":
        pytest.skip("a race of row locks: PostgreSQL only (SQLite serialises writing requests)")
    with Session(committed) as s:
        broker_id = make_broker(s).id
        operator_id = service.create_operator(
            s, broker_id=broker_id, login="tougu", display_name="陈静", password=PASSWORD,
            roles=["adviser"],
        ).id  # fmt: skip
        s.commit()
    hasher = CountingHasher()
    monkeypatch.setattr(service, "_hasher", hasher)
    barrier = threading.Barrier(GUESSES)
    body = {"brokerId": broker_id, "login": "tougu", "password": "wrong-pass-1"}

    def guess(_: int) -> dict[str, Any]:
        with httpx.Client(base_url=base, timeout=120) as http:
            barrier.wait()
            answer: dict[str, Any] = http.post(f"{api}/operator/auth/login", json=body).json()
            return answer

    with live_server(app) as base:
        with ThreadPoolExecutor(GUESSES) as pool:
            answers = list(pool.map(guess, range(GUESSES)))
        evaluated = hasher.compared
        with httpx.Client(base_url=base, timeout=60) as http:
            right = http.post(
                f"{api}/operator/auth/login", json=body | {"password": PASSWORD}
            ).json()

    codes = sorted(a["code"] for a in answers)
    assert codes == [67001] * (MAX_FAILURES - 1) + [67002] * (GUESSES - MAX_FAILURES + 1)
    assert evaluated == MAX_FAILURES
    assert right["code"] == 67002 and hasher.compared == evaluated
    with Session(committed) as s:
        operator = s.get(Operator, operator_id)
        assert operator is not None and operator.locked_until is not None
        tries = s.scalar(
            select(func.count()).where(
                OperatorAudit.operator_id == operator_id, OperatorAudit.action == "auth.login"
            )
        )
        assert tries == GUESSES + 1
