"""The profit calendar, daily profit pages, the accumulated-profit trend, the product detail,
the clear-out list and the risk check, on conftest.world and conftest.daily."""

from __future__ import annotations

from datetime import date, datetime

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from opentamp.core.market_day import advance_market_date
from opentamp.kit.clock import BEIJING, frozen
from opentamp.models.holdings import CLEARED
from tests.assets.conftest import World
from tests.assets.factories import make_holding
from tests.factories import login, make_account


def _get(client: TestClient, api: str, world: World, path: str, **params: object) -> object:
    res = client.get(api + path, params=params, headers=world.headers)
    assert res.status_code == 200, res.text
    return res.json()["data"]


def test_calendar_month_sums_the_daily_rows(client: TestClient, api: str, daily: World) -> None:
    data = _get(
        client,
        api,
        daily,
        "/trade/getCalendarProfit",
        financialAccountId=daily.fa.id,
        month="2026-11",
    )
    assert data == {
        "month": "2026-11",
        "total": "39.50",  # 5.00 + 2.50 + 32.00
        "days": [
            {"date": "2026-11-02", "profit": "5.00"},  # 3.00 + 2.00
            {"date": "2026-11-03", "profit": "2.50"},  # −1.50 + 4.00
            {"date": "2026-11-20", "profit": "32.00"},  # 12.00 + 20.00
        ],
    }


def test_calendar_year_sums_the_months(client: TestClient, api: str, daily: World) -> None:
    data = _get(
        client,
        api,
        daily,
        "/trade/getCalendarProfit",
        financialAccountId=daily.fa.id,
        year="2026",
    )
    assert data == {
        "year": "2026",
        "total": "45.50",
        "months": [
            {"month": "2026-10", "profit": "6.00"},  # 1.00 + 5.00
            {"month": "2026-11", "profit": "39.50"},
        ],
    }


def test_calendar_of_all_accounts_and_default_month(
    client: TestClient, api: str, daily: World
) -> None:
    data = _get(client, api, daily, "/trade/getCalendarProfit", month="2026-11")
    assert data["total"] == "139.50"  # fa2's 100.00 on 11-02; the other user's 999.00 not
    assert data["days"][0] == {"date": "2026-11-02", "profit": "105.00"}
    with frozen(datetime(2026, 10, 31, 12, 0, tzinfo=BEIJING)):
        october = _get(client, api, daily, "/trade/getCalendarProfit")
    assert october["month"] == "2026-10"
    assert october["total"] == "6.00"


@pytest.mark.parametrize("month", ["2026-13", "2026-1", "abcd-ef"])
def test_calendar_bad_month(client: TestClient, api: str, daily: World, month: str) -> None:
    res = client.get(
        api + "/trade/getCalendarProfit", params={"month": month}, headers=daily.headers
    )
    assert res.status_code == 400
    assert res.json()["code"] == 60801
    assert res.json()["msg"] == "月份格式应为 YYYY-MM"


def test_daily_profit_list_pages(client: TestClient, api: str, daily: World) -> None:
    path = "/trade/getDailyProfitList"
    first = _get(client, api, daily, path, financialAccountId=daily.fa.id, page=1, size=2)
    assert first == {
        "content": [
            {"date": "2026-11-20", "profit": "32.00"},
            {"date": "2026-11-03", "profit": "2.50"},
        ],
        "page": 1,
        "size": 2,
        "total": 5,
        "hasMore": True,
    }
    last = _get(client, api, daily, path, financialAccountId=daily.fa.id, page=3, size=2)
    assert last["content"] == [{"date": "2026-10-01", "profit": "1.00"}]
    assert last["hasMore"] is False
    everything = _get(client, api, daily, path)
    assert {"date": "2026-11-02", "profit": "105.00"} in everything["content"]


