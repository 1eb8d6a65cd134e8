"""The notice centre (docs/notices.md): events written in the transaction that causes them,
one notice per event (of a user's day of finished orders, one per order), reading, paging,
announcements, and another user's notice → 404."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import delete, func, literal, select, union_all
from sqlalchemy import event as sqla_event
from sqlalchemy.orm import Session

from opentamp.core import events
from opentamp.kit.clock import BEIJING, as_beijing, frozen
from opentamp.models.accounts import FinancialAccount
from opentamp.models.auth import BrokerUser
from opentamp.models.notices import Notice, OutboxEvent
from opentamp.models.orders import TradeOrder
from opentamp.models.products import STATUS_STOP_ALLOT, Fund
from opentamp.notices.service import deliver, notices
from tests.factories import login, make_broker, make_fund, make_portfolio, make_user
from tests.notices.helpers import notices_of
from tests.operators.test_operators import bearer, make_operator, sign_in
from tests.settlement.helpers import investor, navs, order, purchase, settle

MON, TUE, WED = date(2026, 11, 16), date(2026, 11, 17), date(2026, 11, 18)


def _count(session: Session, model: Any) -> int:
    return session.scalar(select(func.count()).select_from(model)) or 0


def _buy(
    session: Session, fa: FinancialAccount, fund: Fund, on: date = MON, net: str = "985.22"
) -> None:
    """A purchase of 1 000.00 of ``fund`` placed ``on`` a day, due the next (its NAVs set)."""
    navs(session, fund, {on: "1.0000", on + timedelta(days=1): "1.0000"})
    purchase(
        session, fa, fund, amount="1000.00", fee="14.78", net=net, rate="0.015", trade_date=on,
        confirm_date=on + timedelta(days=1),
    )  # fmt: skip


def _confirmed_purchase(session: Session) -> tuple[FinancialAccount, BrokerUser]:
    """A purchase of 1 000.00 placed on Monday, confirmed on Tuesday."""
    fa = investor(session)
    _buy(session, fa, make_fund(session, name="测试成长混合"))
    user = session.get(BrokerUser, fa.broker_user_id)
    assert user is not None
    return fa, user


def _events(session: Session) -> list[tuple[str, str, int | None, date]]:
    return sorted(
        session.execute(
            select(
                OutboxEvent.kind,
                OutboxEvent.key,
                OutboxEvent.broker_user_id,
                OutboxEvent.occurred_on,
            )
        )
    )


def _notices(session: Session) -> list[tuple[int | None, int, str]]:
    return sorted(session.execute(select(Notice.broker_user_id, Notice.order_id, Notice.kind)))


def test_settlement_records_one_event_per_user_and_day_and_delivery_a_notice_per_order(
    session: Session,
) -> None:
    """Two purchases of one user confirmed on Tuesday and one of another user: an event per
    user for the day, a notice per order; a purchase of the first user confirmed on Wednesday:
    an event of its own. Settling a day again records nothing; delivering again makes nothing."""
    fa, user = _confirmed_purchase(session)
    other = investor(session)
    _buy(session, fa, make_fund(session, name="测试价值混合"))
    _buy(session, other, make_fund(session))
    _buy(session, fa, make_fund(session, name="测试债券"), on=TUE)
    settle(session, TUE)
    # sorted as _events sorts them: by key, as text (user 10's before user 9's)
    assert _events(session) == sorted([
        (events.ORDERS_FINISHED, f"orders.finished:{user.id}:2026-11-17", user.id, TUE),
        (events.ORDERS_FINISHED, f"orders.finished:{other.broker_user_id}:2026-11-17",
         other.broker_user_id, TUE),
    ])  # fmt: skip
    settle(session, TUE)
    assert _count(session, OutboxEvent) == 2
    assert deliver(session) == 3
    assert deliver(session) == 0
    settle(session, WED)
    settle(session, WED)
    assert _count(session, OutboxEvent) == 3
    assert deliver(session) == 1
    assert deliver(session) == 0
    orders = session.execute(
        select(TradeOrder.broker_user_id, TradeOrder.id, literal(events.ORDER_CONFIRMED))
    )
    assert _notices(session) == sorted(orders)
    assert session.scalar(select(func.count()).where(OutboxEvent.delivered_at.is_(None))) == 0


def _order_events(session: Session, day: date, *orders: TradeOrder) -> None:
    """The events of one order each that settlement recorded before 2026-11-27 for ``orders``
    finished on ``day`` (``order.confirmed:<order no>``), not yet delivered."""
    o = TradeOrder
    events.record_events(
        session,
        select(
            literal(events.ORDER_CONFIRMED + ":") + o.broker_order_no,
            literal(events.ORDER_CONFIRMED), BrokerUser.broker_id, o.broker_user_id,
            o.broker_order_no, o.fund_code, o.confirmed_amount,
            o.order_code + literal("|") + o.fail_reason, literal(day),
            literal(events.event_moment(day)),
        )
        .join(BrokerUser, BrokerUser.id == o.broker_user_id)
        .where(o.id.in_([row.id for row in orders])),
    )  # fmt: skip


def _notices_of_orders(session: Session) -> list[tuple[str, str]]:
    """Each order's notices: ``(order number, the kind of the event that made it)``."""
    own = select(TradeOrder.broker_order_no, OutboxEvent.kind).join(
        Notice, Notice.event_id == OutboxEvent.id
    )
    return sorted(
        session.execute(
            union_all(
                own.join(TradeOrder, TradeOrder.broker_order_no == OutboxEvent.ref).where(
                    Notice.order_id == 0
                ),
                own.join(TradeOrder, TradeOrder.id == Notice.order_id),
            )
        )
    )


