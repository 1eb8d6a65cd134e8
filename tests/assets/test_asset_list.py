"""getAccountAssetDetailByConfig, getAccountAsset, getProfits and getShares on the hand-worked
holdings of conftest.world."""

from __future__ import annotations

from datetime import date

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from opentamp.core.market_day import MARKET_DATE_KEY
from opentamp.models.holdings import CLEARED
from opentamp.models.platform import AppState
from tests.assets.conftest import World
from tests.factories import login, make_account, make_user

LIST = "/account/getAccountAssetDetailByConfig"


def _get(client: TestClient, api: str, world: World, path: str, **params: object) -> dict:
    res = client.get(api + path, params=params, headers=world.headers)
    assert res.status_code == 200, res.text
    body = res.json()
    assert body["code"] == 0
    return body["data"]


def _codes(data: dict) -> dict[str, list[str]]:
    return {g["typeName"]: [i["productCode"] for i in g["items"]] for g in data["groups"]}


def test_groups_items_and_pending(client: TestClient, api: str, world: World) -> None:
    data = _get(client, api, world, LIST, financialAccountId=world.fa.id)
    # 3600.00 = 1000.00 + 500.00 + 2000.00 (the P02 parent, not its children) + 100.00
    assert data["pendingAmount"] == "3600.00"
    assert data["pendingCount"] == 4
    assert data["updating"] is False
    assert _codes(data) == {
        "钱包": ["000509"],
        "组合": ["ZH000001", "ZH000002"],
        "股票型基金": ["000101", "000121", "000111"],
        "债券型基金": ["000202"],
        "指数型基金": ["000707"],
    }
    assert [g["typeName"] for g in data["groups"]] == [
        "钱包",
        "组合",
        "股票型基金",
        "债券型基金",
        "指数型基金",
    ]
    stock = data["groups"][2]
    assert stock["holdingAsset"] == "2950.00"  # 1200.00 + 950.00 + 800.00
    items = {i["productCode"]: i for g in data["groups"] for i in g["items"]}

    po = items["ZH000001"]  # the sum of its two component rows
    assert po["productName"] == "稳健组合"
    assert po["productType"] == "PO"
    assert po["fundType"] is None
    assert po["holdingAsset"] == "500.00"  # 300.00 + 200.00
    assert po["holdingProfit"] == "5.00"  # 10.00 − 5.00
    assert po["holdingProfitRate"] == "0.0101"  # 5 / 495 = 0.010101…
    assert po["accProfit"] == "5.00"
    assert po["preProfit"] == "0.50"  # 1.00 − 0.50
    # its funds' shares (100.00 + 200.00) do not add up to a figure of the portfolio
    assert po["shares"] is None and po["redeemingShares"] is None
    assert po["pendingAmount"] == "2000.00"
    assert po["pendingCount"] == 1
    assert po["profitDate"] == "2026-11-20"
    assert po["tags"] == ["调仓待确认"]

    assert items["ZH000002"]["tags"] == ["已拆散"]
    assert items["ZH000002"]["isBrokeUp"] is True

    fund = items["000101"]
    assert fund["productName"] == "蓝筹股票"
    assert fund["productType"] == "FUND"
    assert fund["fundType"] == 1
    assert fund["holdingAsset"] == "1200.00"
    assert fund["holdingProfitRate"] == "0.1823"  # 185 / 1015 = 0.182266…
    assert fund["pendingAmount"] == "500.00"
    assert fund["redeemingShares"] == "100.00"  # 卖出中: frozen by a sell awaiting confirmation
    assert fund["isRedeeming"] is True
    assert items["000111"]["redeemingShares"] == "0.00"
    assert items["000111"]["isRedeeming"] is False
    assert fund["tags"] == ["暂停赎回"]
    assert items["000202"]["tags"] == ["暂停申购"]

    wallet = items["000509"]
    assert wallet["productType"] == "WALLET"
    assert wallet["holdingAsset"] == "300.00"
    assert wallet["pendingAmount"] == "100.00"  # the W01 recharge

    pending_only = items["000707"]  # only a waiting purchase
    assert pending_only["productName"] == "沪深300指数"
    assert pending_only["holdingAsset"] == "0.00"
    assert pending_only["shares"] == "0.00"
    assert pending_only["pendingAmount"] == "1000.00"
    assert pending_only["profitDate"] is None

    # zero shares (000505) and cleared holdings (000606, ZH000003) are not listed
    assert not {"000505", "000606", "ZH000003"} & set(items)
    # 000111's confirmed order, 000121's failed payment and fa2's order add nothing
    assert items["000111"]["pendingAmount"] == "0.00"
    assert items["000121"]["pendingAmount"] == "0.00"