def test_profit_detail_of_a_product(client: TestClient, api: str, daily: World) -> None:
    data = _get(
        client,
        api,
        daily,
        "/account/getProfitDetail",
        financialAccountId=daily.fa.id,
        productCode="000111",
    )
    assert data["content"] == [
        {"date": "2026-11-20", "profit": "20.00"},
        {"date": "2026-11-03", "profit": "4.00"},
        {"date": "2026-11-02", "profit": "2.00"},
    ]
    assert data["total"] == 3
    none = _get(
        client,
        api,
        daily,
        "/account/getProfitDetail",
        financialAccountId=daily.fa.id,
        productCode="ZH000001",
    )
    assert none == {"content": [], "page": 1, "size": 20, "total": 0, "hasMore": False}


def test_accumulated_profit_trend(client: TestClient, api: str, daily: World) -> None:
    # anchored at today's 347.40 and walked back by the daily sums (32.00, 2.50, 5.00);
    # 10-01 is before the 30 days from 2026-11-21
    with frozen(datetime(2026, 11, 21, 10, 0, tzinfo=BEIJING)):
        data = _get(
            client,
            api,
            daily,
            "/account/getAccumulatedProfitTrend",
            financialAccountId=daily.fa.id,
            days=30,
        )
        product = _get(
            client,
            api,
            daily,
            "/account/getAccumulatedProfitTrend",
            financialAccountId=daily.fa.id,
            productCode="000101",
            days=90,
        )
    assert data == [
        {"date": "2026-10-30", "accumulatedProfit": "307.90", "profit": "5.00"},
        {"date": "2026-11-02", "accumulatedProfit": "312.90", "profit": "5.00"},
        {"date": "2026-11-03", "accumulatedProfit": "315.40", "profit": "2.50"},
        {"date": "2026-11-20", "accumulatedProfit": "347.40", "profit": "32.00"},
    ]
    # 000101 alone: 185.00 on 11-20; before it 185.00 − 12.00 = 173.00 on 11-03,
    # 173.00 + 1.50 = 174.50 on 11-02, − 3.00 = 171.50 on 10-30, − 5.00 = 166.50 on 10-01
    assert product == [
        {"date": "2026-10-01", "accumulatedProfit": "166.50", "profit": "1.00"},
        {"date": "2026-10-30", "accumulatedProfit": "171.50", "profit": "5.00"},
        {"date": "2026-11-02", "accumulatedProfit": "174.50", "profit": "3.00"},
        {"date": "2026-11-03", "accumulatedProfit": "173.00", "profit": "-1.50"},
        {"date": "2026-11-20", "accumulatedProfit": "185.00", "profit": "12.00"},
    ]
    res = client.get(
        api + "/account/getAccumulatedProfitTrend", params={"days": 7}, headers=daily.headers
    )
    assert res.status_code == 400


def test_asset_detail(client: TestClient, api: str, daily: World) -> None:
    with frozen(datetime(2026, 11, 21, 10, 0, tzinfo=BEIJING)):
        data = _get(
            client,
            api,
            daily,
            "/account/getAccountAssetDetail",
            financialAccountId=daily.fa.id,
            productCode="000111",
        )
    assert isinstance(data, dict)
    assert data["item"]["holdingAsset"] == "800.00"
    assert [h["fundCode"] for h in data["holdings"]] == ["000111"]
    assert data["trend"] == [
        {"date": "2026-11-02", "marketValue": "1000.00", "accumulatedProfit": "36.00"},
        {"date": "2026-11-03", "marketValue": "1000.00", "accumulatedProfit": "40.00"},
        {"date": "2026-11-20", "marketValue": "1000.00", "accumulatedProfit": "60.00"},
    ]
    assert [(t["orderCode"], t["confirmStatus"], t["amount"]) for t in data["trades"]] == [
        ("022", "2", "300.00")
    ]

    po = _get(
        client,
        api,
        daily,
        "/account/getAccountAssetDetail",
        financialAccountId=daily.fa.id,
        productCode="ZH000001",
    )
    assert isinstance(po, dict)
    assert po["item"]["holdingAsset"] == "500.00"
    assert po["item"]["pendingAmount"] == "2000.00"
    assert po["item"]["tags"] == ["调仓待确认"]
    assert len(po["holdings"]) == 2
    # parents only, newest first: the P02 of 11-20, the P04 of 11-19
    assert [t["orderCode"] for t in po["trades"]] == ["P02", "P04"]


