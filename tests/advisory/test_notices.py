"""The adviser's notices (docs/notices.md#the-events), from their real causes through the
operator calls: a model change that leaves an adjustment waiting for the customer
(``adjustment.waiting``) and an announcement of the strategy (``adviser.announcement``), each
one notice of 投顾服务 at the moment it happened, delivered at once and never twice."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime

from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from opentamp import jobs
from opentamp.kit.clock import BEIJING, frozen
from tests.advisory.conftest import Calls, World, freeze, run_day
from tests.factories import login
from tests.notices.helpers import badge, moment, notices_of
from tests.trading.conftest import make_trader

NONE = {"total": 0, "TRADE": 0, "ADVISORY": 0, "ACCOUNT": 0, "ANNOUNCEMENT": 0}
ONE = {**NONE, "total": 1, "ADVISORY": 1}


def deliver_step(session: Session, day: date) -> str | None:
    """The daily pipeline's last step, ``notices.deliver``."""
    [step] = [s for s in jobs.steps() if s.name == "notices.deliver"]
    return step.run(session, day)


def test_a_model_change_waiting_for_the_customer_is_one_notice(
    session: Session,
    client: TestClient,
    api: str,
    world: World,
    calls: Calls,
    adviser: Callable[[], dict[str, str]],
) -> None:
    """The adviser changes both models at 09:30: the HALF_DISCRETIONARY account's adjustment
    waits for the customer (a notice at 09:30, leading to it); the FULL_DISCRETIONARY one is
    executed without asking (no notice). The evening's steps add no second notice."""
    half = calls.sign(world.half.code)
    calls.sign(world.full.code)
    f0, f1, _, f3 = (f.code for f in world.funds[:4])
    published_at = datetime(2026, 11, 4, 9, 30, tzinfo=BEIJING)
    freeze(published_at)
    headers = adviser()
    for po, weights in (
        (world.half.code, [(f0, "0.3"), (f1, "0.3"), (f3, "0.4")]),
        (world.full.code, [(f1, "0.5"), (f3, "0.5")]),
    ):
        res = client.post(
            f"{api}/operator/adviser/model/publish",
            json={"poCode": po, "reason": "降低单一基金集中度",
                  "weightList": [{"fundCode": c, "weight": w} for c, w in weights]},
            headers=headers,
        )  # fmt: skip
        assert res.json()["code"] == 0, res.text
    adj = calls.get("/serviceAccount/getAccountInfo", serviceAccountId=half)["data"][
        "adjustmentInProcess"
    ]
    assert adj["status"] == "CUSTOMER_UNCONFIRMED"
    [notice] = notices_of(client, api, calls.headers, "ADVISORY")
    assert badge(client, api, calls.headers) == ONE
    assert (notice["kind"], notice["category"], notice["categoryName"]) == (
        "adjustment.waiting", "ADVISORY", "投顾服务",
    )  # fmt: skip
    assert notice["title"] == "调仓待确认"
    assert notice["content"] == "您的投顾服务省心投顾测试有一笔调仓建议待确认，请在有效期内确认。"
    assert notice["link"] == f"/fa/adjustment?adjustmentId={adj['adjustmentId']}"
    assert moment(notice) == published_at
    assert notice["isRead"] is False
    # The day's pipeline (the adjustments' step among them), twice: still the one notice.
    for _ in range(2):
        run_day(session, world, date(2026, 11, 4))
        assert deliver_step(session, date(2026, 11, 4)) == "0 notices"
    [again] = notices_of(client, api, calls.headers, "ADVISORY")
    assert again["noticeId"] == notice["noticeId"]
    assert badge(client, api, calls.headers) == ONE


def test_an_announcement_reaches_the_strategys_holders_at_once(
    session: Session,
    client: TestClient,
    api: str,
    world: World,
    calls: Calls,
    adviser: Callable[[], dict[str, str]],
) -> None:
    """Published through the operator call at 10:15: each user with an account of the
    strategy in force has its notice at once (not at the evening's delivery), with the
    announcement's own title and text; a user without one has none; delivering again makes
    no second notice."""
    calls.sign(world.half.code)
    stranger = make_trader(session)
    published_at = datetime(2026, 11, 4, 10, 15, tzinfo=BEIJING)
    freeze(published_at)
    body = {
        "poCode": world.half.code,
        "title": "关于省心投顾测试调整持仓的说明",
        "content": "本周市场波动加大，我们将适度降低权益类基金的比例。",
    }
    res = client.post(f"{api}/operator/adviser/announcement", json=body, headers=adviser())
    assert res.json()["code"] == 0, res.text
    [notice] = notices_of(client, api, calls.headers, "ADVISORY")
    assert badge(client, api, calls.headers) == ONE
    assert (notice["kind"], notice["category"], notice["categoryName"]) == (
        "adviser.announcement", "ADVISORY", "投顾服务",
    )  # fmt: skip
    assert (notice["title"], notice["content"]) == (body["title"], body["content"])
    assert moment(notice) == published_at
    assert (notice["isRead"], notice["needConfirm"]) == (False, False)
    assert badge(client, api, login(session, stranger.user)) == NONE
    # The evening's delivery, twice: nothing new.
    with frozen(datetime(2026, 11, 4, 20, 0, tzinfo=BEIJING)):
        assert deliver_step(session, date(2026, 11, 4)) == "0 notices"
        assert deliver_step(session, date(2026, 11, 4)) == "0 notices"
        [again] = notices_of(client, api, calls.headers, "ADVISORY")
        assert again["noticeId"] == notice["noticeId"]
        assert badge(client, api, calls.headers) == ONE
