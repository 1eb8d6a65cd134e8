"""The adviser zone (docs/api.md#adviser-zone), the visitor token, channels and pushes."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from decimal import Decimal

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from opentamp.config import get_settings
from opentamp.kit.clock import BEIJING, frozen
from opentamp.models.auth import BrokerUser
from opentamp.models.content import (
    Article,
    ChannelAccess,
    ChannelLandingPage,
    OperationPush,
    StoreAd,
    StoreAnnouncement,
    StorePageConfig,
    StoreRecommendation,
)
from opentamp.models.platform import Broker, Team
from tests.factories import (
    add_navs,
    login,
    make_broker,
    make_fund,
    make_portfolio,
    make_team,
    make_user,
)

API = "/api/v1/opentamp"
NOW = datetime(2026, 11, 20, 10, 0, tzinfo=BEIJING)


@pytest.fixture
def team(session: Session) -> Team:
    broker = make_broker(session)
    team = make_team(
        session, broker=broker, slogan="稳健", intro="很长的介绍" * 30, is_default=True
    )
    fund = make_fund(session, code="930001", short_name="测试混合")
    add_navs(session, fund, {date(2025, 11, 19): "1.0000", date(2026, 11, 20): "1.1000"})
    po = make_portfolio(session, components=[(fund, Decimal(1))], code="ZH930001", name="测试组合")
    for i in range(5):
        at = NOW - timedelta(days=i + 1)
        session.add(
            Article(team_id=team.id, title=f"文章{i}", category_name="观点", summary="摘要",
                    content="## 标题\n\n正文", product_scope=[po.code] if i % 2 == 0 else [],
                    is_top=i == 3, published_at=at, updated_at=at)
        )  # fmt: skip
    session.add(
        Article(
            team_id=team.id,
            title="未来文章",
            category_name="观点",
            published_at=NOW + timedelta(days=1),
            updated_at=NOW,
        )
    )
    session.add(
        StoreRecommendation(
            team_id=team.id,
            product_code=po.code,
            product_type="poFund",
            reason="理由",
            tags=["稳健"],
            sort_order=0,
        )
    )
    session.add(
        StoreRecommendation(
            team_id=team.id, product_code="930001", product_type="fund", reason="基金", sort_order=1
        )
    )
    session.add(
        StoreRecommendation(
            team_id=team.id,
            product_code="999999",
            product_type="fund",
            reason="已下架",
            sort_order=2,
        )
    )
    session.flush()
    return team


def get(client: TestClient, path: str, **params: object) -> dict:
    with frozen(NOW):
        res = client.get(API + path, params=params)
    assert res.status_code == 200, res.json()
    return res.json()["data"]


class TestTeams:
    def test_detail_by_id_mid_or_broker(self, client: TestClient, team: Team) -> None:
        by_id = get(client, "/noauth/store/team/detail", teamId=team.id)
        assert by_id["name"] == team.name and by_id["theme"] == {"color": "T1"}
        assert get(client, "/noauth/store/team/detail", mid=team.mid)["teamId"] == team.id
        assert (
            get(client, "/noauth/store/defaultTeam", brokerId=team.broker_id)["teamId"] == team.id
        )

    def test_unknown_team_and_mismatched_link(
        self, client: TestClient, team: Team, session: Session
    ) -> None:
        res = client.get(API + "/noauth/store/team/detail", params={"teamId": 123456})
        assert res.status_code == 404 and res.json()["code"] == 61101
        other = make_broker(session)
        res = client.get(
            API + "/noauth/store/team/detail", params={"teamId": team.id, "brokerId": other.id}
        )
        assert res.status_code == 400
        assert res.json() == {
            "code": 61102,
            "msg": "商户信息传入有误，链接无法打开",
            "error": "wrong_store_link",
            "data": None,
        }

    def test_brief_info(self, client: TestClient, team: Team) -> None:
        data = get(client, "/noauth/store/team/briefInfo", teamId=team.id)
        assert data["intro"].startswith("很长的介绍") and len(data["intro"]) > 100
        assert data["articleCount"] == 5  # the future article is not out yet


class TestContent:
    def test_articles_default_to_page_0_size_2_pinned_first(
        self, client: TestClient, team: Team
    ) -> None:
        data = get(client, "/noauth/store/articles", teamId=team.id)
        assert (data["page"], data["size"], data["total"]) == (0, 2, 5)
        assert [a["title"] for a in data["list"]] == ["文章3", "文章0"]
        assert data["hasMore"] is True
        last = get(client, "/noauth/store/articles", teamId=team.id, page=2)
        assert [a["title"] for a in last["list"]] == ["文章4"] and last["hasMore"] is False

    def test_article_detail(self, client: TestClient, team: Team, session: Session) -> None:
        first = get(client, "/noauth/store/articles", teamId=team.id, size=10)["list"]
        article = next(a for a in first if a["title"] == "文章0")
        detail = get(client, "/noauth/store/article/detail", articleId=article["articleId"])
        assert detail["content"] == "## 标题\n\n正文" and detail["teamName"] == team.name
        assert [p["productCode"] for p in detail["products"]] == ["ZH930001"]
        future = session.query(Article).filter_by(title="未来文章").one()
        with frozen(NOW):
            res = client.get(API + "/noauth/store/article/detail", params={"articleId": future.id})
        assert res.status_code == 404 and res.json()["code"] == 61104

    def test_announcements_pinned_first(
        self, client: TestClient, team: Team, session: Session
    ) -> None:
        session.add(
            StoreAnnouncement(
                team_id=team.id, title="旧置顶", is_top=True, published_at=NOW - timedelta(days=30)
            )
        )
        session.add(
            StoreAnnouncement(team_id=team.id, title="新", published_at=NOW - timedelta(days=1))
        )
        data = get(client, "/noauth/store/announcements", teamId=team.id)
        assert [a["title"] for a in data["list"]] == ["旧置顶", "新"]

    def test_ads_running_today(self, client: TestClient, team: Team, session: Session) -> None:
        today = NOW.date()
        session.add(StoreAd(team_id=team.id, title="进行中", start_date=today, end_date=today))
        session.add(StoreAd(team_id=team.id, title="已结束", end_date=today - timedelta(days=1)))
        session.add(StoreAd(team_id=team.id, title="未开始", start_date=today + timedelta(days=1)))
        session.add(StoreAd(team_id=team.id, title="我的页", position="MINE"))
        assert [a["title"] for a in get(client, "/noauth/store/ads", teamId=team.id)] == ["进行中"]
        assert [
            a["title"] for a in get(client, "/noauth/store/ads", teamId=team.id, position="MINE")
        ] == ["我的页"]

    def test_recommendations_leave_out_withdrawn_products(
        self, client: TestClient, team: Team
    ) -> None:
        data = get(client, "/noauth/store/recommendations", teamId=team.id)
        assert [r["product"]["productCode"] for r in data] == ["ZH930001", "930001"]
        fund = data[1]["product"]
        assert fund["metricName"] == "近1年涨跌幅" and fund["metricValue"] == "0.100000"
        assert fund["detailPath"] == "/fundProductDetail?productCode=930001&productType=fund"
        assert data[0]["product"]["tags"] == ["稳健"]

    def test_product_card(self, client: TestClient, team: Team) -> None:
        card = get(client, "/noauth/store/productCard", productCode="ZH930001")
        assert card["typeName"] == "基金组合" and card["productType"] == "poFund"

    def test_page_config_and_component_data(
        self, client: TestClient, team: Team, session: Session
    ) -> None:
        default = get(client, "/noauth/store/pageConfig", teamId=team.id)
        assert [c["type"] for c in default["components"]] == [
            "BANNER",
            "NOTICE",
            "RECOMMEND",
            "ARTICLE",
        ]
        session.add(
            StorePageConfig(
                team_id=team.id,
                page="home",
                components=[{"componentId": "a", "type": "ARTICLE", "title": "观点"}],
            )
        )
        config = get(client, "/noauth/store/pageConfig", teamId=team.id)
        assert config["components"] == [
            {"componentId": "a", "type": "ARTICLE", "title": "观点", "props": {}}
        ]
        data = get(client, "/noauth/store/componentData", teamId=team.id, componentId="a")
        assert len(data["articles"]) == 2
        with frozen(NOW):
            res = client.get(
                API + "/noauth/store/componentData", params={"teamId": team.id, "componentId": "zz"}
            )
        assert res.status_code == 404


class TestSearch:
    def test_by_name_and_code_with_the_exact_code_first(
        self, client: TestClient, team: Team, session: Session
    ) -> None:
        make_fund(session, code="930002", short_name="测试债券", name="测试债券基金")
        data = get(client, "/noauth/store/search", teamId=team.id, keyword="测试")
        assert (data["page"], data["size"]) == (1, 10)
        assert [c["productCode"] for c in data["list"]] == ["ZH930001", "930001", "930002"]
        exact = get(client, "/noauth/store/search", teamId=team.id, keyword="930002")
        assert [c["productCode"] for c in exact["list"]] == ["930002"]
        funds = get(
            client, "/noauth/store/search", teamId=team.id, keyword="测试", type="fund", size=1
        )
        assert funds["total"] == 2 and funds["hasMore"] is True
        assert get(client, "/noauth/store/search", teamId=team.id, keyword="没有这个")["list"] == []

    def test_no_keyword_lists_the_hot_products(self, client: TestClient, team: Team) -> None:
        data = get(client, "/noauth/store/search", teamId=team.id)
        assert data["isHot"] is True and len(data["list"]) == 2

    def test_pages_count_from_1(self, client: TestClient, team: Team) -> None:
        res = client.get(API + "/noauth/store/search", params={"teamId": team.id, "page": 0})
        assert res.status_code == 400 and res.json()["code"] == 61004
        assert res.json()["msg"] == "分页参数有误：页码从1开始，每页1至100条"

    def test_too_long_keyword(self, client: TestClient, team: Team) -> None:
        res = client.get(
            API + "/noauth/store/search", params={"teamId": team.id, "keyword": "长" * 40}
        )
        assert res.status_code == 400 and res.json()["code"] == 61105


class TestVisitorToken:
    def test_issues_a_visitor_of_the_teams_broker(
        self, client: TestClient, team: Team, session: Session
    ) -> None:
        res = client.post(
            API + "/noauth/store/h5Token",
            json={"teamId": team.id, "mid": team.mid, "brokerId": team.broker_id},
        )
        assert res.status_code == 200
        data = res.json()["data"]
        assert (
            data["visitor"] is True
            and data["brokerId"] == team.broker_id
            and data["teamId"] == team.id
        )
        visitor = session.get(BrokerUser, data["brokerUserId"])
        assert visitor.status == "visitor" and visitor.broker_id == team.broker_id
        headers = {"Authorization": f"Bearer {data['accessToken']}"}
        assert client.get(API + "/utils/country", headers=headers).status_code == 200
        assert client.get(API + "/private/list", headers=headers).status_code == 401
        # each call is a new visitor
        again = client.post(
            API + "/noauth/store/h5Token", json={"brokerId": team.broker_id}
        ).json()["data"]
        assert again["brokerUserId"] != data["brokerUserId"]

    def test_the_broker_every_call_carries_will_do(
        self, client: TestClient, team: Team, session: Session
    ) -> None:
        # 游客访问 on the sign-in page: the client sends only ``broker`` (docs/api.md#transport)
        res = client.post(API + "/noauth/store/h5Token", json={"broker": team.broker_id})
        assert res.status_code == 200
        data = res.json()["data"]
        assert data["visitor"] is True and data["brokerId"] == team.broker_id
        assert (
            client.post(API + "/noauth/store/h5Token", json={"broker": 999999}).status_code == 400
        )

    def test_a_client_creates_at_most_the_limit_of_visitors_a_window(
        self, client: TestClient, team: Team, session: Session, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.setattr(get_settings(), "visitor_client_limit", 2)
        monkeypatch.setattr(get_settings(), "client_window_seconds", 3600)
        t0 = datetime(2026, 11, 20, 10, 0, tzinfo=BEIJING)
        body = {"brokerId": team.broker_id}
        with frozen(t0):
            for _ in range(2):
                assert client.post(API + "/noauth/store/h5Token", json=body).status_code == 200
        before = session.scalar(select(func.count()).select_from(BrokerUser))
        with frozen(t0 + timedelta(minutes=1)):
            res = client.post(API + "/noauth/store/h5Token", json=body)
        assert res.status_code == 429 and res.headers["Retry-After"] == "3540"
        assert res.json() == {
            "code": 42905,
            "msg": "访问过于频繁，请59分钟后再试",
            "error": "visitor_too_frequent",
            "data": {"retryAfter": 3540},
        }
        assert session.scalar(select(func.count()).select_from(BrokerUser)) == before
        with frozen(t0 + timedelta(hours=1)):
            assert client.post(API + "/noauth/store/h5Token", json=body).status_code == 200

    def test_a_returning_device_keeps_its_visitor(
        self, client: TestClient, team: Team, session: Session, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.setattr(get_settings(), "visitor_client_limit", 1)
        t0 = datetime(2026, 11, 20, 10, 0, tzinfo=BEIJING)
        body = {"brokerId": team.broker_id}
        with frozen(t0):
            first = client.post(API + "/noauth/store/h5Token", json=body).json()["data"]
        token = first["accessToken"]
        # while more than half its life is left: the same token, its seconds left, no new row
        with frozen(t0 + timedelta(days=1)):
            same = client.post(
                API + "/noauth/store/h5Token", json={**body, "visitorToken": token}
            ).json()["data"]
        assert same["brokerUserId"] == first["brokerUserId"] and same["accessToken"] == token
        assert same["expiresIn"] == 6 * 24 * 3600
        # expired: a new token for the same visitor (and still no new visitor for the limit)
        with frozen(t0 + timedelta(days=8)):
            renewed = client.post(
                API + "/noauth/store/h5Token", json={**body, "visitorToken": token}
            ).json()["data"]
            assert renewed["brokerUserId"] == first["brokerUserId"]
            assert renewed["accessToken"] != token and renewed["expiresIn"] == 7 * 24 * 3600
            headers = {"Authorization": f"Bearer {renewed['accessToken']}"}
            assert client.get(API + "/utils/country", headers=headers).status_code == 200

    def test_only_a_visitor_of_the_same_broker_is_kept(
        self, client: TestClient, team: Team, session: Session
    ) -> None:
        other = make_team(session)
        theirs = client.post(API + "/noauth/store/h5Token", json={"brokerId": other.broker_id})
        visitor_token = theirs.json()["data"]["accessToken"]
        signed_in = login(session, make_user(session, broker=session.get(Broker, team.broker_id)))
        member_token = signed_in["Authorization"].removeprefix("Bearer ")
        for held in (visitor_token, member_token, "not-a-token"):
            res = client.post(
                API + "/noauth/store/h5Token",
                json={"brokerId": team.broker_id, "visitorToken": held},
            )
            data = res.json()["data"]
            assert data["accessToken"] != held
            user = session.get(BrokerUser, data["brokerUserId"])
            assert user.status == "visitor" and user.broker_id == team.broker_id

    @pytest.mark.parametrize("body", [{}, {"teamId": 999999}, {"mid": "nope"}, {"teamId": "x"}])
    def test_wrong_link(self, client: TestClient, team: Team, body: dict) -> None:
        res = client.post(API + "/noauth/store/h5Token", json=body)
        assert res.status_code == 400

    def test_mismatched_mid(self, client: TestClient, team: Team, session: Session) -> None:
        other = make_team(session)
        res = client.post(API + "/noauth/store/h5Token", json={"teamId": team.id, "mid": other.mid})
        assert res.status_code == 400 and res.json()["code"] == 61102


class TestChannelsAndPushes:
    def test_landing_page_and_visits(
        self, client: TestClient, team: Team, session: Session
    ) -> None:
        session.add(
            ChannelLandingPage(
                channel="c1", broker_id=team.broker_id, title="活动", target_path="/home"
            )
        )
        session.add(
            ChannelLandingPage(
                channel="off", broker_id=team.broker_id, title="下线", is_enabled=False
            )
        )
        assert get(client, "/noauth/tamp/channel/landingPage", channel="c1")["title"] == "活动"
        res = client.get(API + "/noauth/tamp/channel/landingPage", params={"channel": "off"})
        assert res.status_code == 404 and res.json()["msg"] == "活动不存在或已结束"
        user = make_user(session)
        headers = login(session, user)
        for n in (1, 2):
            res = client.post(
                API + "/channel/addAccessHistory",
                json={"channel": "c1", "path": "/home"},
                headers=headers,
            )
            assert res.json()["data"] == {"recorded": True, "visits": n}
        assert session.query(ChannelAccess).filter_by(broker_user_id=user.id).count() == 2
        res = client.post(
            API + "/channel/addAccessHistory", json={"channel": "none"}, headers=headers
        )
        assert res.status_code == 404
        assert (
            client.post(API + "/channel/addAccessHistory", json={"channel": "c1"}).status_code
            == 401
        )

    def test_operation_push_running_now(
        self, client: TestClient, team: Team, session: Session
    ) -> None:
        session.add(
            OperationPush(
                broker_id=team.broker_id,
                title="进行中",
                start_at=NOW - timedelta(days=1),
                end_at=NOW + timedelta(days=1),
            )
        )
        session.add(
            OperationPush(
                broker_id=team.broker_id,
                title="已结束",
                start_at=NOW - timedelta(days=9),
                end_at=NOW - timedelta(days=1),
            )
        )
        data = get(client, "/noauth/push/getOperationPush", brokerId=team.broker_id)
        assert data["push"]["title"] == "进行中" and data["push"]["frequency"] == "DAILY"
        assert (
            get(client, "/noauth/push/getOperationPush", brokerId=team.broker_id, position="MINE")[
                "push"
            ]
            is None
        )

    def test_latest_articles_about_portfolios(
        self, client: TestClient, team: Team, session: Session
    ) -> None:
        viewer = make_user(session, broker=session.get(Broker, team.broker_id))
        with frozen(NOW):
            res = client.get(
                API + "/adviser/latestArticles",
                params={"poCodes": "ZH930001,ZH999999"},
                headers=login(session, viewer),
            )
        # the pinned article 3 is not about the portfolio; 0, 2 and 4 are, newest first
        assert [a["title"] for a in res.json()["data"]] == ["文章0", "文章2", "文章4"]