def test_a_day_settled_again_after_the_change_makes_no_second_notice_of_an_order(
    session: Session,
) -> None:
    """A day settled before 2026-11-27 left an event of one order each in the outbox; settled
    again after the change, it records its user's day too. Delivered together or one after the
    other, in either order, each order has one notice, and every event is delivered."""
    fa, _ = _confirmed_purchase(session)
    _buy(session, fa, make_fund(session, name="测试价值混合"))
    settle(session, TUE)
    day_event = session.scalars(select(OutboxEvent)).one()
    first, second = session.scalars(select(TradeOrder).order_by(TradeOrder.id)).all()
    # the outbox as the change found it: the orders' own events, not yet delivered
    session.delete(day_event)
    _order_events(session, TUE, first, second)
    settle(session, TUE)  # the day again: its user's day recorded
    assert deliver(session) == 2
    assert deliver(session) == 0
    own = [(first.broker_order_no, events.ORDER_CONFIRMED),
           (second.broker_order_no, events.ORDER_CONFIRMED)]  # fmt: skip
    assert _notices_of_orders(session) == own
    assert session.scalar(select(func.count()).where(OutboxEvent.delivered_at.is_(None))) == 0

    # the order's events delivered before the day was settled again; then one order with its
    # own event and one without: the day tells the other
    session.execute(delete(Notice))
    session.execute(delete(OutboxEvent))
    _order_events(session, TUE, first)
    assert deliver(session) == 1
    settle(session, TUE)
    assert deliver(session) == 1
    assert _notices_of_orders(session) == [
        (first.broker_order_no, events.ORDER_CONFIRMED),
        (second.broker_order_no, events.ORDERS_FINISHED),
    ]
    assert session.scalar(select(func.count()).where(OutboxEvent.delivered_at.is_(None))) == 0

    # the other way round: the day told both orders, then an order's own event arrives
    session.execute(delete(Notice))
    session.execute(delete(OutboxEvent))
    settle(session, TUE)
    assert deliver(session) == 2
    _order_events(session, TUE, first, second)
    assert deliver(session) == 0
    assert [kind for _, kind in _notices_of_orders(session)] == [events.ORDERS_FINISHED] * 2
    assert session.scalar(select(func.count()).where(OutboxEvent.delivered_at.is_(None))) == 0


