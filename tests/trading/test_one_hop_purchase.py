"""A fund purchase served in one worker-thread hop (``deps.OneHopWrite``,
docs/scale.md#the-purchase-in-one-hop), on committed data through the app as it serves: one
hop instead of one per dependency, and the same answers as the route's generic path, which
still serves what the one hop leaves to it (reached here by overriding the session with
itself, as the tests' rolled-back session does)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import anyio.to_thread
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import Engine, func, select

from opentamp.db import transaction
from opentamp.deps import get_session
from opentamp.models.accounts import Account
from opentamp.models.orders import TradeOrder
from tests.factories import make_fund
from tests.trading.conftest import PASSWORD, Trader, make_trader

#: What differs between two purchases of the same body: the order's number and time.
VARYING = {"brokerOrderNo", "applyTime"}


@contextmanager
def generic_path(app: FastAPI) -> Iterator[None]:
    """The route's generic path (FastAPI's dependencies, a hop each): the app's session
    overridden, by itself, which the one hop leaves to the route."""
    app.dependency_overrides[get_session] = get_session
    try:
        yield
    finally:
        app.dependency_overrides.pop(get_session, None)


def _body(trader: Trader, fund_code: str, uuid: str, **extra: Any) -> dict[str, Any]:
    return {
        "financialAccountId": trader.fa.id,
        "fundCode": fund_code,
        "amount": "100.00",
        "payType": "card",
        "paymentMethodId": trader.card.id,
        "tradePassword": PASSWORD,
        "tradeUUID": uuid,
        **extra,
    }


def _orders_of(trader: Trader) -> int:
    """How many orders the trader has, committed."""
    with transaction() as s:
        return (
            s.scalar(
                select(func.count())
                .select_from(TradeOrder)
                .where(TradeOrder.broker_user_id == trader.user.id)
            )
            or 0
        )


def _world() -> tuple[Trader, Trader, str]:
    with transaction() as s:
        me, other = make_trader(s), make_trader(s)
        code = make_fund(s, code="110021", min_purchase_amount="10.00").code
    return me, other, code


def test_a_purchase_takes_one_worker_thread_hop(
    served: TestClient, app: FastAPI, committed: Engine, api: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    me, _other, code = _world()
    hops: list[str] = []
    real = anyio.to_thread.run_sync

    async def counted(func: Any, *args: Any, **kwargs: Any) -> Any:
        hops.append(getattr(func, "__name__", repr(func)))
        return await real(func, *args, **kwargs)

    def buy(uuid: str) -> dict[str, Any]:
        res = served.post(f"{api}/trade/buyFund", json=_body(me, code, uuid), headers=me.headers)
        assert res.status_code == 200, res.text
        return res.json()["data"]

    buy("warm")  # the first request of a router builds its tables
    monkeypatch.setattr(anyio.to_thread, "run_sync", counted)
    fast = buy("one")
    assert len(hops) == 1, hops
    hops.clear()
    with generic_path(app):
        generic = buy("two")
    assert len(hops) >= 3, hops  # the comparison, CurrentUser, the endpoint, the commit
    assert {k: v for k, v in fast.items() if k not in VARYING} == {
        k: v for k, v in generic.items() if k not in VARYING
    }
    assert _orders_of(me) == 3


def test_the_purchase_answers_its_order_as_the_order_detail_does(
    served: TestClient, committed: Engine, api: str
) -> None:
    """The answer is built from what placing the order had in hand (the fund's name, the
    card: ``orders.placed_fund_order_out``), not read again: it is the order as
    getOrderDetail reads it from the database."""
    me, _other, code = _world()
    res = served.post(f"{api}/trade/buyFund", json=_body(me, code, "detail"), headers=me.headers)
    assert res.status_code == 200, res.text
    placed = res.json()["data"]
    detail = served.get(
        f"{api}/trade/getOrderDetail",
        params={"brokerOrderNo": placed["brokerOrderNo"]},
        headers=me.headers,
    )
    assert detail.status_code == 200, detail.text
    assert placed == detail.json()["data"]
    assert placed["productName"] and placed["cardTail"] and placed["bankName"]


def test_the_one_hop_answers_as_the_generic_path(
    served: TestClient, app: FastAPI, committed: Engine, api: str
) -> None:
    me, other, code = _world()

    def both(body: dict[str, Any], headers: dict[str, str]) -> list[tuple[int, Any]]:
        answers = []
        for generic in (False, True):
            each = dict(body, tradeUUID=f"{body['tradeUUID']}-{generic}")
            if generic:
                with generic_path(app):
                    res = served.post(f"{api}/trade/buyFund", json=each, headers=headers)
            else:
                res = served.post(f"{api}/trade/buyFund", json=each, headers=headers)
            answers.append((res.status_code, res.json()))
        return answers

    refusals = {
        "another user's account": _body(me, code, "a", financialAccountId=other.fa.id),
        "another user's card": _body(me, code, "b", paymentMethodId=other.card.id),
        "another user's id claimed": _body(me, code, "c", brokerUserId=other.user.id),
        "another account's id claimed": _body(me, code, "d", accountId=other.account.id),
        "below the minimum": _body(me, code, "e", amount="1.00"),
        "an unknown fund": _body(me, code, "f", fundCode="999999"),
        "a body the schema refuses": _body(me, code, "g", amount="-5"),
        "no such pay type": _body(me, code, "h", payType="cash"),
    }
    for name, body in refusals.items():
        fast, generic = both(body, me.headers)
        assert fast == generic, name
        assert fast[0] != 200 and fast[1]["data"] is None, (name, fast)
    fast, generic = both(_body(me, code, "i"), {"Authorization": "Bearer no-such-token"})
    assert fast == generic and fast[0] == 401
    # a wrong password, counted once by each path
    fast, generic = both(_body(me, code, "j", tradePassword="000000"), me.headers)
    assert (fast[1]["code"], generic[1]["code"]) == (62002, 62002)
    assert "还可尝试4次" in fast[1]["msg"] and "还可尝试3次" in generic[1]["msg"]
    with transaction() as s:
        account = s.get(Account, me.account.id)
        assert account is not None and account.trade_password_failures == 2


def test_a_repeated_trade_uuid_is_answered_from_the_first_call_by_either_path(
    served: TestClient, app: FastAPI, committed: Engine, api: str
) -> None:
    me, _other, code = _world()
    url = f"{api}/trade/buyFund"
    first = served.post(url, json=_body(me, code, "r"), headers=me.headers)
    again = served.post(url, json=_body(me, code, "r"), headers=me.headers)
    with generic_path(app):
        generic = served.post(url, json=_body(me, code, "r"), headers=me.headers)
    assert first.status_code == again.status_code == generic.status_code == 200
    assert first.json() == again.json() == generic.json()
    changed = served.post(url, json=_body(me, code, "r", amount="200.00"), headers=me.headers)
    assert changed.status_code == 422 and changed.json()["error"] == "trade_uuid_mismatch"
    assert _orders_of(me) == 1
