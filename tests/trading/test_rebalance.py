"""Portfolio rebalancing (P04): getPoAdjustmentSummary and adjustPoShare, then settlement, on a
frozen clock with the numbers worked out by hand (opentamp/trading/rebalance.py).

The world: a model ZH… of A 50 %, B 30 %, C 20 %. The holder's portfolio holds A 600.00
shares (NAV 1.0000), B 300.00 (NAV 2.0000) and D 100.00 (NAV 1.5000), a fund that has left
the model; C is not held. All lots confirmed 2026-01-05: 323 days on T = 2026-11-24, 0.5 %.

    values A 600.00, B 600.00, D 150.00 → total 1350.00
    targets split_by_weights(1350.00, .5/.3/.2) = A 675.00, B 405.00, C 270.00
    weights A 600/1350 = 0.4444 (target 0.5: off) → short 75.00
            B 0.4444 (target 0.3: off) → excess 195.00 → SELL 195.00 / 2 = 97.50 shares,
              gross 195.00, fee round(0.975) = 0.98, cash 194.02
            C 0 (target 0.2, not held) → short 270.00
            D 0.1111 (left the model) → SELL all 100.00, gross 150.00, fee 0.75, cash 149.25
    cash 343.27 < shortfalls 345.00 → split_by_weights(343.27, [75, 270]):
            A truncate(74.6239) = 74.62, C truncate(268.6460) = 268.64, +0.01 to C → 268.65
    buy fees at 1.5 %, 外扣法: A 74.62 / 1.015 = 73.517 → net 73.52, fee 1.10;
                               C 268.65 / 1.015 = 264.680 → net 264.68, fee 3.97
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.kit.clock import BEIJING, frozen
from opentamp.models.catalogue import PortfolioAdjustment
from opentamp.models.holdings import Holding
from opentamp.models.orders import OrderLot, TradeOrder
from opentamp.models.products import STATUS_STOP_ALLOT, Fund, Portfolio, PortfolioComponent
from opentamp.settlement.service import settle_day
from tests.factories import add_navs, make_fund, make_portfolio
from tests.trading.conftest import PASSWORD, Api, Trader, make_holding, make_trader

D = Decimal
HELD_SINCE = date(2026, 1, 5)
MON, TUE, WED, THU = (date(2026, 11, d) for d in (23, 24, 25, 26))
TUE_, WED_, THU_ = "2026-11-24", "2026-11-25", "2026-11-26"
FUNDED = {"fundedBy": "P04"}
TUESDAY_10 = datetime(2026, 11, 24, 10, 0, tzinfo=BEIJING)


@dataclass
class World:
    po: Portfolio
    a: Fund
    b: Fund
    c: Fund
    d: Fund


@pytest.fixture
def world(session: Session, me: Api) -> World:
    a, b, c, d = (make_fund(session) for _ in range(4))
    po = make_portfolio(session, components=[(a, D("0.5")), (b, D("0.3")), (c, D("0.2"))])
    session.add(PortfolioAdjustment(portfolio_code=po.code, adjust_date=date(2026, 11, 20)))
    session.add(PortfolioAdjustment(portfolio_code=po.code, adjust_date=date(2025, 3, 2)))
    for fund, shares in ((a, "600.00"), (b, "300.00"), (d, "100.00")):
        make_holding(
            session,
            trader=me.trader,
            fund=fund,
            portfolio_code=po.code,
            lots=[(HELD_SINCE, shares)],
        )
    add_navs(session, a, {MON: "1.0000"})
    add_navs(session, b, {MON: "2.0000"})
    add_navs(session, c, {MON: "1.0000"})
    add_navs(session, d, {MON: "1.5000"})
    return World(po, a, b, c, d)


def summary(me: Api, po: Portfolio, *, status: int = 200, fa_id: int | None = None) -> dict:
    return me.get(
        "/trade/getPoAdjustmentSummary",
        status=status,
        financialAccountId=fa_id or me.trader.fa.id,
        poCode=po.code,
    )


def adjust(me: Api, po: Portfolio, *, status: int = 200, uuid: str | None = None, **extra) -> dict:
    body = {
        "financialAccountId": me.trader.fa.id,
        "poCode": po.code,
        "tradePassword": PASSWORD,
        "tradeUUID": uuid or me.uuid(),
        **extra,
    }
    return me.post("/trade/adjustPoShare", body, status=status)


def test_the_summary_compares_the_holding_with_the_model(me: Api, world: World) -> None:
    with frozen(TUESDAY_10):
        data = summary(me, world.po)["data"]
    w = world
    assert (data["poCode"], data["poName"], data["totalValue"]) == (
        w.po.code,
        "测试组合",
        "1350.00",
    )
    assert (data["latestAdjustDate"], data["needAdjust"]) == ("2026-11-20", True)
    assert [
        (
            i["fundCode"],
            i["currentShares"],
            i["currentValue"],
            i["currentWeight"],
            i["targetWeight"],
            i["action"],
            i["estimatedAmount"],
        )
        for i in data["items"]
    ] == [
        (w.a.code, "600.00", "600.00", "0.4444", "0.5", "BUY", "74.62"),
        (w.b.code, "300.00", "600.00", "0.4444", "0.3", "SELL", "195.00"),
        (w.c.code, "0.00", "0.00", "0", "0.2", "BUY", "268.65"),
        (w.d.code, "100.00", "150.00", "0.1111", "0", "SELL", "150.00"),
    ]


def test_within_half_a_point_nothing_to_adjust(session: Session, me: Api) -> None:
    # A 50.40 % (504.00 of 1000.00), B 49.60 %: 0.4 points off each, within the tolerance.
    a, b = make_fund(session), make_fund(session)
    po = make_portfolio(session, components=[(a, D("0.5")), (b, D("0.5"))])
    make_holding(
        session, trader=me.trader, fund=a, portfolio_code=po.code, lots=[(HELD_SINCE, "504.00")]
    )
    make_holding(
        session, trader=me.trader, fund=b, portfolio_code=po.code, lots=[(HELD_SINCE, "496.00")]
    )
    add_navs(session, a, {MON: "1.0000"})
    add_navs(session, b, {MON: "1.0000"})
    with frozen(TUESDAY_10):
        data = summary(me, po)["data"]
        refused = adjust(me, po, status=400)
    assert (data["needAdjust"], data["latestAdjustDate"]) == (False, None)
    assert [(i["currentWeight"], i["action"], i["estimatedAmount"]) for i in data["items"]] == [
        ("0.504", "HOLD", "0.00"),
        ("0.496", "HOLD", "0.00"),
    ]
    assert (refused["code"], refused["msg"]) == (60024, "您的持仓与组合目标配置一致，无需调仓")


def test_adjust_creates_sells_then_funded_buys(session: Session, me: Api, world: World) -> None:
    w = world
    with frozen(TUESDAY_10):
        data = adjust(me, w.po, uuid="adj-1")["data"]
    assert (data["orderCode"], data["confirmStatus"], data["productType"]) == ("P04", "P0", "PO")
    # no tradeShare: the sells' shares are each fund's, on the children
    assert (data["tradeAmount"], data["tradeShare"], data["fee"], data["netAmount"]) == (
        "343.27",
        "0.00",
        "5.07",
        "338.20",
    )
    # The sells are priced on T (Tue) and confirmed Wed; the buys are placed for Wed, the day
    # the sells' cash is there, and confirmed Thu.
    assert (data["tradeDate"], data["confirmDate"]) == ("2026-11-24", "2026-11-26")
    no = data["brokerOrderNo"]
    kids = [
        (
            c["brokerOrderNo"][len(no) :],
            c["orderCode"],
            c["productCode"],
            c["tradeShare"],
            c["tradeAmount"],
            c["fee"],
            c["netAmount"],
            c["tradeDate"],
            c["confirmDate"],
            c["extMetaInfo"],
        )
        for c in data["children"]
    ]
    assert kids == [
        ("01", "024", w.b.code, "97.50", "0.00", "0.00", "0.00", TUE_, WED_, None),
        ("02", "024", w.d.code, "100.00", "0.00", "0.00", "0.00", TUE_, WED_, None),
        ("03", "022", w.a.code, "0.00", "74.62", "1.10", "73.52", WED_, THU_, FUNDED),
        ("04", "022", w.c.code, "0.00", "268.65", "3.97", "264.68", WED_, THU_, FUNDED),
    ]  # fmt: skip
    # Every child shows its parent's code; the buys wait unpaid until the sells fund them.
    assert [(c["poOrderCode"], c["payStatus"]) for c in data["children"]] == [
        ("P04", "2"),
        ("P04", "2"),
        ("P04", "0"),
        ("P04", "0"),
    ]
    # The sells freeze their shares and record their lots with the fee rate on T, as a sale's.
    b = session.scalars(
        select(Holding).where(Holding.fund_code == w.b.code, Holding.portfolio_code == w.po.code)
    ).one()
    session.refresh(b)
    assert b.frozen_shares == D("97.50")
    sell = session.scalars(select(TradeOrder).where(TradeOrder.broker_order_no == f"{no}01")).one()
    lots = session.scalars(select(OrderLot).where(OrderLot.order_id == sell.id)).all()
    assert [(r.shares, r.fee_rate) for r in lots] == [(D("97.50"), D("0.005"))]


def test_idempotent_and_one_at_a_time(session: Session, me: Api, world: World) -> None:
    with frozen(TUESDAY_10):
        first = adjust(me, world.po, uuid="adj-same")["data"]
        again = adjust(me, world.po, uuid="adj-same")["data"]
        refused = adjust(me, world.po, status=400)
    assert again["brokerOrderNo"] == first["brokerOrderNo"]
    count = session.scalars(
        select(TradeOrder).where(TradeOrder.order_code == "P04", TradeOrder.parent_id.is_(None))
    ).all()
    assert len(count) == 1
    assert (refused["code"], refused["error"]) == (60023, "adjustment_pending")
    assert refused["msg"] == "该组合有一笔调仓正在确认中，请待其完成后再调仓"


def test_wrong_password_and_suspended_fund(session: Session, me: Api, world: World) -> None:
    with frozen(TUESDAY_10):
        wrong = adjust(me, world.po, status=400, tradePassword="000000")
        world.c.status = STATUS_STOP_ALLOT
        session.flush()
        stopped = adjust(me, world.po, status=400)
    assert wrong["code"] != 0
    assert stopped["msg"] == f"成分基金{world.c.name}暂停申购，该组合暂时无法调仓"
    assert session.scalars(select(TradeOrder).where(TradeOrder.order_code == "P04")).all() == []


def test_not_held_and_another_users_account(
    session: Session, me: Api, world: World, api_of: Callable[[Trader], Api]
) -> None:
    other = api_of(make_trader(session))
    with frozen(TUESDAY_10):
        none = summary(other, world.po, status=400)
        not_yours = summary(other, world.po, status=404, fa_id=me.trader.fa.id)
        body = {
            "financialAccountId": me.trader.fa.id,
            "poCode": world.po.code,
            "tradePassword": PASSWORD,
            "tradeUUID": "x-1",
        }
        other.post("/trade/adjustPoShare", body, status=404)
    assert (none["code"], none["msg"]) == (60014, "您未持有该组合，无法调仓")
    assert not_yours["code"] == 40400


def test_settlement_confirms_the_sells_then_the_buys(
    session: Session, me: Api, world: World
) -> None:
    w = world
    with frozen(TUESDAY_10):
        no = adjust(me, w.po)["data"]["brokerOrderNo"]
    add_navs(session, w.b, {TUE: "2.0000", WED: "2.0000"})
    add_navs(session, w.d, {TUE: "1.5000", WED: "1.5000"})
    add_navs(session, w.a, {TUE: "1.0000", WED: "1.2500"})
    add_navs(session, w.c, {TUE: "1.0000", WED: "1.0000"})

    def order(suffix: str) -> TradeOrder:
        row = session.scalars(
            select(TradeOrder).where(TradeOrder.broker_order_no == f"{no}{suffix}")
        ).one()
        session.refresh(row)
        return row

    def shares(fund: Fund) -> Decimal:
        row = session.scalars(
            select(Holding).where(
                Holding.fund_code == fund.code, Holding.portfolio_code == w.po.code
            )
        ).one()
        return row.shares

    settle_day(session, day=WED)
    # Sells at NAV_T (Tue): B 97.50 × 2 = 195.00, fee 0.98; D 100 × 1.5 = 150.00, fee 0.75.
    assert [(order(s).confirm_status, order(s).net_amount) for s in ("01", "02")] == [
        ("2", D("194.02")),
        ("2", D("149.25")),
    ]
    assert [order(s).confirm_status for s in ("03", "04")] == ["0", "0"]
    assert order("").confirm_status == "P0"
    settle_day(session, day=THU)
    # Buys at NAV of Wed: A 73.52 / 1.25 = 58.816 → 58.82; C 264.68 / 1.0 = 264.68.
    assert [(order(s).confirm_status, order(s).confirmed_shares) for s in ("03", "04")] == [
        ("2", D("58.82")),
        ("2", D("264.68")),
    ]
    # The sells' net 194.02 + 149.25 = 343.27 is exactly the plan (74.62 + 268.65): the buys
    # are funded unchanged.
    assert [(order(s).pay_status, order(s).trade_amount) for s in ("03", "04")] == [
        ("2", D("74.62")),
        ("2", D("268.65")),
    ]
    parent = order("")
    # Amount: the sells' gross 195.00 + 150.00; fee: 0.98 + 0.75 + 1.10 + 3.97.
    assert (parent.confirm_status, parent.confirmed_amount, parent.fee, parent.confirmed_at) == (
        "P2",
        D("345.00"),
        D("6.80"),
        THU,
    )
    assert [shares(f) for f in (w.a, w.b, w.c, w.d)] == [
        D("658.82"),
        D("202.50"),
        D("264.68"),
        D("0.00"),
    ]


def test_the_model_changed_after_an_adjustment(session: Session, me: Api, world: World) -> None:
    """The summary reads the model's current weights: moving C to 0 and A to 0.7 makes C no
    longer part of the target (not held, so nothing to do for it)."""
    comp = session.get_one(PortfolioComponent, (world.po.code, world.c.code))
    session.delete(comp)
    session.get_one(PortfolioComponent, (world.po.code, world.a.code)).weight = D("0.7")
    session.flush()
    with frozen(TUESDAY_10):
        data = summary(me, world.po)["data"]
    # targets of 1350.00 by .7/.3: A 945.00, B 405.00; A short 345.00; sells as before
    # (cash 343.27) → A buys 343.27.
    assert [(i["fundCode"], i["action"], i["estimatedAmount"]) for i in data["items"]] == [
        (world.a.code, "BUY", "343.27"),
        (world.b.code, "SELL", "195.00"),
        (world.d.code, "SELL", "150.00"),
    ]