def test_asset_detail_of_a_product_sold_out_long_ago(
    client: TestClient, api: str, session: Session, world: World
) -> None:
    """000606, cleared 2026-10-15 with −2.00 that day, read on market date 2026-11-20: its
    昨日收益 is 0.00 of 2026-11-20, not October's −2.00; a fund held shows that day's."""
    advance_market_date(session, date(2026, 11, 20))
    path = "/account/getAccountAssetDetail"
    cleared = _get(client, api, world, path, financialAccountId=world.fa.id, productCode="000606")
    held = _get(client, api, world, path, financialAccountId=world.fa.id, productCode="000111")
    assert isinstance(cleared, dict) and isinstance(held, dict)
    assert (cleared["item"]["preProfit"], cleared["item"]["profitDate"]) == ("0.00", "2026-11-20")
    assert cleared["item"]["accProfit"] == "33.00"
    assert (held["item"]["preProfit"], held["item"]["profitDate"]) == ("20.00", "2026-11-20")


def test_asset_detail_of_a_product_not_held(client: TestClient, api: str, world: World) -> None:
    res = client.get(
        api + "/account/getAccountAssetDetail",
        params={"financialAccountId": world.fa.id, "productCode": "999999"},
        headers=world.headers,
    )
    assert res.status_code == 404
    assert res.json()["msg"] == "该账户未持有此产品"


def test_clear_out_list(client: TestClient, api: str, world: World) -> None:
    data = _get(client, api, world, "/account/getClearOutAssetList", financialAccountId=world.fa.id)
    assert data == [
        {
            "productCode": "ZH000003",
            "productName": "清仓组合",
            "productType": "PO",
            "accProfit": "5.00",  # 8.00 − 3.00
            "clearedDate": "2026-11-06",  # its last component
            "firstConfirmDate": "2026-01-05",  # its first component
        },
        {
            "productCode": "000606",
            "productName": "清仓混合",
            "productType": "FUND",
            "accProfit": "33.00",
            "clearedDate": "2026-10-15",
            "firstConfirmDate": "2026-03-02",
        },
    ]


def test_clear_out_list_without_an_account_is_of_all_the_users_accounts(
    client: TestClient, api: str, session: Session, world: World
) -> None:
    """/clearOutAssets opened without financialAccountId: the products sold out in every
    account (000707 sold out of 第二账户 on 11-10 besides 默认账户's two), last cleared first;
    a product sold out of one account but held in another is still held (000121)."""
    make_holding(
        session,
        fa=world.fa2,
        fund_code="000707",
        accumulated_profit="4.00",
        profit_date=date(2026, 11, 10),
        status=CLEARED,
        cleared_date=date(2026, 11, 10),
        first_confirm_date=date(2026, 6, 1),
    )
    make_holding(
        session,
        fa=world.fa2,
        fund_code="000121",
        accumulated_profit="1.00",
        status=CLEARED,
        cleared_date=date(2026, 11, 12),
    )
    data = _get(client, api, world, "/account/getClearOutAssetList")
    assert isinstance(data, list)
    assert [(c["productCode"], c["accProfit"], c["clearedDate"]) for c in data] == [
        ("000707", "4.00", "2026-11-10"),
        ("ZH000003", "5.00", "2026-11-06"),
        ("000606", "33.00", "2026-10-15"),
    ]
    one = _get(client, api, world, "/account/getClearOutAssetList", financialAccountId=world.fa2.id)
    # in 第二账户 alone 000121 is sold out too
    assert [c["productCode"] for c in one] == ["000121", "000707"]  # type: ignore[union-attr]