def test_notices_follow_their_events_order(session: Session) -> None:
    """One delivery of a user's Tuesday, a card to re-sign recorded after it and the user's
    Wednesday: the notices' ids (the list's newest first) follow the events', as with a notice
    per event."""
    fa, user = _confirmed_purchase(session)
    _buy(session, fa, make_fund(session), on=TUE)
    settle(session, TUE)
    events.record_events(  # a set-based step's event: delivered with the pipeline's last step
        session,
        select(
            literal("card.resign:t1"), literal(events.CARD_RESIGN), literal(user.broker_id),
            literal(user.id), literal(""), literal("尾号1234"), literal(None), literal(""),
            literal(TUE), literal(events.event_moment(TUE)),
        ),
    )  # fmt: skip
    settle(session, WED)
    assert deliver(session) == 3
    kinds = session.scalars(select(Notice.kind).order_by(Notice.id)).all()
    assert kinds == [events.ORDER_CONFIRMED, events.CARD_RESIGN, events.ORDER_CONFIRMED]


def test_a_notice_of_an_order_reads_as_the_event_of_one_order_did(
    client: TestClient, api: str, session: Session
) -> None:
    """The notices of a confirmed and a failed purchase, made from the user's day, say what
    the events of one order each (as settlement recorded them before, and as they stay in
    the outbox) say: the same title, text, link, category, kind and time."""
    # on Monday's clock: the events' moment is Tuesday's pipeline time, not now
    with frozen(datetime(2026, 11, 16, 10, 0, tzinfo=BEIJING)):
        fa, user = _confirmed_purchase(session)
        stopped = make_fund(session, name="测试暂停混合", status=STATUS_STOP_ALLOT)
        _buy(session, fa, stopped)
        settle(session, TUE)
        deliver(session)
        headers = login(session, user)
        new = notices_of(client, api, headers, "TRADE")
        assert len(new) == 2
        # the detail of each, and another user's: not found
        for notice in new:
            one = client.get(
                f"{api}/notice/detail", params={"noticeId": notice["noticeId"]}, headers=headers
            ).json()["data"]
            assert one == notice
        stranger = login(session, make_user(session))
        res = client.get(
            f"{api}/notice/detail", params={"noticeId": new[0]["noticeId"]}, headers=stranger
        )
        assert (res.status_code, res.json()["code"]) == (404, 72101)
        # an order has one notice whatever its events: the day's notices gone, the events of
        # one order make theirs
        session.execute(delete(Notice))
        for row in session.scalars(select(TradeOrder).order_by(TradeOrder.id)):  # one an order
            done = row.confirm_status == "2"
            events.record_event(
                session, kind=events.ORDER_CONFIRMED if done else events.ORDER_FAILED,
                key=row.broker_order_no, broker_id=user.broker_id, broker_user_id=user.id,
                ref=row.broker_order_no, subject=session.get_one(Fund, row.fund_code).name,
                amount=row.confirmed_amount if done else row.trade_amount,
                detail=f"{row.order_code}|{row.fail_reason}", occurred_on=TUE,
                at=events.event_moment(TUE),
            )  # fmt: skip
        deliver(session)
        before = notices_of(client, api, headers, "TRADE")
        assert session.scalars(select(Notice.order_id)).all() == [0, 0]
        assert [n["title"] for n in before] == [n["title"] for n in new]

        def seen(notice: dict[str, Any]) -> dict[str, Any]:
            return {k: v for k, v in notice.items() if k != "noticeId"}

        assert sorted(map(str, map(seen, new))) == sorted(map(str, map(seen, before)))
        confirmed = next(n for n in new if n["kind"] == events.ORDER_CONFIRMED)
        failed = next(n for n in new if n["kind"] == events.ORDER_FAILED)
        assert (confirmed["title"], confirmed["content"]) == (
            "申购已确认",
            "您2026年11月17日确认的测试成长混合申购订单已确认成功，确认金额985.22元。",
        )
        assert failed["title"] == "申购失败"
        assert failed["content"].startswith(
            "您的测试暂停混合申购订单（1,000.00元）确认失败。失败原因："
        )
        order_no = session.scalars(select(TradeOrder.broker_order_no).where(
            TradeOrder.fund_code == stopped.code)).one()  # fmt: skip
        assert failed["link"] == f"/orderResult?brokerOrderNo={order_no}"


