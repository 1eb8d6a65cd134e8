"""docs/architecture.md#transport: (user, tradeUUID) is unique; a repeated or concurrent duplicate
of the same request returns the first call's result and never creates a second order; the key
sent again with another body is refused (422)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import BigInteger, Engine, MetaData, String, func, select, text
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from opentamp.accounts.trade_password import verify_trade_password
from opentamp.core.answers import WORLD_VERSION
from opentamp.core.idempotency import (
    CountedCheckInRun,
    KeptWritesInRun,
    refuse_inside_run,
    request_fingerprint,
    run_once,
)
from opentamp.core.sms_codes import check_code
from opentamp.deps import CurrentUser, SessionDep, unit_of_work
from opentamp.errors import AppError, TradeUUIDMismatch
from opentamp.kit.envelope import Envelope, api_router, ok
from opentamp.kit.money import Money
from opentamp.kit.schema import CamelModel, TradeWriteIn
from opentamp.models.accounts import Account
from opentamp.models.auth import TradeRequest
from opentamp.models.versions import DataVersion
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


class Gate:
    """Holds the first call of a tradeUUID inside its run until the test lets it go, so that a
    duplicate is sent while it is surely in flight."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.closed = False
        self.entered = threading.Event()
        self.release = threading.Event()
        self.runs = 0

    def pass_through(self) -> None:
        self.runs += 1
        if self.closed and self.runs == 1:
            self.entered.set()
            assert self.release.wait(60), "the test never opened the gate"


gate = Gate()


def place(
    session: Session,
    *,
    user_id: int,
    trade_uuid: str | None,
    amount: Decimal,
    pause: float = 0,
    body: BuyIn | None = None,
) -> BuyOut:
    def run() -> BuyOut:
        if amount == 0:
            raise Refused()
        order = ProbeOrder(broker_user_id=user_id, trade_uuid=trade_uuid or "", amount=amount)
        session.add(order)
        session.flush()
        time.sleep(pause)  # widen the window in which a concurrent duplicate arrives
        gate.pass_through()
        return BuyOut(order_no=order.id, amount=amount)

    return run_once(
        session,
        user_id=user_id,
        trade_uuid=trade_uuid,
        action="test.buy",
        request=body or BuyIn.model_construct(trade_uuid=trade_uuid, amount=amount),
        schema=BuyOut,
        run=run,
    )


router = api_router()


@router.post("/test/buy")
def buy(body: BuyIn, user: CurrentUser, session: SessionDep) -> Envelope[BuyOut]:
    return ok(
        place(
            session,
            user_id=user.id,
            trade_uuid=body.trade_uuid,
            amount=body.amount,
            pause=0.05,
            body=body,
        )
    )


@pytest.fixture(scope="module", autouse=True)
def probe_table(engine: Engine, app: FastAPI, api: str) -> Iterator[None]:
    ProbeBase.metadata.create_all(engine)
    if not any(getattr(r, "path", "") == f"{api}/test/buy" for r in app.routes):
        app.include_router(router, prefix=api)
    yield
    ProbeBase.metadata.drop_all(engine)


def _version(session: Session, scope: int) -> int:
    return session.scalar(select(DataVersion.version).where(DataVersion.scope_id == scope)) or 0


def _world(session: Session) -> int:
    return session.scalar(select(WORLD_VERSION)) or 0


def count_orders(session: Session, user_id: int) -> int:
    return session.scalar(select(func.count()).where(ProbeOrder.broker_user_id == user_id)) or 0


def test_the_same_uuid_twice_gives_the_first_result(session: Session) -> None:
    user = make_user(session)
    first = place(session, user_id=user.id, trade_uuid="u-1", amount=Decimal("100.00"))
    again = place(session, user_id=user.id, trade_uuid="u-1", amount=Decimal("100.00"))
    assert again == first and again.amount == Decimal("100.00")
    # The same amount written otherwise is the same request.
    assert place(session, user_id=user.id, trade_uuid="u-1", amount=Decimal("100")) == first
    assert count_orders(session, user.id) == 1
    other = place(session, user_id=user.id, trade_uuid="u-2", amount=Decimal("5.00"))
    assert other.order_no != first.order_no and count_orders(session, user.id) == 2