# stock group: 000101 1200.00 / 12.00 / 185.00 / 185.00; 000111 800.00 / 20.00 / −40.00 /
# 60.00; 000121 950.00 / −3.00 / 300.00 / 10.00 (holdingAsset / pre / holding / acc)
SORTS = {
    ("holdingAsset", "desc"): ["000101", "000121", "000111"],
    ("holdingAsset", "asc"): ["000111", "000121", "000101"],
    ("preProfit", "desc"): ["000111", "000101", "000121"],
    ("preProfit", "asc"): ["000121", "000101", "000111"],
    ("holdingProfit", "desc"): ["000121", "000101", "000111"],
    ("holdingProfit", "asc"): ["000111", "000101", "000121"],
    ("accProfit", "desc"): ["000101", "000111", "000121"],
    ("accProfit", "asc"): ["000121", "000111", "000101"],
    ("product", "asc"): ["000101", "000111", "000121"],
    ("product", "desc"): ["000121", "000111", "000101"],
}


@pytest.mark.parametrize(("sort", "order"), list(SORTS))
def test_sort_each_key_both_orders(
    client: TestClient, api: str, world: World, sort: str, order: str
) -> None:
    data = _get(
        client,
        api,
        world,
        LIST,
        financialAccountId=world.fa.id,
        sort=sort,
        order=order,
        category="FUND",
    )
    assert _codes(data)["股票型基金"] == SORTS[(sort, order)]


def test_spec_parameter_names(client: TestClient, api: str, world: World) -> None:
    data = _get(
        client,
        api,
        world,
        LIST,
        financialAccountId=world.fa.id,
        categoryName="FUND",
        sortType="accProfit",
        sortDirections="asc",
        viewType="ACCOUNT",
    )
    assert _codes(data)["股票型基金"] == ["000121", "000111", "000101"]


@pytest.mark.parametrize(
    ("category", "groups"),
    [
        (
            "FUND",
            {
                "股票型基金": ["000101", "000121", "000111"],
                "债券型基金": ["000202"],
                "指数型基金": ["000707"],
            },
        ),
        ("PO", {"组合": ["ZH000001"]}),
        ("BROKEUP", {"组合": ["ZH000002"]}),
    ],
)
def test_category_filters(
    client: TestClient, api: str, world: World, category: str, groups: dict
) -> None:
    data = _get(client, api, world, LIST, financialAccountId=world.fa.id, category=category)
    assert _codes(data) == groups
    assert data["pendingAmount"] == "3600.00"  # the account's, whatever the filter


def test_bad_filter_is_a_clear_400(client: TestClient, api: str, world: World) -> None:
    res = client.get(
        api + LIST,
        params={"financialAccountId": world.fa.id, "category": "X"},
        headers=world.headers,
    )
    assert res.status_code == 400
    assert res.json()["code"] == 40001
    assert res.json()["msg"] == "category 取值不在允许范围内"


def test_updating_while_a_holding_lags(
    client: TestClient, api: str, session: Session, world: World
) -> None:
    world.holdings["000202"].profit_date = date(2026, 11, 19)
    session.flush()
    data = _get(client, api, world, LIST, financialAccountId=world.fa.id)
    assert data["updating"] is True
    profits = _get(client, api, world, "/trade/getProfits", financialAccountId=world.fa.id)
    assert profits["profitProgress"] == "UPDATING"
    # 000202's −1.50 is of an earlier day: 29.30 + 1.50
    assert profits["previousProfit"] == "30.80"


def test_updating_when_the_market_is_ahead(
    client: TestClient, api: str, session: Session, world: World
) -> None:
    session.add(AppState(key=MARKET_DATE_KEY, value={"date": "2026-11-23"}))
    session.flush()
    data = _get(client, api, world, LIST, financialAccountId=world.fa.id)
    assert data["updating"] is True


def test_profits_and_account_asset(client: TestClient, api: str, world: World) -> None:
    expected = {
        "holdingAsset": "4395.00",
        "holdingProfit": "485.00",
        "holdingProfitRate": "0.1240",  # 485 / 3910 = 0.12404…
        "accumulatedProfit": "347.40",  # cleared and zero-share holdings keep theirs
        "previousProfit": "29.30",  # only the rows valued on 2026-11-20
        "updateDate": "2026-11-20",
        "profitProgress": "DONE",
    }
    profits = _get(client, api, world, "/trade/getProfits", financialAccountId=world.fa.id)
    # a period's returns come only with startDate and endDate (tests/assets/test_returns.py)
    assert profits == expected | {"returns": None}
    asset = _get(client, api, world, "/account/getAccountAsset", financialAccountId=world.fa.id)
    # 总资产 counts the money in transit: 4 395.00 held + 3 600.00 awaiting confirmation
    assert asset == {
        **expected,
        "pendingAmount": "3600.00",
        "pendingCount": 4,
        "totalAsset": "7995.00",
    }


def test_all_accounts_together(client: TestClient, api: str, world: World) -> None:
    # fa2 adds 80.00 / −10.00 holding / −10.00 acc / −1.00 previous, and 50.00 pending
    asset = _get(client, api, world, "/account/getAccountAsset")
    assert asset["holdingAsset"] == "4475.00"
    assert asset["holdingProfit"] == "475.00"
    assert asset["accumulatedProfit"] == "337.40"
    assert asset["previousProfit"] == "28.30"
    assert asset["pendingAmount"] == "3650.00"
    assert asset["pendingCount"] == 5