@pytest.mark.parametrize(
    ("meta", "what"),
    [
        (None, "组合买入"),
        # a 定投 plan's purchase reads 定投 as a fund's 039 does (rules/order_words.py)
        ({"investPlanId": 3, "executionId": 9}, "组合定投"),
    ],
)
def test_a_portfolio_order_is_one_notice(
    client: TestClient, api: str, session: Session, meta: dict[str, int] | None, what: str
) -> None:
    fa = investor(session)
    funds = [make_fund(session) for _ in range(2)]
    po = make_portfolio(
        session, name="测试稳健组合", components=[(f, Decimal("0.5")) for f in funds]
    )
    for f in funds:
        navs(session, f, {MON: "1.0000", TUE: "1.0000"})
    parent = order(
        session, fa, code="P02", fund_code="", portfolio_code=po.code, status="P0",
        trade_date=MON, confirm_date=TUE, trade_amount=Decimal("2000.00"), fee=Decimal("3.00"),
        net_amount=Decimal("1997.00"), pay_method="card", ext_meta_info=meta,
    )  # fmt: skip
    for f in funds:
        purchase(
            session, fa, f, amount="1000.00", fee="1.50", net="998.50", rate="0.0015",
            trade_date=MON, confirm_date=TUE, parent_id=parent.id, portfolio_code=po.code,
        )  # fmt: skip
    settle(session, TUE)
    assert deliver(session) == 1
    assert _notices(session) == [(fa.broker_user_id, parent.id, events.ORDER_CONFIRMED)]
    [notice] = notices_of(
        client, api, login(session, session.get_one(BrokerUser, fa.broker_user_id)), "TRADE"
    )
    assert notice["title"] == f"{what}已确认"
    assert notice["content"].startswith(f"您2026年11月17日确认的测试稳健{what}订单")


def test_the_list_of_notices_takes_as_many_statements_for_many_orders(
    session: Session,
) -> None:
    """A page of notices of orders reads their orders in its one query: as many statements
    for five notices of orders as for one."""
    fa, user = _confirmed_purchase(session)
    crowd = investor(session)
    for k in range(5):
        _buy(session, crowd, make_fund(session), net=f"98{k}.22")
    settle(session, TUE)
    deliver(session)
    counts = []
    readers = [user, session.get_one(BrokerUser, crowd.broker_user_id)]
    for who in readers:
        session.refresh(who)
    for who in readers:
        seen: list[str] = []
        connection = session.connection()

        def count(*args: Any, seen: list[str] = seen) -> None:
            seen.append(args[2])

        sqla_event.listen(connection, "before_cursor_execute", count)
        page = notices(session, user=who, category=None, page=1, size=10)
        sqla_event.remove(connection, "before_cursor_execute", count)
        counts.append((len(page.list), len(seen)))
    assert [n for n, _ in counts] == [1, 5]
    assert counts[0][1] == counts[1][1]


