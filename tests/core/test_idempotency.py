"""docs/architecture.md#transport: (user, tradeUUID) is unique; a repeated or concurrent duplicate
returns the first
call's result and never creates a second order."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import BigInteger, Engine, MetaData, String, func, select
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from opentamp.core.idempotency import run_once
from opentamp.deps import CurrentUser, SessionDep
from opentamp.errors import AppError
from opentamp.kit.envelope import Envelope, api_router, ok
from opentamp.kit.money import Money
from opentamp.kit.schema import CamelModel, TradeWriteIn
from opentamp.models.auth import TradeRequest
from tests.factories import login, make_user
from tests.live import live_server


class ProbeBase(DeclarativeBase):
    metadata = MetaData()


class ProbeOrder(ProbeBase):
    __tablename__ = "t_probe_order"
    id: Mapped[int] = mapped_column(
        BigInteger().with_variant(__import__("sqlalchemy").Integer(), "sqlite"), primary_key=True
    )
    broker_user_id: Mapped[int] = mapped_column(BigInteger)
    trade_uuid: Mapped[str] = mapped_column(String(64))
    amount: Mapped[Decimal] = mapped_column(Money())


class BuyIn(TradeWriteIn):
    amount: Decimal


class BuyOut(CamelModel):
    order_no: int
    amount: Decimal


class Refused(AppError):
    code = 60002
    error = "refused"
    msg = "金额不能为 0"


def place(
    session: Session, *, user_id: int, trade_uuid: str | None, amount: Decimal, pause: float = 0
) -> BuyOut:
    def run() -> BuyOut:
        if amount == 0:
            raise Refused()
        order = ProbeOrder(broker_user_id=user_id, trade_uuid=trade_uuid or "", amount=amount)
        session.add(order)
        session.flush()
        time.sleep(pause)  # widen the window in which a concurrent duplicate arrives
        return BuyOut(order_no=order.id, amount=amount)

    return run_once(
        session, user_id=user_id, trade_uuid=trade_uuid, action="test.buy", schema=BuyOut, run=run
    )


router = api_router()


@router.post("/test/buy")
def buy(body: BuyIn, user: CurrentUser, session: SessionDep) -> Envelope[BuyOut]:
    return ok(
        place(session, user_id=user.id, trade_uuid=body.trade_uuid, amount=body.amount, pause=0.05)
    )


@pytest.fixture(scope="module", autouse=True)
def probe_table(engine: Engine, app: FastAPI, api: str) -> Iterator[None]:
    ProbeBase.metadata.create_all(engine)
    if not any(getattr(r, "path", "") == f"{api}/test/buy" for r in app.routes):
        app.include_router(router, prefix=api)
    yield
    ProbeBase.metadata.drop_all(engine)


def count_orders(session: Session, user_id: int) -> int:
    return session.scalar(select(func.count()).where(ProbeOrder.broker_user_id == user_id)) or 0


def test_the_same_uuid_twice_gives_the_first_result(session: Session) -> None:
    user = make_user(session)
    first = place(session, user_id=user.id, trade_uuid="u-1", amount=Decimal("100.00"))
    again = place(session, user_id=user.id, trade_uuid="u-1", amount=Decimal("999.00"))
    assert again == first and again.amount == Decimal("100.00")
    assert count_orders(session, user.id) == 1
    other = place(session, user_id=user.id, trade_uuid="u-2", amount=Decimal("5.00"))
    assert other.order_no != first.order_no and count_orders(session, user.id) == 2


def test_uuids_are_per_user(session: Session) -> None:
    alice, bob = make_user(session), make_user(session)
    place(session, user_id=alice.id, trade_uuid="same", amount=Decimal("1.00"))
    place(session, user_id=bob.id, trade_uuid="same", amount=Decimal("2.00"))
    assert count_orders(session, alice.id) == 1 and count_orders(session, bob.id) == 1


def test_a_uuid_is_required(session: Session) -> None:
    user = make_user(session)
    with pytest.raises(AppError) as info:
        place(session, user_id=user.id, trade_uuid=None, amount=Decimal("1.00"))
    assert info.value.code == 40001


def test_a_uuid_of_another_action_is_refused(session: Session) -> None:
    user = make_user(session)
    place(session, user_id=user.id, trade_uuid="u-9", amount=Decimal("1.00"))
    with pytest.raises(AppError) as info:
        run_once(
            session,
            user_id=user.id,
            trade_uuid="u-9",
            action="test.redeem",
            schema=BuyOut,
            run=lambda: BuyOut(order_no=0, amount=Decimal("0")),
        )
    assert info.value.error == "trade_uuid_reused"


def test_over_http_twice(client: TestClient, api: str, session: Session) -> None:
    user = make_user(session)
    headers = login(session, user)
    body = {"tradeUUID": "h-1", "amount": "10.00", "broker": 1154}
    first = client.post(f"{api}/test/buy", json=body, headers=headers)
    second = client.post(f"{api}/test/buy", json=body, headers=headers)
    assert first.status_code == second.status_code == 200
    assert first.json() == second.json()
    assert first.json()["data"]["amount"] == "10.00"
    assert count_orders(session, user.id) == 1


def test_a_failed_first_call_writes_nothing_and_may_be_retried(
    client: TestClient, api: str, session: Session
) -> None:
    user = make_user(session)
    headers = login(session, user)
    res = client.post(f"{api}/test/buy", json={"amount": "1.00"}, headers=headers)
    assert res.status_code == 400 and res.json()["msg"] == "缺少必填参数：tradeUUID"
    res = client.post(f"{api}/test/buy", json={"tradeUUID": "f-1", "amount": "0"}, headers=headers)
    assert res.status_code == 400 and res.json()["code"] == 60002
    assert session.scalar(select(func.count()).where(TradeRequest.broker_user_id == user.id)) == 0
    res = client.post(
        f"{api}/test/buy", json={"tradeUUID": "f-1", "amount": "3.00"}, headers=headers
    )
    assert res.status_code == 200 and count_orders(session, user.id) == 1


@pytest.mark.concurrent
def test_concurrent_duplicates_create_one_order(committed: Engine, app: FastAPI, api: str) -> None:
    with Session(committed) as s:
        user = make_user(s)
        headers = login(s, user)
        s.commit()
        user_id = user.id
    uuids = [f"c-{i}" for i in range(20)]
    copies = 10
    barrier = threading.Barrier(copies)

    with live_server(app) as base, httpx.Client(base_url=base, headers=headers, timeout=60) as http:

        def post(uuid: str) -> dict:
            return http.post(f"{api}/test/buy", json={"tradeUUID": uuid, "amount": "1.00"}).json()

        def burst(uuid: str) -> list[dict]:
            def one(_: int) -> dict:
                barrier.wait()
                return post(uuid)

            with ThreadPoolExecutor(copies) as pool:
                return list(pool.map(one, range(copies)))

        results = [burst(u) for u in uuids]

    for answers in results:
        assert all(a["code"] == 0 for a in answers), answers
        assert len({a["data"]["orderNo"] for a in answers}) == 1
    with Session(committed) as s:
        assert count_orders(s, user_id) == len(uuids)
        assert s.scalar(select(func.count()).where(TradeRequest.broker_user_id == user_id)) == len(
            uuids
        )
        s.query(ProbeOrder).delete()
        s.commit()