def test_the_row_and_its_answer_are_the_users_writes(session: Session) -> None:
    """The row and its stored answer are written by Core statements, which no event of the
    session sees: the commit still bumps the user's version (and not the world's), and the
    answer is stored for the retry, for a run that writes nothing else."""
    user = make_user(session)
    session.commit()
    mine, world = _version(session, user.id), _world(session)

    def run() -> BuyOut:
        return BuyOut(order_no=7, amount=Decimal("1.50"))

    def call() -> BuyOut:
        return run_once(
            session,
            user_id=user.id,
            trade_uuid="v-1",
            action="test.buy",
            request=BuyIn.model_construct(trade_uuid="v-1", amount=Decimal("1.50")),
            schema=BuyOut,
            run=run,
        )

    first = call()
    session.commit()
    assert (_version(session, user.id), _world(session)) == (mine + 1, world)
    row = session.scalar(select(TradeRequest).where(TradeRequest.broker_user_id == user.id))
    assert row is not None and row.response == {"orderNo": 7, "amount": "1.50"}
    assert call() == first


def test_the_same_uuid_with_another_body_is_refused(session: Session) -> None:
    user = make_user(session)
    place(session, user_id=user.id, trade_uuid="u-1", amount=Decimal("100.00"))
    with pytest.raises(TradeUUIDMismatch) as info:
        place(session, user_id=user.id, trade_uuid="u-1", amount=Decimal("999.00"))
    assert (info.value.status, info.value.code) == (422, 42201)
    assert count_orders(session, user.id) == 1


def test_the_fingerprint_leaves_out_the_key_and_the_credentials() -> None:
    class PayIn(TradeWriteIn):
        amount: Decimal
        trade_password: str
        verify_ticket: str | None = None
        pay_type: str = "card"

    base = request_fingerprint(PayIn(tradeUUID="a", amount=Decimal("10.00"), trade_password="1"))
    for same in (
        PayIn(tradeUUID="b", amount=Decimal("10"), trade_password="2", verify_ticket="t"),
        PayIn(tradeUUID="a", amount=Decimal("10.0"), trade_password="1", pay_type="card"),
    ):
        assert request_fingerprint(same) == base
    for other in (
        PayIn(tradeUUID="a", amount=Decimal("10.01"), trade_password="1"),
        PayIn(tradeUUID="a", amount=Decimal("10.00"), trade_password="1", pay_type="wallet"),
    ):
        assert request_fingerprint(other) != base
    assert len(base) == 64


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
            request=BuyIn(tradeUUID="u-9", amount=Decimal("1.00")),
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
    # The broker every call adds is not part of the request.
    third = client.post(f"{api}/test/buy", json=body | {"broker": 1174}, headers=headers)
    assert third.json() == first.json()
    assert count_orders(session, user.id) == 1


def test_over_http_another_body_answers_422(client: TestClient, api: str, session: Session) -> None:
    user = make_user(session)
    headers = login(session, user)
    first = client.post(
        f"{api}/test/buy", json={"tradeUUID": "h-2", "amount": "10.00"}, headers=headers
    )
    assert first.status_code == 200
    changed = client.post(
        f"{api}/test/buy", json={"tradeUUID": "h-2", "amount": "20.00"}, headers=headers
    )
    assert changed.status_code == 422
    assert changed.json() == {
        "code": 42201,
        "msg": "该交易请求编号已用于内容不同的另一笔交易，请刷新页面后重新提交",
        "error": "trade_uuid_mismatch",
        "data": None,
    }
    again = client.post(
        f"{api}/test/buy", json={"tradeUUID": "h-2", "amount": "10.00"}, headers=headers
    )
    assert again.json() == first.json()
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


class CountedWrong(AppError):
    """An error that keeps the request's writes, as a wrong trade password's count does."""

    code = 62002
    error = "counted_wrong"
    keeps_writes = True


def test_a_run_raising_an_error_that_keeps_writes_is_refused_and_writes_nothing(
    committed: Engine,
) -> None:
    """Without a savepoint the row and the run's writes stand or fall with the request: an
    error that keeps the request's writes, raised inside the run, would commit them half-done
    with the row unanswered. It is refused as a programming error, and the request (its unit
    of work) rolls back whole: neither the count written before the run, nor the row, nor the
    run's order stays."""
    with Session(committed) as s:
        user = make_user(s)
        s.commit()
        user_id = user.id

    def run() -> BuyOut:
        s.add(ProbeOrder(broker_user_id=user_id, trade_uuid="k-1", amount=Decimal("1.00")))
        s.flush()
        raise CountedWrong()

    with Session(committed) as s:
        work = unit_of_work(s)
        next(work)
        s.add(ProbeOrder(broker_user_id=user_id, trade_uuid="count", amount=Decimal("0")))
        with pytest.raises(KeptWritesInRun) as info:
            try:
                run_once(
                    s,
                    user_id=user_id,
                    trade_uuid="k-1",
                    action="test.buy",
                    request=BuyIn.model_construct(trade_uuid="k-1", amount=Decimal("1.00")),
                    schema=BuyOut,
                    run=run,
                )
            except BaseException as error:
                with pytest.raises(type(error)):
                    work.throw(error)
                raise
        assert isinstance(info.value.__cause__, CountedWrong)
    with Session(committed) as s:
        assert count_orders(s, user_id) == 0
        assert s.scalar(select(func.count()).where(TradeRequest.broker_user_id == user_id)) == 0


