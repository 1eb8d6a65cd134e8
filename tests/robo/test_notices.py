"""A robo service account's notices name the service by its own name, roboServiceName (the name
of its financial account, as 理财账户 lists it), not by the robo strategy's name, which every
robo account of every customer shares (docs/notices.md#the-events)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from opentamp.advisory import fees
from opentamp.models.accounts import FinancialAccount
from opentamp.models.advisory import ServiceAccount
from opentamp.models.products import Fund
from tests.advisory.conftest import freeze
from tests.advisory.test_notices import deliver_step
from tests.notices.helpers import notices_of
from tests.robo.conftest import RoboCalls, RoboWorld, open_robo_account, run_day
from tests.trading.conftest import make_holding

CHARGE_DAY = date(2026, 12, 1)


def _held_robo_account(
    session: Session,
    client: TestClient,
    api: str,
    robo: RoboCalls,
    robo_world: RoboWorld,
    adviser: Callable[[], dict[str, str]],
) -> int:
    """The id of a robo service account opened on the adviser's proposal (`open_robo_account`), its
    first purchase confirmed and held for a day."""
    sa_id, _order = open_robo_account(client, api, robo, robo_world, adviser)
    run_day(session, robo_world.world, date(2026, 11, 2))
    run_day(session, robo_world.world, date(2026, 11, 3))
    return sa_id


def test_the_adviser_fee_notice_names_the_robo_account(
    session: Session,
    client: TestClient,
    api: str,
    robo: RoboCalls,
    robo_world: RoboWorld,
    wallet_fund: Fund,
    adviser: Callable[[], dict[str, str]],
) -> None:
    sa_id = _held_robo_account(session, client, api, robo, robo_world, adviser)
    sa = session.get(ServiceAccount, sa_id)
    assert sa is not None and sa.financial_account_id is not None
    fa = session.get(FinancialAccount, sa.financial_account_id)
    assert fa is not None and (fa.type, fa.name) == ("robo_service", "稳健配置")
    # the account's own wallet pays the fee
    make_holding(
        session, trader=robo.trader, fund=wallet_fund, lots=[(date(2026, 11, 3), "100.00")], fa=fa
    )
    freeze("2026-11-30 20:00")
    fees.accrue(session, date(2026, 11, 30))
    freeze("2026-12-01 20:00")
    fees.charge(session, CHARGE_DAY)
    deliver_step(session, CHARGE_DAY)
    [notice] = [
        n for n in notices_of(client, api, robo.headers, "ADVISORY") if n["kind"] == "adviser.fee"
    ]
    assert notice["title"] == "投顾服务费已扣收"
    # not 您的投顾服务智能投顾测试… (the robo strategy's name)
    assert notice["content"].startswith("您的投顾服务稳健配置已于2026年12月1日扣收服务费")


def test_an_adjustment_waiting_on_a_robo_account_links_the_robo_adjustment_screen(
    session: Session,
    client: TestClient,
    api: str,
    robo: RoboCalls,
    robo_world: RoboWorld,
    adviser: Callable[[], dict[str, str]],
) -> None:
    """A robo account's adjustment is confirmed on advisor/adjustment (docs/robo.md "The
    screens"), not on the advisory account's fa/adjustment: its 调仓待确认 notice leads there."""
    bond, _short, mixed, _stock, _gold = (f.code for f in robo_world.funds)
    sa_id = _held_robo_account(session, client, api, robo, robo_world, adviser)
    freeze("2026-11-04 09:30")
    proposal = client.post(
        f"{api}/operator/adviser/proposal/draft",
        json={"serviceAccountId": sa_id, "reason": "提高债券比例",
              "weightList": [{"fundCode": bond, "weight": "0.7"},
                             {"fundCode": mixed, "weight": "0.3"}]},
        headers=adviser(),
    ).json()  # fmt: skip
    assert proposal["code"] == 0, proposal
    adjustment_id = proposal["data"]["adjustmentId"]
    submitted = client.post(
        f"{api}/operator/adviser/proposal/submit",
        json={"adjustmentId": adjustment_id},
        headers=adviser(),
    ).json()
    assert submitted["data"]["status"] == "CUSTOMER_UNCONFIRMED", submitted
    [notice] = [
        n
        for n in notices_of(client, api, robo.headers, "ADVISORY")
        if n["kind"] == "adjustment.waiting"
    ]
    assert notice["title"] == "调仓待确认"
    assert notice["link"] == f"/advisor/adjustment?adjustmentId={adjustment_id}"
    # and that screen names the account as the robo screens do, by its own name (not the robo
    # strategy's)
    detail = robo.get("/serviceAccount/adjustment/detail", adjustmentId=adjustment_id)["data"]
    assert detail["serviceName"] == "稳健配置"
    assert detail["poName"] == robo_world.po.name != "稳健配置"
