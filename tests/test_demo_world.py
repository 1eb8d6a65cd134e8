"""docs/demo.md: the demo world's products and market data, and what the screens show of it
(李明's history and returns, the pop-ups' rows, the default adviser team), all on one world
seeded once: seeding takes longer than any other setup of the suite."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path
from typing import NamedTuple

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session

from opentamp.advisory import membership
from opentamp.advisory.errors import MemberRequired
from opentamp.core import events
from opentamp.core.market_day import market_date
from opentamp.demo.seed import seed_demo
from opentamp.demo.store import holiday_notice
from opentamp.demo.world import DemoWorld
from opentamp.jobs import last_publishable_day
from opentamp.kit.calendar import TradingCalendar
from opentamp.kit.clock import now
from opentamp.kit.money import round_amount
from opentamp.models.accounts import Account, FinancialAccount, PaymentMethod
from opentamp.models.advisory import AdvisoryStrategy
from opentamp.models.appointments import RedeemAppointment
from opentamp.models.auth import BrokerUser
from opentamp.models.catalogue import (
    PortfolioAdjustment,
    PortfolioAdjustmentItem,
    PrivateNav,
    ProductSignal,
    StrategyPhase,
)
from opentamp.models.content import Article, Protocol, StoreAnnouncement
from opentamp.models.holdings import CLEARED, Holding, HoldingDailyProfit
from opentamp.models.notices import Notice, NoticeRead, OutboxEvent
from opentamp.models.orders import TradeOrder
from opentamp.models.pension import PensionAccount
from opentamp.models.plans import InvestPlan, InvestPlanExecution
from opentamp.models.platform import Broker
from opentamp.models.popups import CustomerServiceConfig, OperationPopup
from opentamp.models.products import (
    WALLET_FUND_CODE,
    Fund,
    FundDividend,
    FundFeeTier,
    FundNav,
    Portfolio,
    PortfolioComponent,
)
from opentamp.models.targets import TargetHolding
from opentamp.outside.oss import LocalObjectStore, image_info, use_object_store
from opentamp.products import analytics
from opentamp.products import catalogue as products_catalogue
from tests.assets.test_returns import returns_of
from tests.factories import login
from tests.rules.test_returns import npv, xirr_by_bisection


@pytest.fixture(scope="module")
def seeded(engine: Engine, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Seeded]:
    """The demo world seeded once for this module's tests (it takes the longest of any setup),
    its objects in a store of their own; all of it rolled back after them."""
    objects = tmp_path_factory.mktemp("objects")
    products_catalogue.clear_caches()
    use_object_store(LocalObjectStore(objects))
    connection = engine.connect()
    outer = connection.begin()
    session = Session(
        bind=connection, join_transaction_mode="create_savepoint", expire_on_commit=False
    )
    try:
        world = seed_demo(session)
        yield Seeded(session, world, objects)
    finally:
        use_object_store(None)
        session.close()
        outer.rollback()
        connection.close()
        products_catalogue.clear_caches()


@pytest.fixture
def session(seeded: Seeded) -> Session:
    """The seeded world's session, for the tests and for ``client``'s requests."""
    return seeded.session


class Seeded(NamedTuple):
    session: Session
    world: DemoWorld
    objects: Path


def test_the_demo_world(seeded: Seeded) -> None:
    session = seeded.session
    demo = session.scalars(select(Account).where(Account.name == "李明")).one()
    for key in (demo.id_photo_front, demo.id_photo_back):
        assert key is not None
        info = image_info(LocalObjectStore(seeded.objects).get(key=key) or b"")
        assert info is not None and info.width >= 400 and info.height >= 250
    end = last_publishable_day(now())
    assert market_date(session) == end
    assert {1001, 1154, 1174} <= set(session.scalars(select(Broker.id)))

    funds = list(session.scalars(select(Fund)))
    assert len(funds) >= 30
    assert {f.fund_type for f in funds} == set(range(11))
    # the pension target funds of funds are 混合型 as their names say, not 其他
    fofs = [f for f in funds if "混合型" in f.name and "基金中基金" in f.name]
    assert fofs and {f.fund_type for f in fofs} == {3}
    assert {f.risk_level for f in funds} == {1, 2, 3, 4, 5}
    assert any(f.is_pension for f in funds)
    assert {f.status for f in funds} >= {"NORMAL", "STOP_ALLOT", "STOP_REDEEM"}
    assert any(f.trade_limit_start for f in funds)
    assert all(f.confirm_days == 2 for f in funds if f.fund_type == 7)

    spans = session.execute(
        select(
            FundNav.fund_code, func.min(FundNav.nav_date), func.max(FundNav.nav_date), func.count()
        ).group_by(FundNav.fund_code)
    ).all()
    assert len(spans) == len(funds)
    for code, first, last, count in spans:
        assert last == end, code
        assert last - first >= timedelta(days=3 * 365), code
        assert count > 700, code
    longest = max(last - first for _c, first, last, _n in spans)
    assert longest >= timedelta(days=10 * 365)  # the bench's ten-year fund

    wallet = session.scalars(select(FundNav).where(FundNav.fund_code == WALLET_FUND_CODE)).all()
    assert {n.nav for n in wallet} == {Decimal("1.0000")}
    assert all(n.income_per_10k and n.income_per_10k > 0 and n.yield_7d for n in wallet)
    assert all(Decimal("0.01") < n.yield_7d < Decimal("0.04") for n in wallet[-30:])

    tiers = list(session.scalars(select(FundFeeTier)))
    money = {f.code for f in funds if f.is_money_market}
    assert not [t for t in tiers if t.fund_code in money]
    assert any(t.fixed_fee for t in tiers)
    assert any(f.purchase_discount == Decimal("0.1") for f in funds)
    for f in funds:
        if f.code not in money:
            assert any(
                t.kind == "redeem" and t.days_from == 0 and t.rate == Decimal("0.015")
                for t in tiers
                if t.fund_code == f.code
            )
    assert session.scalar(select(func.count()).select_from(FundDividend)) > 5

    portfolios = list(session.scalars(select(Portfolio)))
    assert sum(1 for p in portfolios if p.kind == "portfolio") >= 5
    assert any(p.kind == "strategy" for p in portfolios) and any(
        p.kind == "signal" for p in portfolios
    )
    assert any(p.adviser_fee_rate for p in portfolios)
    for p in portfolios:
        weights = session.scalars(
            select(PortfolioComponent.weight).where(PortfolioComponent.portfolio_code == p.code)
        ).all()
        assert sum(weights) == 1, p.code
        adjustments = session.scalars(
            select(PortfolioAdjustment).where(PortfolioAdjustment.portfolio_code == p.code)
        ).all()
        assert len(adjustments) >= 2 or p.kind == "signal", p.code
        for a in adjustments:
            after = session.scalars(
                select(PortfolioAdjustmentItem.weight_after).where(
                    PortfolioAdjustmentItem.adjustment_id == a.id
                )
            ).all()
            assert sum(after) == 1, (p.code, a.adjust_date)
    # The members' strategy (docs/advisory.md#the-demo-world): listed by 会员权益, and 李明, no
    # member, may not sign it.
    listed = membership.product_info(session).strategies
    assert [(s.po_code, s.po_name) for s in listed] == [("ZH000008", "会员专享·稳健投顾")]
    strategy = session.get(AdvisoryStrategy, "ZH000008")
    assert strategy is not None and strategy.fee_mode == "MEMBER"
    with pytest.raises(MemberRequired):
        membership.require_member_for(session, demo.broker_user_id, strategy)
    assert session.scalar(select(func.count()).select_from(ProductSignal)) > 20
    assert session.scalar(select(func.count()).select_from(StrategyPhase)) > 10
    assert session.scalar(select(func.count()).select_from(PrivateNav)) > 100
    assert session.scalar(select(func.count()).select_from(Article)) >= 5
    assert session.scalar(select(func.count()).select_from(StoreAnnouncement)) >= 3
    assert (
        session.scalar(
            select(func.count())
            .select_from(Protocol)
            .where(Protocol.protocol_type == "privacyPolicy")
        )
        >= 2
    )

    # ten years of daily figures give sensible performance
    bench_fund = session.get(Fund, "004101")
    report = analytics.fund_report(session, bench_fund)
    risk = {r.period: r for r in report.risk}
    assert risk["all"].volatility is not None and Decimal("0.1") < risk["all"].volatility < Decimal(
        "0.4"
    )
    assert Decimal("-0.8") < risk["all"].max_drawdown.value < 0
    products_catalogue.clear_caches()


def test_the_demo_users_trading_history(seeded: Seeded) -> None:
    """The demo user's orders went through the trade calls and settlement: every status a
    screen shows is there, a sold holding is cleared with its profit kept, today's purchase
    awaits confirmation, and each holding's daily profits add up to its accumulated profit."""
    session, world, _ = seeded
    user_id = world.users["demo"].id
    orders = session.scalars(select(TradeOrder).where(TradeOrder.broker_user_id == user_id)).all()
    statuses = {(o.order_code, o.confirm_status) for o in orders if o.parent_id is None}
    assert {("W01", "W2"), ("022", "2"), ("P02", "P2"), ("W04", "W2"), ("024", "2")} <= statuses
    assert {("W02", "W2"), ("022", "9"), ("022", "0")} <= statuses
    pending = [o for o in orders if o.confirm_status == "0" and o.order_code == "022"]
    assert len(pending) == 1 and pending[0].trade_date > market_date(session)
    # He opened his account, bound his cards and his pension account before his first order,
    # not on seeding day (开户日期 on 账户管理, 绑定日期 on 银行卡详情, the pension account's
    # 开户 before its contributions).
    first = min(o.apply_time for o in orders)
    account = session.scalars(select(Account).where(Account.broker_user_id == user_id)).one()
    cards = session.scalars(select(PaymentMethod).where(PaymentMethod.broker_user_id == user_id))
    assert account.created_at < first
    assert all(c.created_at < first and (c.signed_at is None or c.signed_at < first) for c in cards)
    pension = session.scalars(
        select(PensionAccount).where(PensionAccount.broker_user_id == user_id)
    ).one()
    assert pension.opened_at is not None and pension.opened_at < first
    assert session.get_one(FinancialAccount, pension.financial_account_id).created_at < first
    # The plans (docs/plans.md) ran through the daily step: the weekly card plan's orders are
    # confirmed but the last (placed on the market date), the smart wallet plan bought W11,
    # the plan without a wallet failed 余额不足 three periods running and paused itself.
    plans = session.scalars(
        select(InvestPlan).where(InvestPlan.broker_user_id == user_id).order_by(InvestPlan.id)
    ).all()
    assert [p.status for p in plans] == ["A", "A", "A", "P", "T"]
    assert plans[3].status_reason == "连续3期扣款失败，计划已自动暂停"
    runs = session.scalars(select(InvestPlanExecution)).all()
    assert {(e.status, e.fail_reason) for e in runs} == {("SUCCESS", ""), ("FAIL", "余额不足")}
    assert {"039", "W11", "P02"} <= {o.order_code for o in orders if o.parent_id is None}
    assert all(
        o.ext_meta_info and o.ext_meta_info["investPlanId"] in {p.id for p in plans}
        for o in orders
        if o.order_code in ("039", "W11")
    )
    assert {e.multiplier for e in runs if e.plan_id == plans[1].id} - {Decimal("1.00")}

    holdings = session.scalars(select(Holding).where(Holding.broker_user_id == user_id)).all()
    assert any(h.status == CLEARED and h.accumulated_profit != 0 for h in holdings)
    assert any(h.portfolio_code == "ZH000001" for h in holdings)
    for h in holdings:
        daily = session.scalar(
            select(func.sum(HoldingDailyProfit.profit)).where(HoldingDailyProfit.holding_id == h.id)
        )
        assert daily == h.accumulated_profit, h.fund_code
        assert h.shares >= 0 and h.market_value == round_amount(h.shares * (h.nav or 0))

    # Target strategies (docs/targets.md) and redemption appointments (docs/appointments.md).
    positions = {
        p.strategy_code: p
        for p in session.scalars(
            select(TargetHolding).where(TargetHolding.broker_user_id == user_id)
        )
    }
    assert set(positions) == {"CL000003", "CL000004"}
    assert positions["CL000003"].phase == "RUN"
    reached = positions["CL000004"]
    assert reached.phase == "END" and reached.reached_date is not None
    sale = session.get(TradeOrder, reached.stop_order_id)
    assert sale is not None and (sale.order_code, sale.confirm_status, sale.redeem_to) == (
        "P03", "P2", "wallet")  # fmt: skip
    reserve = session.scalars(
        select(StrategyPhase).where(StrategyPhase.strategy_code == "CL000002")
    ).all()
    assert {p.phase_type for p in reserve} == {"RESERVE", "BUILD_RESERVE", "RUN"}
    bookings = session.scalars(
        select(RedeemAppointment).where(RedeemAppointment.broker_user_id == user_id)
    ).all()
    assert sorted(b.status for b in bookings) == ["BOOKED", "PLACED"]


