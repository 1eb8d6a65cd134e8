"""Product calls (docs/api.md#product-data) on a small catalogue with figures worked out by hand."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from opentamp.demo.products import ALGORITHMS
from opentamp.kit.clock import BEIJING, frozen
from opentamp.market.service import set_market_date
from opentamp.models.accounts import Account
from opentamp.models.catalogue import (
    FundManager,
    FundManagerTenure,
    PerformanceAlgorithm,
    ProductDocument,
    ProductNotice,
    ProductShelf,
)
from opentamp.models.holdings import Holding, HoldingLot
from opentamp.models.products import FundDividend, Portfolio
from tests.factories import (
    add_navs,
    login,
    make_account,
    make_adjustment,
    make_broker,
    make_fund,
    make_index,
    make_portfolio,
    make_signal,
    make_user,
)

D = Decimal


@dataclass
class World:
    headers: dict[str, str]
    broker_id: int
    fund_code: str
    portfolio_code: str
    signal_code: str


@pytest.fixture
def world(session: Session) -> World:
    broker = make_broker(session)
    user = make_user(session, broker=broker)
    index = make_index(
        session,
        code="IX9001",
        name="测试指数",
        closes={
            date(2025, 11, 19): "1000",
            date(2026, 10, 20): "1050",
            date(2026, 11, 19): "1080",
            date(2026, 11, 20): "1100",
        },
    )
    fund = make_fund(
        session,
        code="920001",
        fund_type=1,
        risk_level=4,
        purchase_discount=D("0.1"),
        benchmark_code=index.code,
        short_name="测试股票",
    )
    add_navs(
        session,
        fund,
        {
            date(2025, 11, 19): "1.0000",
            date(2026, 10, 20): "1.1000",
            date(2026, 11, 19): "1.1500",
            date(2026, 11, 20): "1.2000",
        },
    )
    # a second fund for the portfolio: A and B of the hand-worked back-test
    bond = make_fund(session, code="920002", fund_type=2, risk_level=2, short_name="测试债券")
    add_navs(
        session,
        bond,
        {
            date(2025, 11, 19): "2.0000",
            date(2026, 10, 20): "2.0000",
            date(2026, 11, 19): "1.8000",
            date(2026, 11, 20): "1.9800",
        },
    )
    po = make_portfolio(
        session,
        components=[(bond, D("1"))],
        code="ZH920001",
        risk_level=3,
        inception_date=date(2025, 11, 19),
        benchmark_code=index.code,
    )
    make_adjustment(
        session,
        portfolio=po,
        day=date(2025, 11, 19),
        weights={"920001": D("0.5"), "920002": D("0.5")},
    )
    make_adjustment(
        session,
        portfolio=po,
        day=date(2026, 11, 19),
        weights={"920002": D("1")},
        before={"920001": D("0.5"), "920002": D("0.5")},
    )
    signal = make_portfolio(
        session,
        components=[(fund, D("1"))],
        code="SI920001",
        kind="signal",
        inception_date=date(2025, 11, 19),
    )
    make_adjustment(session, portfolio=signal, day=date(2025, 11, 19), weights={"920001": D("1")})
    for day, rate in (
        (date(2025, 11, 19), "1"),
        (date(2026, 10, 20), "2"),
        (date(2026, 11, 19), "0.5"),
    ):
        make_signal(session, portfolio=signal, day=day, rate=rate)
    for a in ALGORITHMS:
        session.add(
            PerformanceAlgorithm(
                algorithm_type=a[0], algorithm_name=a[1], algorithm_desc=a[2],
                show_signal_point=a[3], show_trade_point=a[4], show_benchmark=a[5],
                order=a[6], product_types=a[7],
            )
        )  # fmt: skip
    set_market_date(session, date(2026, 11, 20))
    session.flush()
    return World(login(session, user), broker.id, fund.code, po.code, signal.code)


API = "/api/v1/opentamp"


def get(client: TestClient, world: World, path: str, **params: object) -> dict:
    res = client.get(API + path, params=params, headers=world.headers)
    assert res.status_code == 200, res.json()
    return res.json()["data"]


class TestFundInfo:
    def test_facts_nav_and_returns(self, client: TestClient, world: World) -> None:
        with frozen(datetime(2026, 11, 21, 10, 0)):
            data = get(client, world, "/product/fund/info", fundCode="920001")
        assert data["fundType"] == 1 and data["fundTypeName"] == "股票型"
        assert data["isSupportSmartAip"] is True  # it follows an index
        assert data["riskLevel"] == 4 and data["riskLevelName"] == "中高风险"
        assert data["nav"]["nav"] == "1.2000" and data["nav"]["navDate"] == "2026-11-20"
        assert data["nav"]["dayGrowth"] == "0.043478"  # 1.2000 / 1.1500 − 1 = 0.0434782…
        assert data["latestNavDate"] == "2026-11-20" and data["isNavUpdating"] is False
        returns = {r["period"]: r for r in data["returns"]}
        assert returns["1m"]["value"] == "0.090909"  # 1.20 / 1.10 − 1 from 10-20
        assert returns["1m"]["benchmarkValue"] == "0.047619"  # 1100 / 1050 − 1
        # 9.09% − 4.76% as shown: the exact difference 0.043290 would show 4.32%
        assert returns["1m"]["excessValue"] == "0.043300"
        assert returns["1y"]["value"] == "0.200000"  # from 2025-11-19, the last on or before 11-20
        assert returns["1y"]["startDate"] == "2025-11-19"
        assert returns["3y"]["value"] is None  # no history three years back
        assert data["purchaseFeeRate"] == "0.015000"
        assert data["purchaseFeeRateDiscounted"] == "0.001500"  # 1.5 % × 一折
        assert data["status"] == {
            "status": "NORMAL", "statusText": "", "statusNote": "", "canBuy": True,
            "canRedeem": True, "resumeDate": None,
        }  # fmt: skip

    def test_updating_after_the_close(
        self, client: TestClient, world: World, session: Session
    ) -> None:
        set_market_date(session, date(2026, 11, 19))
        with frozen(datetime(2026, 11, 20, 16, 0)):
            data = get(client, world, "/product/fund/info", fundCode="920001")
        assert data["latestNavDate"] == "2026-11-19" and data["isNavUpdating"] is True

    @pytest.mark.parametrize(
        ("status", "text", "note", "can_buy", "can_redeem"),
        [
            ("STOP_ALLOT", "暂停申购", "恢复申购后的首个交易日提交", False, True),
            ("STOP_REDEEM", "暂停赎回", "恢复赎回后的首个交易日提交", True, False),
            ("STOP_TRADE", "暂停交易", "恢复后的首个交易日将提交", False, False),
        ],
    )
    def test_status_tags(
        self, client: TestClient, world: World, session: Session,
        status: str, text: str, note: str, can_buy: bool, can_redeem: bool,
    ) -> None:  # fmt: skip
        make_fund(session, code="920009", status=status, resume_date=date(2026, 12, 1))
        data = get(client, world, "/product/fund/info", fundCode="920009")["status"]
        assert data["statusText"] == text and note in data["statusNote"]
        assert "预计2026年12月01日恢复" in data["statusNote"]
        assert (data["canBuy"], data["canRedeem"]) == (can_buy, can_redeem)

    def test_trading_time_limit(self, client: TestClient, world: World, session: Session) -> None:
        make_fund(session, code="920010", trade_limit_start="14:50", trade_limit_end="15:00")
        data = get(client, world, "/product/fund/info", fundCode="920010")
        assert (data["tradeLimitStartTime"], data["tradeLimitEndTime"]) == ("14:50", "15:00")

    def test_unknown_fund(self, client: TestClient, world: World) -> None:
        res = client.get(
            API + "/product/fund/info", params={"fundCode": "000000"}, headers=world.headers
        )
        assert res.status_code == 404
        assert res.json()["code"] == 61001 and res.json()["msg"] == "产品不存在或已下架"

    def test_disabled_for_the_broker(
        self, client: TestClient, world: World, session: Session
    ) -> None:
        session.add(
            ProductShelf(
                broker_id=world.broker_id,
                shelf="search",
                product_code="920001",
                product_type="fund",
                is_disable_buy=True,
            )
        )
        assert get(client, world, "/product/fund/info", fundCode="920001")["isDisableBuy"] is True
        assert get(client, world, "/product/fund/info", fundCode="920002")["isDisableBuy"] is False
        # 920002 follows no index: no smart plan
        assert (
            get(client, world, "/product/fund/info", fundCode="920002")["isSupportSmartAip"]
            is False
        )


class TestAccess:
    def test_visitors_read_products(
        self, client: TestClient, world: World, session: Session
    ) -> None:
        visitor = make_user(session, status="visitor")
        res = client.get(
            API + "/product/fund/info",
            params={"fundCode": "920001"},
            headers=login(session, visitor),
        )
        assert res.status_code == 200
        # but not account calls
        res = client.get(API + "/private/list", headers=login(session, visitor))
        assert res.status_code == 401 and res.json()["error"] == "invalid_token"

    def test_a_token_is_needed(self, client: TestClient, world: World) -> None:
        res = client.get(API + "/product/fund/info", params={"fundCode": "920001"})
        assert res.status_code == 401


class TestNavSeries:
    def test_fund_period(self, client: TestClient, world: World, session: Session) -> None:
        session.add(
            FundDividend(
                fund_code="920001",
                record_date=date(2026, 11, 19),
                ex_date=date(2026, 11, 19),
                pay_date=date(2026, 11, 23),
                cash_per_share=D("0.0100"),
            )
        )
        data = get(client, world, "/product/navSeries", productCode="920001", period="1m")
        assert data["startDate"] == "2026-10-20" and data["endDate"] == "2026-11-20"
        points = data["points"]
        assert [p["date"] for p in points] == ["2026-10-20", "2026-11-19", "2026-11-20"]
        assert points[0]["value"] == "0.000000" and points[0]["nav"] == "1.1000"
        # the 0.01 dividend of 11-19 is reinvested: factor 1.16 / 1.15 from 11-19 on
        assert points[1]["value"] == "0.054545"  # 1.16 / 1.10 − 1
        assert points[2]["value"] == "0.100395"  # 1.20 × 1.16 / 1.15 = 1.210434…; / 1.10 − 1
        assert points[2]["benchmark"] == "0.047619"
        assert data["benchmarkName"] == "测试指数"
        assert [m["type"] for m in data["markers"]] == ["dividend"]

    def test_unknown_product_answers_an_empty_series(
        self, client: TestClient, world: World
    ) -> None:
        data = get(client, world, "/product/navSeries", productCode="ZZ000000")
        assert data["points"] == [] and data["markers"] == [] and data["period"] == "1y"

    def test_invalid_period(self, client: TestClient, world: World) -> None:
        res = client.get(
            API + "/product/navSeries",
            params={"productCode": "920001", "period": "2w"},
            headers=world.headers,
        )
        assert res.status_code == 400 and res.json()["code"] == 61002
        assert res.json()["msg"] == "不支持的区间：2w"

    def test_portfolio_algorithms(self, client: TestClient, world: World) -> None:
        hold = get(client, world, "/product/navSeries", productCode="ZH920001", period="all")
        assert hold["algorithmType"] == "NAV_HOLD"  # the order-1 option by default
        values = {p["date"]: p["value"] for p in hold["points"]}
        # 50/50 on 2025-11-19: 0.5 units of A at 1.00, 0.25 of B at 2.00
        # 10-20: 0.55 + 0.5 = 1.05; 11-19: 0.575 + 0.45 = 1.025, all moved to B (1.80)
        # 11-20: 1.025 / 1.80 × 1.98 = 1.1275
        assert values["2026-10-20"] == "0.050000"
        assert values["2026-11-19"] == "0.025000"
        assert values["2026-11-20"] == "0.127500"
        assert [m["type"] for m in hold["markers"]] == ["adjust"]  # the initial build is no marker
        assert hold["points"][-1]["nav"] == "1.1275"
        daily = get(
            client,
            world,
            "/product/navSeries",
            productCode="ZH920001",
            period="all",
            algorithmType="DAILY_REBALANCE",
        )
        values = {p["date"]: p["value"] for p in daily["points"]}
        # 10-20: ½(+10 %) + ½(0 %) → 1.05; 11-19: ½(1.15/1.10 − 1) + ½(−10 %) → × 0.972727…
        assert values["2026-10-20"] == "0.050000"
        assert values["2026-11-19"] == "0.021364"
        assert daily["markers"] == []

    def test_unknown_algorithm(self, client: TestClient, world: World) -> None:
        res = client.get(
            API + "/product/navSeries",
            params={"productCode": "ZH920001", "algorithmType": "SIGNAL_FOLLOW"},
            headers=world.headers,
        )
        assert res.status_code == 400 and res.json()["code"] == 61003

    def test_signal_follow_curve(self, client: TestClient, world: World) -> None:
        data = get(
            client,
            world,
            "/product/navSeries",
            productCode="SI920001",
            period="all",
            algorithmType="SIGNAL_FOLLOW",
        )
        values = {p["date"]: p["value"] for p in data["points"]}
        # buys 1 at 1.00, 2 at 1.10, 0.5 at 1.15: units 1 + 1.818181… + 0.434782… at 1.20
        units = D(1) + D(2) / D("1.1") + D("0.5") / D("1.15")
        expected = (units * D("1.2") / D("3.5") - 1).quantize(D("0.000001"))
        assert values["2026-11-20"] == str(expected)
        assert [m["type"] for m in data["markers"]] == ["signal"] * 3
        assert data["markers"][1]["title"] == "发车2倍"

    def test_the_viewers_buys_are_marked(
        self, client: TestClient, world: World, session: Session
    ) -> None:
        user = make_user(session)
        account = make_account(session, user=user)
        fa_id = session.query(Account).filter_by(id=account.id).one().id
        from opentamp.models.accounts import FinancialAccount

        fa = session.query(FinancialAccount).filter_by(account_id=fa_id).first()
        holding = Holding(
            broker_user_id=user.id,
            account_id=account.id,
            financial_account_id=fa.id,
            fund_code="920001",
            shares=D("100"),
        )
        session.add(holding)
        session.flush()
        session.add(
            HoldingLot(holding_id=holding.id, confirm_date=date(2026, 11, 20), shares=D("100"))
        )
        session.flush()
        data = client.get(
            API + "/product/navSeries",
            params={"productCode": "920001", "period": "1m"},
            headers=login(session, user),
        ).json()["data"]
        # confirmed on 11-20 (T+1): bought on 11-19
        assert {(m["type"], m["date"]) for m in data["markers"]} == {("buy", "2026-11-19")}


class TestPerformance:
    def test_fund(self, client: TestClient, world: World) -> None:
        data = get(client, world, "/product/performance", productCode="920001")
        periods = {p["period"]: p for p in data["periods"]}
        assert periods["all"]["value"] == "0.200000"
        # 今年以来 from the last point of 2025 (11-19, 1.0000): 1.20 − 1
        assert periods["ytd"]["value"] == "0.200000"
        assert data["benchmark"]["code"] == "IX9001"
        risk = {r["period"]: r for r in data["risk"]}
        # four values 1.00, 1.10, 1.15, 1.20: no fall, no drawdown
        assert risk["all"]["maxDrawdown"] == "0.000000"
        assert [y["year"] for y in data["years"]] == [2025, 2026]

    def test_unknown_product_is_empty(self, client: TestClient, world: World) -> None:
        data = get(client, world, "/product/performance", productCode="ZZ000000")
        assert data["periods"] == [] and data["risk"] == []

    def test_signal_follow_figures(self, client: TestClient, world: World) -> None:
        data = get(client, world, "/product/performance", productCode="SI920001")
        assert data["follow"]["signalCount"] == 3
        assert data["follow"]["investedMultiple"] == "3.500000"


class TestPortfolio:
    def test_info(self, client: TestClient, world: World, session: Session) -> None:
        data = get(client, world, "/product/po/info", poCode="ZH920001")
        assert data["productType"] == "poFund" and data["adjustCount"] == 1
        assert data["isSupportSmartAip"] is True
        assert data["lastAdjustDate"] == "2026-11-19"
        assert [c["fundCode"] for c in data["components"]] == ["920002"]
        assert data["assetAllocation"] == [{"assetClass": "债券类", "weight": "1.000000"}]
        assert data["nav"]["nav"] == "1.1275"
        assert data["disclosureComplete"] is False  # the bond fund has no documents
        session.add(
            ProductDocument(
                product_code="920002",
                doc_type="contract",
                title="合同",
                version_date=date(2025, 1, 1),
            )
        )
        assert (
            get(client, world, "/product/po/info", poCode="ZH920001")["disclosureComplete"] is True
        )

    def test_black_box_hides_the_composition(
        self, client: TestClient, world: World, session: Session
    ) -> None:
        po = session.get(Portfolio, "ZH920001")
        po.box_mode = "BLACK_BOX"
        data = get(client, world, "/product/po/info", poCode="ZH920001")
        assert data["components"] == [] and data["assetAllocation"] == []
        assert get(client, world, "/product/adjustments", poCode="ZH920001")["list"] == []

    def test_adjustment_history(self, client: TestClient, world: World) -> None:
        data = get(client, world, "/product/adjustments", poCode="ZH920001")
        assert data["total"] == 2
        latest = data["list"][0]
        assert latest["adjustDate"] == "2026-11-19"
        actions = {i["fundCode"]: (i["action"], i["change"]) for i in latest["items"]}
        assert actions == {"920001": ("移除", "-0.500000"), "920002": ("增持", "0.500000")}
        first = data["list"][1]
        assert {i["action"] for i in first["items"]} == {"新增"}

    def test_signals(self, client: TestClient, world: World) -> None:
        data = get(client, world, "/product/signals", productCode="SI920001", size=2)
        assert data["total"] == 3 and data["hasMore"] is True
        assert data["latestSignalInfo"]["sigDate"] == "2026-11-19"
        assert data["latestSignalInfo"]["autoFollowBuyRate"] == "0.500000"
        one = get(
            client, world, "/product/signals", productCode="SI920001", sigId="SI920001-20261020"
        )
        assert [s["sigId"] for s in one["list"]] == ["SI920001-20261020"]
        res = client.get(
            API + "/product/signals", params={"productCode": "ZH920001"}, headers=world.headers
        )
        assert res.status_code == 404

    def test_algorithm_config(self, client: TestClient, world: World) -> None:
        po = get(client, world, "/tamp/poPerformance/algorithm/config", productCode="ZH920001")
        assert [o["algorithmType"] for o in po["performanceAlgorithm"]] == [
            "NAV_HOLD",
            "DAILY_REBALANCE",
        ]
        assert po["defaultAlgorithmType"] == "NAV_HOLD"
        signal = get(client, world, "/tamp/poPerformance/algorithm/config", productCode="SI920001")
        follow = signal["performanceAlgorithm"][-1]
        assert (
            follow["algorithmType"] == "SIGNAL_FOLLOW"
            and follow["showSignalPoint"]
            and follow["showPoint"]
        )
        everything = get(client, world, "/tamp/poPerformance/algorithm/config")
        assert len(everything["performanceAlgorithm"]) == 3


class TestTradeRules:
    def test_fees_and_dates_before_the_cut_off(self, client: TestClient, world: World) -> None:
        # Friday 2026-11-20 14:30: T = 11-20, confirmed 11-23 (T+1), profit shows 11-24;
        # redemption cash on T+3 = 11-25
        with frozen(datetime(2026, 11, 20, 14, 30)):
            data = get(client, world, "/product/tradeRules", productCode="920001")
        rules = data["funds"][0]
        assert (
            rules["buy"]["tradeDate"] == "2026-11-20"
            and rules["buy"]["confirmDate"] == "2026-11-23"
        )
        assert rules["buy"]["resultDate"] == "2026-11-24"
        assert rules["redeem"]["resultDate"] == "2026-11-25"
        assert rules["purchaseFees"] == [
            {
                "condition": "全部金额",
                "rate": "0.015000",
                "discountedRate": "0.001500",
                "fixedFee": None,
            }
        ]
        assert [(f["condition"], f["rate"]) for f in rules["redeemFees"]] == [
            ("持有<7天", "0.015000"), ("7天≤持有<1年", "0.005000"),
            ("1年≤持有<2年", "0.002500"), ("持有≥2年", "0.000000"),
        ]  # fmt: skip
        assert data["cutOffTime"] == "15:00"

    def test_after_the_cut_off_and_qdii(
        self, client: TestClient, world: World, session: Session
    ) -> None:
        make_fund(session, code="920007", fund_type=7, confirm_days=2, redeem_settle_days=7)
        with frozen(datetime(2026, 11, 20, 15, 30)):
            data = get(client, world, "/product/tradeRules", productCode="920007")
        buy = data["funds"][0]["buy"]
        # after 15:00 on Friday: T = Monday 11-23; QDII confirmed T+2 = 11-25
        assert (buy["tradeDate"], buy["confirmDate"], buy["resultDate"]) == (
            "2026-11-23",
            "2026-11-25",
            "2026-11-26",
        )

    def test_portfolio_lists_each_fund(self, client: TestClient, world: World) -> None:
        data = get(client, world, "/product/tradeRules", productCode="ZH920001")
        assert [f["fundCode"] for f in data["funds"]] == ["920002"]
        assert any("分不尽的金额计入比例最高的基金" in n for n in data["notes"])

    def test_fee_conditions_of_tiers(self) -> None:
        from opentamp.models.products import FundFeeTier
        from opentamp.products.terms import fee_condition

        tier = FundFeeTier(
            kind="purchase", amount_from=D("1000000.00"), amount_to=D("5000000.00"), rate=D("0.01")
        )
        assert fee_condition(tier) == "100万元≤金额<500万元"
        assert (
            fee_condition(
                FundFeeTier(kind="purchase", amount_from=D("5000000.00"), fixed_fee=D("1000"))
            )
            == "金额≥500万元"
        )
        assert (
            fee_condition(FundFeeTier(kind="redeem", days_from=365, days_to=1095)) == "1年≤持有<3年"
        )


class TestDocumentsAndNotices:
    def test_announcements_reports_and_detail(
        self, client: TestClient, world: World, session: Session
    ) -> None:
        for i in range(12):
            session.add(
                ProductNotice(
                    product_code="920001",
                    kind="announcement",
                    category="dividend",
                    title=f"公告{i}",
                    publish_date=date(2026, 1, 1 + i),
                    content="正文",
                )
            )
        session.add(
            ProductNotice(
                product_code="920001",
                kind="report",
                category="quarterly",
                title="季报",
                publish_date=date(2026, 10, 21),
                content="报告正文",
            )
        )
        session.flush()
        page = get(client, world, "/product/announcements", productCode="920001", page=2)
        assert page["total"] == 12 and page["page"] == 2 and len(page["list"]) == 2
        assert page["list"][0]["title"] == "公告1" and page["hasMore"] is False
        assert page["list"][0]["categoryName"] == "分红公告"
        reports = get(client, world, "/product/reports", productCode="920001")
        detail = get(client, world, "/product/noticeDetail", id=reports["list"][0]["id"])
        assert detail["content"] == "报告正文" and detail["kind"] == "report"

    def test_compliance_files(self, client: TestClient, world: World, session: Session) -> None:
        session.add(
            ProductDocument(
                product_code="920001",
                doc_type="prospectus",
                title="招募说明书（2026）",
                version_date=date(2026, 6, 1),
                is_current=True,
                content="新",
            )
        )
        session.add(
            ProductDocument(
                product_code="920001",
                doc_type="prospectus",
                title="招募说明书（2025）",
                version_date=date(2025, 6, 1),
                is_current=False,
                content="旧",
            )
        )
        session.add(
            ProductDocument(
                product_code="",
                doc_type="compliance",
                title="投资者权益须知",
                version_date=date(2025, 1, 1),
            )
        )
        session.flush()
        data = get(client, world, "/product/complianceFile", productCode="920001")
        assert [d["title"] for d in data["list"]] == ["招募说明书（2026）"]
        assert [d["title"] for d in data["history"]] == ["招募说明书（2025）"]
        assert data["list"][0]["fileUrl"].startswith("/richText?fromModule=doc&id=")
        platform = get(client, world, "/product/complianceFile")
        assert [d["title"] for d in platform["list"]] == ["投资者权益须知"]
        doc = get(client, world, "/product/document", id=data["history"][0]["id"])
        assert doc["content"] == "旧" and doc["docTypeName"] == "招募说明书"


class TestOtherReads:
    def test_risk_disclosure(self, client: TestClient, world: World, session: Session) -> None:
        make_fund(session, code="920007", fund_type=7, risk_level=5)
        data = get(client, world, "/product/riskDisclosureOptions", productCode="920007")
        keys = [o["key"] for o in data["options"]]
        assert keys == ["read", "risk_level", "overseas"]
        assert (
            data["options"][1]["label"] == "本人确认产品风险等级为R5（高风险），并自愿承担投资风险"
        )
        po = session.get(Portfolio, "ZH920001")
        po.adviser_fee_rate = D("0.005")
        data = get(client, world, "/product/riskDisclosureOptions", productCode="ZH920001")
        assert "adviser_fee" in [o["key"] for o in data["options"]]
        assert any("年化0.5%" in c for c in data["content"])

    def test_fund_pool(self, client: TestClient, world: World, session: Session) -> None:
        for sort, code in enumerate(["920001", "920002"]):
            session.add(
                ProductShelf(
                    broker_id=world.broker_id,
                    shelf="fundPool",
                    product_code=code,
                    product_type="fund",
                    sort_order=sort,
                    added_date=date(2026, 11, 1 + sort),
                )
            )
        session.flush()
        data = get(client, world, "/product/fundPool")
        assert [f["fundCode"] for f in data["list"]] == ["920001", "920002"]
        assert data["list"][0]["yearReturn"] == "0.200000"
        assert data["groups"] == [
            {"fundType": 1, "fundTypeName": "股票型", "count": 1},
            {"fundType": 2, "fundTypeName": "债券型", "count": 1},
        ]
        assert data["updatedDate"] == "2026-11-02"
        bonds = get(client, world, "/product/fundPool", fundType=2)
        assert [f["fundCode"] for f in bonds["list"]] == ["920002"] and bonds["total"] == 1

    def test_benchmark(self, client: TestClient, world: World) -> None:
        data = get(client, world, "/product/benchmark", productCode="920001", period="1m")
        assert data["code"] == "IX9001" and data["periodReturn"] == "0.047619"
        assert data["latestClose"] == "1100.0000"
        res = client.get(
            API + "/product/benchmark", params={"productCode": "ZZ000000"}, headers=world.headers
        )
        assert res.status_code == 404
        indexes = client.get(API + "/noauth/benchmark/indexes").json()["data"]
        assert {"code": "IX9001", "latestClose": "1100.0000"}.items() <= next(
            i for i in indexes if i["code"] == "IX9001"
        ).items()

    def test_managers_and_organization(
        self, client: TestClient, world: World, session: Session
    ) -> None:
        from opentamp.models.products import Fund

        fund = session.get(Fund, "920001")
        manager = FundManager(
            company_id=fund.company_id,
            name="张经理",
            career_start=date(2016, 11, 20),
            invest_style="成长",
        )
        session.add(manager)
        session.flush()
        session.add(
            FundManagerTenure(
                manager_id=manager.id, fund_code="920001", start_date=date(2026, 10, 20)
            )
        )
        session.flush()
        with frozen(datetime(2026, 11, 20, 21, 0, tzinfo=BEIJING)):
            info = get(client, world, "/product/fund/info", fundCode="920001")
            detail = get(client, world, "/product/manager/detail", managerId=manager.id)
        brief = info["managers"][0]
        assert brief["name"] == "张经理" and brief["tenureReturn"] == "0.090909"  # since 10-20
        assert brief["careerYears"] == "10.0"
        assert detail["funds"][0]["fundCode"] == "920001"
        org = get(client, world, "/product/organization", productCode="920001")
        assert org["fundCount"] == 1 and org["funds"][0]["fundCode"] == "920001"


def test_wallet_funds(client: TestClient, world: World, session: Session) -> None:
    from opentamp.models.platform import Broker

    money = make_fund(session, code="920005", fund_type=4, risk_level=1, short_name="测试货币B")
    add_navs(session, money, {date(2026, 11, 20): "1.0000"})
    broker = session.get(Broker, world.broker_id)
    broker.super_wallet_min_purchase = D("10.00")
    session.add(
        ProductShelf(
            broker_id=world.broker_id,
            shelf="superWallet",
            product_code="920005",
            product_type="fund",
        )
    )
    data = get(client, world, "/product/walletFunds")
    assert data["minPurchaseAmount"] == "10.00"
    assert [f["productCode"] for f in data["funds"]] == ["920005"]
    assert data["funds"][0]["metricName"] == "七日年化"


def test_the_wallet_funds_screens_say_the_wallets_minimum(
    client: TestClient, world: World, session: Session
) -> None:
    """The wallet's fund is bought only by recharging the wallet, held to the wallet's 起存金额
    (the broker's 10.00 over the fund's own 0.01): its fund page (充值（10元起投）), its card and
    its trade rules say so, not 0.01元起投; any other fund keeps its own minimum."""
    from opentamp.models.platform import Broker

    wallet = make_fund(
        session, code="000509", fund_type=4, risk_level=1, min_purchase_amount=D("0.01")
    )
    add_navs(session, wallet, {date(2026, 11, 20): "1.0000"})
    broker = session.get(Broker, world.broker_id)
    broker.super_wallet_min_purchase = D("10.00")
    session.flush()
    info = get(client, world, "/product/fund/info", fundCode="000509")
    assert (info["productType"], info["minPurchaseAmount"]) == ("wallet", "10.00")
    card = get(client, world, "/product/walletFunds")["funds"][0]
    assert (card["productCode"], card["minPurchaseAmount"]) == ("000509", "10.00")
    rules = get(client, world, "/product/tradeRules", productCode="000509")
    assert rules["minPurchaseAmount"] == "10.00"
    money = make_fund(session, code="920006", fund_type=4, min_purchase_amount=D("0.01"))
    add_navs(session, money, {date(2026, 11, 20): "1.0000"})
    other = get(client, world, "/product/fund/info", fundCode=money.code)
    assert other["minPurchaseAmount"] == "0.01"
