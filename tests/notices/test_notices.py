"""The notice centre (docs/notices.md): events written in the transaction that causes them,
one notice per event, reading, paging, announcements, and another user's notice → 404."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from opentamp.core import events
from opentamp.kit.clock import BEIJING, as_beijing, frozen
from opentamp.models.accounts import FinancialAccount
from opentamp.models.auth import BrokerUser
from opentamp.models.notices import Notice, OutboxEvent
from opentamp.models.products import STATUS_STOP_ALLOT
from opentamp.notices.service import deliver
from tests.factories import login, make_broker, make_fund, make_user
from tests.operators.test_operators import bearer, make_operator, sign_in
from tests.settlement.helpers import investor, navs, purchase, settle

MON, TUE = date(2026, 11, 16), date(2026, 11, 17)


def _count(session: Session, model: Any) -> int:
    return session.scalar(select(func.count()).select_from(model)) or 0


def _confirmed_purchase(session: Session) -> tuple[FinancialAccount, BrokerUser]:
    """A purchase of 1 000.00 placed on Monday, confirmed on Tuesday."""
    fa = investor(session)
    fund = make_fund(session, name="测试成长混合")
    navs(session, fund, {MON: "1.0000", TUE: "1.0000"})
    purchase(
        session, fa, fund, amount="1000.00", fee="14.78", net="985.22", rate="0.015",
        trade_date=MON, confirm_date=TUE,
    )  # fmt: skip
    user = session.get(BrokerUser, fa.broker_user_id)
    assert user is not None
    return fa, user


def test_settlement_records_the_order_event_once_and_one_notice(session: Session) -> None:
    _, user = _confirmed_purchase(session)
    settle(session, TUE)
    rows = session.scalars(select(OutboxEvent).where(OutboxEvent.broker_user_id == user.id)).all()
    # the confirmed (net) amount of the fund's own name, on the day it was confirmed
    assert [(e.kind, e.subject, e.amount, e.occurred_on) for e in rows] == [
        (events.ORDER_CONFIRMED, "测试成长混合", Decimal("985.22"), TUE)
    ]
    # Settling the day again records nothing new; delivering twice makes one notice.
    settle(session, TUE)
    assert _count(session, OutboxEvent) == 1
    assert deliver(session) == 1
    assert deliver(session) == 0
    assert _count(session, Notice) == 1
    assert session.scalars(select(OutboxEvent)).one().delivered_at is not None


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
    settlement: one ``order.failed`` event of the amount paid, whose notice gives the reason."""
    fa = investor(session)
    fund = make_fund(session, name="测试暂停混合", status=STATUS_STOP_ALLOT)
    navs(session, fund, {MON: "1.0000", TUE: "1.0000"})
    purchase(
        session, fa, fund, amount="1000.00", fee="14.78", net="985.22", rate="0.015",
        trade_date=MON, confirm_date=TUE,
    )  # fmt: skip
    settle(session, TUE)
    [event] = session.scalars(
        select(OutboxEvent).where(OutboxEvent.broker_user_id == fa.broker_user_id)
    ).all()
    assert (event.kind, event.subject, event.amount, event.occurred_on) == (
        events.ORDER_FAILED, "测试暂停混合", Decimal("1000.00"), TUE,
    )  # fmt: skip
    deliver(session)
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
    from opentamp.notices.service import notices

    texts = {
        n.kind: n.content
        for n in notices(session, user=user, category="ACCOUNT", page=1, size=10).list
    }
    assert texts[events.SURVEY_EXPIRING] == (
        "您的风险测评将于30天内到期，到期后将无法购买中高风险产品，请及时重新测评。"
    )
    assert texts[events.CARD_RESIGN].startswith("您尾号")