def test_shares_lists_every_row(client: TestClient, api: str, world: World) -> None:
    rows = _get(client, api, world, "/trade/getShares", financialAccountId=world.fa.id)
    assert len(rows) == 12  # zero-share and cleared rows included
    by_key = {(r["portfolioCode"], r["fundCode"]): r for r in rows}
    a = by_key[(None, "000101")]
    assert a["fundName"] == "蓝筹股票"
    assert a["shares"] == "1000.00"
    assert a["frozenShares"] == "100.00"
    assert a["availableShares"] == "900.00"
    assert a["nav"] == "1.2000"
    assert a["navDate"] == "2026-11-20"
    assert a["marketValue"] == "1200.00"
    assert a["cost"] == "1015.00"
    assert a["holdingProfit"] == "185.00"
    assert a["holdingProfitRate"] == "0.1823"
    assert a["dividendMethod"] == "cash"
    assert a["minRedeemShares"] == "1.00"
    assert by_key[("ZH000002", "000101")]["isBrokeUp"] is True
    assert by_key[(None, "000505")]["shares"] == "0.00"
    cleared = by_key[(None, "000606")]
    assert cleared["status"] == "cleared" and cleared["cost"] == "0.00"
    # a cleared row has no cost left: its rate is unknown (--), not 0 %
    assert cleared["holdingProfitRate"] is None
    only = _get(
        client,
        api,
        world,
        "/trade/getShares",
        financialAccountId=world.fa.id,
        portfolioCode="ZH000001",
    )
    assert [r["fundCode"] for r in only] == ["000303", "000404"]


def test_empty_states(client: TestClient, api: str, session: Session, world: World) -> None:
    account = make_account(session)
    user = make_user(session)  # no account at all
    from opentamp.models.accounts import FinancialAccount
    from opentamp.models.auth import BrokerUser

    owner = session.get_one(BrokerUser, account.broker_user_id)
    fa = session.query(FinancialAccount).filter_by(account_id=account.id).one()
    headers = login(session, owner)
    res = client.get(api + LIST, params={"financialAccountId": fa.id}, headers=headers)
    assert res.json()["data"] == {
        "pendingAmount": "0.00",
        "pendingCount": 0,
        "updating": False,
        "groups": [],
    }
    zeros = {
        "holdingAsset": "0.00",
        "holdingProfit": "0.00",
        "holdingProfitRate": None,  # no cost: unknown (--), not 0 %
        "accumulatedProfit": "0.00",
        "previousProfit": "0.00",
        "updateDate": None,
        "profitProgress": "DONE",
    }
    for who in (headers, login(session, user)):
        res = client.get(api + "/account/getAccountAsset", headers=who)
        assert res.status_code == 200
        assert res.json()["data"] == {
            **zeros,
            "pendingAmount": "0.00",
            "pendingCount": 0,
            "totalAsset": "0.00",
        }
    rows = client.get(
        api + "/trade/getShares", params={"financialAccountId": fa.id}, headers=headers
    )
    assert rows.json()["data"] == []


def test_an_account_cleared_earlier_shows_a_date_and_figure_of_one_day(
    client: TestClient, api: str, session: Session
) -> None:
    """Its only holding was sold out on 2026-10-15 (that day's profit −36.79); the market is at
    2026-11-20: 昨日收益 is 0.00 of 2026-11-20, and the profit calendar agrees."""
    from opentamp.models.accounts import FinancialAccount
    from opentamp.models.auth import BrokerUser
    from tests.assets.factories import make_daily_profit, make_holding
    from tests.factories import make_fund

    account = make_account(session)
    owner = session.get_one(BrokerUser, account.broker_user_id)
    fa = session.query(FinancialAccount).filter_by(account_id=account.id).one()
    make_fund(session, code="000818", fund_type=1, risk_level=3, short_name="清仓股票")
    sold = make_holding(
        session, fa=fa, fund_code="000818", accumulated_profit="120.45",
        previous_profit="-36.79", profit_date=date(2026, 10, 15), status=CLEARED,
        cleared_date=date(2026, 10, 15),
    )  # fmt: skip
    make_daily_profit(session, holding=sold, day=date(2026, 10, 15), profit="-36.79")
    session.add(AppState(key=MARKET_DATE_KEY, value={"date": "2026-11-20"}))
    session.flush()
    headers = login(session, owner)
    for path, params in (
        ("/trade/getProfits", {"financialAccountId": fa.id}),
        ("/account/getAccountAsset", {"financialAccountId": fa.id}),
        ("/account/getAccountAsset", {}),
    ):
        res = client.get(api + path, params=params, headers=headers)
        data = res.json()["data"]
        assert (data["updateDate"], data["previousProfit"]) == ("2026-11-20", "0.00"), path
        assert data["accumulatedProfit"] == "120.45"