def test_a_notice_is_stamped_when_its_day_ran_on_the_market_clock(session: Session) -> None:
    """`market advance` settles the next trading day before it moves the demo clock there: the
    notice of a purchase confirmed on Tuesday is stamped Tuesday evening (the day's pipeline
    time), not Monday morning, when the clock still stood; a day settled after its evening
    (a catch-up) keeps the moment it really ran."""
    _, user = _confirmed_purchase(session)
    with frozen(datetime(2026, 11, 16, 10, 0, tzinfo=BEIJING)):
        settle(session, TUE)
        deliver(session)
    notice = session.scalars(select(Notice).where(Notice.broker_user_id == user.id)).one()
    assert as_beijing(notice.created_at) == datetime(2026, 11, 17, 20, 0, tzinfo=BEIJING)

    later = datetime(2026, 11, 18, 9, 15, tzinfo=BEIJING)
    with frozen(later):
        assert events.event_moment(TUE) == later


def test_a_failed_purchase_is_a_notice_with_its_reason(
    client: TestClient, api: str, session: Session
) -> None:
    """A purchase of a fund that stopped taking purchases by its confirmation day fails in
    settlement: the user's day's event, whose ``order.failed`` notice gives the amount paid and
    the reason."""
    fa = investor(session)
    fund = make_fund(session, name="测试暂停混合", status=STATUS_STOP_ALLOT)
    _buy(session, fa, fund)
    settle(session, TUE)
    [event] = session.scalars(
        select(OutboxEvent).where(OutboxEvent.broker_user_id == fa.broker_user_id)
    ).all()
    assert (event.kind, event.occurred_on) == (events.ORDERS_FINISHED, TUE)
    deliver(session)
    [kind] = session.scalars(select(Notice.kind)).all()
    assert kind == events.ORDER_FAILED
    user = session.get_one(BrokerUser, fa.broker_user_id)
    trade = client.get(
        f"{api}/notice/getNotice", params={"category": "TRADE"}, headers=login(session, user)
    )
    [notice] = trade.json()["data"]["list"]
    assert notice["title"] == "申购失败"
    assert "测试暂停混合" in notice["content"] and "1,000.00元" in notice["content"]
    assert "失败原因：" in notice["content"] and "暂停申购" in notice["content"]


def test_a_rolled_back_settlement_leaves_no_event(session: Session) -> None:
    _confirmed_purchase(session)
    savepoint = session.begin_nested()
    settle(session, TUE)
    assert _count(session, OutboxEvent) == 1
    savepoint.rollback()
    assert _count(session, OutboxEvent) == 0


def test_an_event_recorded_in_a_rolled_back_transaction_leaves_nothing(
    session: Session,
) -> None:
    user = make_user(session)
    savepoint = session.begin_nested()
    assert events.record_event(
        session, kind=events.CARD_RESIGN, key="x1", broker_id=user.broker_id,
        broker_user_id=user.id, subject="招商银行尾号1234",
    )  # fmt: skip
    # delivered at once by the inline task, in the same transaction
    assert _count(session, Notice) == 1
    savepoint.rollback()
    assert _count(session, OutboxEvent) == 0
    assert _count(session, Notice) == 0
    # recorded twice: once
    assert events.record_event(
        session, kind=events.CARD_RESIGN, key="x1", broker_id=user.broker_id,
        broker_user_id=user.id,
    )  # fmt: skip
    assert not events.record_event(
        session, kind=events.CARD_RESIGN, key="x1", broker_id=user.broker_id,
        broker_user_id=user.id,
    )  # fmt: skip
    assert _count(session, OutboxEvent) == 1


def _notify(session: Session, user: BrokerUser, n: int, kind: str = events.CARD_RESIGN) -> None:
    for i in range(n):
        events.record_event(
            session, kind=kind, key=f"{user.id}:{kind}:{i}", broker_id=user.broker_id,
            broker_user_id=user.id, subject=f"尾号{i:04d}", detail="2026-12-01",
        )  # fmt: skip
    deliver(session)