def test_a_counted_check_inside_a_run_is_refused_whatever_its_outcome(session: Session) -> None:
    """The trade password's and an SMS code's checks count wrong tries, so they belong before
    the run: made inside one, they are refused even when they would pass, and outside the run
    (after it, or in the run's caller) they are not."""
    user = make_user(session)
    seen: list[str] = []
    checks: list[Callable[[], None]] = [
        lambda: refuse_inside_run(session, "a check"),
        lambda: verify_trade_password(session, Account(), password="147258"),
        lambda: check_code(session, phone="13800138000", purpose="buy", code="000000"),
    ]

    refuse_inside_run(session, "a check")  # in the run's caller it is silent
    for n, check in enumerate(checks):

        def run(check: Callable[[], None] = check) -> BuyOut:
            check()  # refused here, before anything else it would do
            seen.append("unreached")
            return BuyOut(order_no=1, amount=Decimal("1.00"))

        with pytest.raises(CountedCheckInRun):
            run_once(
                session,
                user_id=user.id,
                trade_uuid=f"c-{n}",
                action="test.buy",
                request=BuyIn.model_construct(trade_uuid=f"c-{n}", amount=Decimal("1.00")),
                schema=BuyOut,
                run=run,
            )
    assert seen == []
    refuse_inside_run(session, "a check")  # the runs have ended


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


def _waiting_on_a_lock(engine: Engine) -> int:
    with engine.connect() as conn:
        return int(
            conn.scalar(
                text(
                    "SELECT count(*) FROM pg_stat_activity"
                    " WHERE datname = current_database() AND wait_event_type = 'Lock'"
                )
            )
            or 0
        )


@pytest.mark.concurrent
@pytest.mark.parametrize(("amount", "same"), [("1.00", True), ("2.00", False)])
def test_a_duplicate_in_flight_waits_for_the_first_call(
    committed: Engine, app: FastAPI, api: str, amount: str, same: bool
) -> None:
    """The duplicate is sent while the first call is held inside its run: it waits on the first
    call's key, then gets its answer (same body) or 422 (another body); one order either way."""
    if committed.dialect.name == "sqlite":
        pytest.skip("row locks of PostgreSQL (SQLite queues writing requests on its lock)")
    with Session(committed) as s:
        user = make_user(s)
        headers = login(s, user)
        s.commit()
        user_id = user.id

    def post(body: dict) -> httpx.Response:
        with httpx.Client(base_url=base, headers=headers, timeout=120) as http:
            return http.post(f"{api}/test/buy", json=body)

    gate.reset()
    gate.closed = True
    try:
        with live_server(app) as base, ThreadPoolExecutor(2) as pool:
            first = pool.submit(post, {"tradeUUID": "w-1", "amount": "1.00"})
            assert gate.entered.wait(60), "the first call never ran"
            second = pool.submit(post, {"tradeUUID": "w-1", "amount": amount})
            for _ in range(600):  # until the duplicate waits on the first call's key
                if _waiting_on_a_lock(committed) >= 1:
                    break
                time.sleep(0.05)
            else:
                raise AssertionError("the duplicate never waited for the first call")
            assert not second.done()
            gate.release.set()
            answers = first.result(), second.result()
    finally:
        gate.closed = False
        gate.release.set()
    assert answers[0].status_code == 200
    if same:
        assert answers[1].status_code == 200 and answers[1].json() == answers[0].json()
    else:
        assert answers[1].status_code == 422 and answers[1].json()["code"] == 42201
    assert gate.runs == 1
    with Session(committed) as s:
        assert count_orders(s, user_id) == 1
        s.query(ProbeOrder).delete()
        s.commit()