def test_returns_of_li_ming(client: TestClient, api: str, session: Session) -> None:
    account = session.scalars(select(Account).where(Account.name == "李明")).one()
    user = session.get(BrokerUser, account.broker_user_id)
    assert user is not None
    headers = login(session, user)
    first = session.scalar(
        select(func.min(HoldingDailyProfit.profit_date)).where(
            HoldingDailyProfit.broker_user_id == user.id
        )
    )
    assert first is not None
    data = returns_of(client, api, headers, startDate=first.isoformat())
    r = data["returns"]
    # over his whole history: the end value is what his holdings are worth, the profit his
    # accumulated profit and the net paid in what the holdings record as paid in less taken out
    holdings = list(session.scalars(select(Holding).where(Holding.broker_user_id == user.id)))
    assert Decimal(r["endValue"]) == sum((h.market_value for h in holdings), Decimal(0))
    assert Decimal(r["profit"]) == Decimal(data["accumulatedProfit"])
    net = sum((h.paid_in - h.redeemed_net - h.cash_dividends for h in holdings), Decimal(0))
    assert Decimal(r["netPaidIn"]) == net
    assert abs(float(r["simpleReturn"]) - float(Decimal(r["profit"]) / net)) < 1e-6

    # a year: TWR chained by the test from the days, XIRR by bisection on the cash flows
    end = date.fromisoformat(r["endDate"])
    start = end - timedelta(days=365)
    r = returns_of(client, api, headers, startDate=start.isoformat())["returns"]
    growth, prev = 1.0, float(r["startValue"])
    for d in r["days"]:
        base = prev + max(float(d["flow"]), 0.0)
        if base > 0:
            growth *= 1 + float(d["profit"]) / base
        prev = float(d["marketValue"])
    assert abs(float(r["timeWeightedReturn"]) - (growth - 1)) < 1e-6
    flows = [(date.fromisoformat(f["date"]), float(f["amount"])) for f in r["cashFlows"]]
    assert flows[0][1] < 0 and flows[-1][0] == end
    assert abs(float(r["moneyWeightedReturn"]) - xirr_by_bisection(flows)) < 1e-6
    assert abs(npv(float(r["moneyWeightedReturn"]), flows)) < 1e-3
    # the period's profit is the sum of his daily rows in it
    assert Decimal(r["profit"]) == session.scalar(
        select(func.sum(HoldingDailyProfit.profit)).where(
            HoldingDailyProfit.broker_user_id == user.id,
            HoldingDailyProfit.profit_date >= start,
            HoldingDailyProfit.profit_date <= end,
        )
    )