def test_read_read_all_and_the_badge(client: TestClient, api: str, session: Session) -> None:
    _, user = _confirmed_purchase(session)
    settle(session, TUE)
    deliver(session)
    _notify(session, user, 2, events.SURVEY_EXPIRING)
    headers = login(session, user)
    badge = client.get(f"{api}/notice/getUnReadNotice", headers=headers).json()["data"]
    assert badge["total"] == 3
    assert {c["category"]: c["unread"] for c in badge["categories"]} == {
        "TRADE": 1, "ADVISORY": 0, "ACCOUNT": 2, "ANNOUNCEMENT": 0,
    }  # fmt: skip
    trade = client.get(f"{api}/notice/getNotice", params={"category": "TRADE"}, headers=headers)
    [notice] = trade.json()["data"]["list"]
    assert notice["title"] == "申购已确认"
    assert "测试成长混合" in notice["content"] and "985.22元" in notice["content"]
    assert notice["link"].startswith("/orderResult?brokerOrderNo=")
    assert notice["isRead"] is False
    read = client.post(f"{api}/notice/read", json={"noticeId": notice["noticeId"]}, headers=headers)
    assert read.json()["data"]["isRead"] is True
    # reading twice is harmless
    client.post(f"{api}/notice/read", json={"noticeId": notice["noticeId"]}, headers=headers)
    badge = client.get(f"{api}/notice/getUnReadNotice", headers=headers).json()["data"]
    assert badge["total"] == 2
    res = client.post(f"{api}/notice/readAll", json={"category": "ACCOUNT"}, headers=headers)
    assert res.json()["data"] == {"count": 2}
    badge = client.get(f"{api}/notice/getUnReadNotice", headers=headers).json()["data"]
    assert badge["total"] == 0
    assert client.post(f"{api}/notice/readAll", json={}, headers=headers).json()["data"] == {
        "count": 0
    }


def test_paging_newest_first(client: TestClient, api: str, session: Session) -> None:
    user = make_user(session)
    _notify(session, user, 12)
    headers = login(session, user)
    url = f"{api}/notice/getNotice"
    first = client.get(url, params={"page": 1, "size": 5}, headers=headers).json()["data"]
    last = client.get(url, params={"page": 3, "size": 5}, headers=headers).json()["data"]
    assert (first["total"], first["hasMore"], len(first["list"])) == (12, True, 5)
    assert (last["hasMore"], len(last["list"])) == (False, 2)
    ids = [n["noticeId"] for n in first["list"]]
    assert ids == sorted(ids, reverse=True)
    assert first["list"][0]["content"].startswith("您尾号0011的银行卡")
    bad = client.get(url, params={"category": "NOPE"}, headers=headers)
    assert (bad.status_code, bad.json()["code"]) == (400, 72102)


def test_another_users_notice_is_not_found(client: TestClient, api: str, session: Session) -> None:
    broker = make_broker(session)
    owner, other = make_user(session, broker=broker), make_user(session, broker=broker)
    _notify(session, owner, 1)
    notice_id = session.scalars(select(Notice.id)).one()
    headers = login(session, other)
    for res in (
        client.get(f"{api}/notice/detail", params={"noticeId": notice_id}, headers=headers),
        client.post(f"{api}/notice/read", json={"noticeId": notice_id}, headers=headers),
        client.post(
            f"{api}/notice/confirmPopWindow", json={"noticeId": notice_id}, headers=headers
        ),
    ):
        assert (res.status_code, res.json()["code"]) == (404, 72101)
    assert client.get(f"{api}/notice/getUnReadNotice", headers=headers).json()["data"]["total"] == 0
    # the owner's own notice needs no confirmation
    res = client.post(
        f"{api}/notice/confirmPopWindow", json={"noticeId": notice_id},
        headers=login(session, owner),
    )  # fmt: skip
    assert (res.status_code, res.json()["code"]) == (400, 72103)