def test_holdings_above_the_grade(client: TestClient, api: str, world: World) -> None:
    data = _get(client, api, world, "/account/holdingAssets/riskLevel")
    # grade C3: R5 000121, R4 000101 and ZH000002; the cleared R5 000606 has no shares
    assert data == {
        "riskGrade5": 3,
        "holdingAssetsList": [
            {
                "productCode": "000121",
                "productName": "科技股票",
                "productType": "FUND",
                "amacRisk5Level": 5,
                "riskLevelName": "高风险",
            },
            {
                "productCode": "000101",
                "productName": "蓝筹股票",
                "productType": "FUND",
                "amacRisk5Level": 4,
                "riskLevelName": "中高风险",
            },
            {
                "productCode": "ZH000002",
                "productName": "进取组合",
                "productType": "PO",
                "amacRisk5Level": 4,
                "riskLevelName": "中高风险",
            },
        ],
        "isNeedToast": True,
    }


OWNED_CALLS = [
    "/trade/getShares",
    "/trade/getProfits",
    "/trade/getCalendarProfit",
    "/trade/getDailyProfitList",
    "/account/getAccountAsset",
    "/account/getAccountAssetDetailByConfig",
    "/account/getAccumulatedProfitTrend",
    "/account/getProfitDetail",
    "/account/getClearOutAssetList",
    "/account/holdingAssets/riskLevel",
    "/account/getAccountAssetDetail",
]


@pytest.mark.parametrize("path", OWNED_CALLS)
def test_another_users_account_is_404(
    client: TestClient, api: str, session: Session, world: World, path: str
) -> None:
    stranger = make_account(session)
    from opentamp.models.auth import BrokerUser

    headers = login(session, session.get_one(BrokerUser, stranger.broker_user_id))
    params = {"financialAccountId": world.fa.id, "productCode": "000111"}
    res = client.get(api + path, params=params, headers=headers)
    assert res.status_code == 404
    assert res.json()["error"] == "not_found"
    # the owner's own call with someone else's brokerUserId or accountId: 404 too
    for claim in ({"brokerUserId": stranger.broker_user_id}, {"accountId": stranger.id}):
        res = client.get(
            api + path,
            params={**params, **claim},
            headers=world.headers,
        )
        assert res.status_code == 404, (path, claim)


@pytest.mark.parametrize("path", OWNED_CALLS)
def test_needs_a_token(client: TestClient, api: str, world: World, path: str) -> None:
    res = client.get(api + path, params={"financialAccountId": world.fa.id})
    assert res.status_code == 401
    assert res.json()["error"] == "invalid_token"
    res = client.get(
        api + path,
        params={"financialAccountId": world.fa.id, "productCode": "000111"},
        headers={"Authorization": "Bearer not-a-token"},
    )
    assert res.status_code == 401


def test_empty_profit_reads(client: TestClient, api: str, session: Session) -> None:
    from opentamp.models.accounts import FinancialAccount
    from opentamp.models.auth import BrokerUser

    account = make_account(session)
    fa = session.query(FinancialAccount).filter_by(account_id=account.id).one()
    headers = login(session, session.get_one(BrokerUser, account.broker_user_id))

    def get(path: str, **params: object) -> object:
        res = client.get(
            api + path, params={"financialAccountId": fa.id, **params}, headers=headers
        )
        assert res.status_code == 200, res.text
        return res.json()["data"]

    assert get("/trade/getCalendarProfit", month="2026-11") == {
        "month": "2026-11",
        "total": "0.00",
        "days": [],
    }
    assert get("/trade/getCalendarProfit", year="2026") == {
        "year": "2026",
        "total": "0.00",
        "months": [],
    }
    assert get("/trade/getDailyProfitList")["total"] == 0  # type: ignore[index]
    assert get("/account/getAccumulatedProfitTrend") == []
    assert get("/account/getClearOutAssetList") == []
    assert get("/account/holdingAssets/riskLevel") == {
        "riskGrade5": 3,
        "holdingAssetsList": [],
        "isNeedToast": False,
    }