def test_demo_world_has_the_popup_rows(session: Session) -> None:
    assert session.get_one(Broker, 1174).non_american_popup_excluded is True
    assert session.get_one(Broker, 1174).privacy_prompt_excluded is True
    assert session.get_one(Broker, 1001).privacy_prompt_excluded is False
    types = {(c.broker_id, c.type) for c in session.scalars(select(CustomerServiceConfig))}
    assert {(1001, "broker"), (1154, "broker"), (1174, "broker"), (None, "platform")} <= types
    scenes = {p.scene for p in session.scalars(select(OperationPopup))}
    assert scenes == {"HOME", "MINE"}


def test_a_plain_link_gets_the_default_team(client: TestClient, api: str) -> None:
    data = client.get(f"{api}/noauth/utils/exchangeTeamParam").json()["data"]
    assert data == {
        "teamId": 9001,
        "mid": "M1001",
        "brokerId": 1001,
        "teamName": "开放财富投顾团队",
    }


def test_li_mings_notices_say_only_what_his_data_does(seeded: Seeded) -> None:
    """docs/notices.md#the-demo-world: each notice of 李明's agrees with the screens it sits
    beside (服务费, 测评结果, 银行卡)."""
    session = seeded.session
    demo = seeded.world.users["demo"]
    mine = session.scalars(select(OutboxEvent).where(OutboxEvent.broker_user_id == demo.id)).all()
    # every adviser fee he is told of is a W12 he paid, of that amount
    fees = [e for e in mine if e.kind == events.ADVISER_FEE_CHARGED]
    assert fees
    for e in fees:
        order = session.scalars(
            select(TradeOrder).where(
                TradeOrder.broker_order_no == e.ref, TradeOrder.broker_user_id == demo.id
            )
        ).one()
        assert (order.order_code, order.trade_amount) == ("W12", e.amount)
    # each day's confirmations are told that evening, not when the world was seeded
    finished = [e for e in mine if e.kind == events.ORDERS_FINISHED]
    assert finished
    assert all(e.created_at.date() == e.occurred_on for e in finished)
    # his survey is valid two years: nothing says it is about to expire
    assert not [e for e in mine if e.kind == events.SURVEY_EXPIRING]
    # 账户提醒: the CMB card that still needs signing, unread
    unsigned = session.scalars(
        select(PaymentMethod).where(
            PaymentMethod.broker_user_id == demo.id, PaymentMethod.is_signed.is_(False)
        )
    ).one()
    [resign] = [e for e in mine if e.kind == events.CARD_RESIGN]
    assert resign.ref == str(unsigned.id)
    notice = session.scalars(select(Notice).where(Notice.event_id == resign.id)).one()
    assert session.get(NoticeRead, (notice.id, demo.id)) is None


@pytest.mark.parametrize(
    ("today", "title", "closed"),
    [
        # Friday 2027-01-01 to Sunday; trading resumes on Monday
        (date(2026, 11, 27), "关于元旦假期交易安排的公告", "（1月1日至1月3日）暂停交易，1月4日起"),
        # Monday 2027-04-05, with the weekend before it
        (date(2027, 3, 1), "关于清明节假期交易安排的公告", "（4月3日至4月5日）暂停交易，4月6日起"),
        # a Wednesday alone
        (date(2027, 5, 10), "关于端午节假期交易安排的公告", "（6月9日）暂停交易，6月10日起"),
    ],
)
def test_the_pinned_announcement_is_of_the_next_closure(
    today: date, title: str, closed: str
) -> None:
    """The adviser zone's pinned announcement tells of the next closure of the market (by the
    trading calendar; the holidays package's estimate here), not of a holiday long past."""
    got_title, content = holiday_notice(TradingCalendar([], None, None), today)
    assert got_title == title
    assert closed in content