def test_a_broker_announcement_reaches_its_users_and_is_acknowledged(
    client: TestClient, api: str, session: Session
) -> None:
    broker, elsewhere = make_broker(session), make_broker(session)
    make_operator(session, broker, "yunying", "operator")
    make_operator(session, broker, "touguren", "adviser")
    a, b, c = (
        make_user(session, broker=broker),
        make_user(session, broker=broker),
        make_user(session, broker=elsewhere),
    )
    body = {
        "title": "系统升级公告",
        "content": "本周六凌晨系统升级，期间暂停交易。",
        "needConfirm": True,
        "files": [{"name": "升级说明.pdf", "fileUrl": "https://example.org/upgrade.pdf"}],
    }
    url = f"{api}/operator/notice/announcement"
    refused = client.post(url, json=body, headers=bearer(sign_in(client, api, broker, "touguren")))
    assert refused.status_code == 403
    res = client.post(url, json=body, headers=bearer(sign_in(client, api, broker, "yunying")))
    assert res.json()["code"] == 0
    from tests.operators.test_operators import audit_rows

    assert [r.action for r in audit_rows(session, action="notices.announce")] == [
        "notices.announce"
    ]
    for user, expected in ((a, 1), (b, 1), (c, 0)):
        popups = client.get(f"{api}/notice/getUserUnreadAnn", headers=login(session, user))
        assert len(popups.json()["data"]) == expected
    headers = login(session, a)
    [ann] = client.get(f"{api}/notice/getUserUnreadAnn", headers=headers).json()["data"]
    assert (ann["title"], ann["category"], ann["needConfirm"]) == (
        "系统升级公告",
        "ANNOUNCEMENT",
        True,
    )
    assert ann["files"] == [{"name": "升级说明.pdf", "fileUrl": "https://example.org/upgrade.pdf"}]
    done = client.post(
        f"{api}/notice/confirmPopWindow", json={"noticeId": ann["noticeId"]}, headers=headers
    )
    assert done.json()["data"]["isConfirmed"] is True
    assert client.get(f"{api}/notice/getUserUnreadAnn", headers=headers).json()["data"] == []
    # b has still to acknowledge it: a's reading is a's alone
    assert (
        len(client.get(f"{api}/notice/getUserUnreadAnn", headers=login(session, b)).json()["data"])
        == 1
    )


def test_the_daily_checks_record_cards_to_resign_and_expiring_surveys_once(
    session: Session,
) -> None:
    from datetime import datetime

    from opentamp.kit.clock import BEIJING
    from opentamp.payments.jobs import resign_notices
    from opentamp.suitability.jobs import expiry_notices
    from tests.factories import make_account, make_payment_method

    day = date(2026, 11, 24)
    # assessed 2024-12-10: expires 2026-12-10, within 30 days of the 24th; 2025-01-10: not yet
    soon = make_account(session)
    soon.risk_assessed_at = datetime(2024, 12, 10, 10, 0, tzinfo=BEIJING)
    later = make_account(session)
    later.risk_assessed_at = datetime(2025, 1, 10, 10, 0, tzinfo=BEIJING)
    make_payment_method(session, account=soon, is_signed=False)
    make_payment_method(session, account=later)
    session.flush()
    for _ in range(2):  # a second run records nothing new
        resign_notices(session, day)
        expiry_notices(session, day)
    rows = session.execute(select(OutboxEvent.kind, OutboxEvent.broker_user_id)).all()
    assert sorted(rows) == [
        (events.CARD_RESIGN, soon.broker_user_id),
        (events.SURVEY_EXPIRING, soon.broker_user_id),
    ]
    assert deliver(session) == 2
    user = session.get(BrokerUser, soon.broker_user_id)
    assert user is not None
    texts = {
        n.kind: n.content
        for n in notices(session, user=user, category="ACCOUNT", page=1, size=10).list
    }
    assert texts[events.SURVEY_EXPIRING] == (
        "您的风险测评将于30天内到期，到期后将无法购买中高风险产品，请及时重新测评。"
    )
    assert texts[events.CARD_RESIGN].startswith("您尾号")
