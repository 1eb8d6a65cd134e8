"""The set-based daily follow against the per-order path (docs/signals.md, "What is set-based
and what is not"): on the same world, run once as ``follow_day`` places it and once with every
record through trading's purchase and sale, the records, the orders (every column but the ids,
numbers and stamps), the lots each order took and the holdings they left must be equal to the
cent."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.kit.clock import BEIJING
from opentamp.models.auth import TradeRequest
from opentamp.models.holdings import Holding, HoldingLot
from opentamp.models.orders import OrderLot, TradeOrder
from opentamp.models.products import Fund, Portfolio, PortfolioComponent
from opentamp.models.signals import OPEN, SignalFollowPlan, SignalFollowRecord
from opentamp.signals.api import PublishIn, follow_day, publish
from opentamp.signals.follow import FOLLOW_TIME, _follow
from tests.signals.conftest import Trader, make_holding, make_signal_product, make_trader

pytestmark = pytest.mark.usefixtures("monday", "gateway", "wallet_fund")

D = date(2026, 11, 24)
#: Columns that name a row rather than describe the order.
NAMING = {"id", "broker_order_no", "parent_id", "created_at", "updated_at"}


def plan(
    session: Session, trader: Trader, po: Portfolio, base: str, pay: str, **fields: Any
) -> SignalFollowPlan:
    row = SignalFollowPlan(
        broker_user_id=trader.user.id, account_id=trader.account.id,
        financial_account_id=trader.fa.id, product_code=po.code, status=OPEN,
        base_amount=Decimal(base), pay_type=pay,
        payment_method_id=trader.card.id if pay == "card" else None, **fields,
    )  # fmt: skip
    session.add(row)
    session.flush()
    return row


def wallet(session: Session, trader: Trader, lots: list[tuple[date, str]], cost: str) -> Holding:
    return make_holding(
        session, trader=trader, fund=session.get(Fund, "000000") or _wallet(session),
        lots=lots, cost=cost,
    )  # fmt: skip


def _wallet(session: Session) -> Fund:
    from opentamp.models.products import WALLET_FUND_CODE

    fund = session.get(Fund, WALLET_FUND_CODE)
    assert fund is not None
    return fund


def claim(session: Session, trader: Trader, holding: Holding, shares: str) -> None:
    """A waiting wallet redemption claiming ``shares`` of the holding's first lot."""
    first = session.scalars(
        select(HoldingLot).where(HoldingLot.holding_id == holding.id).order_by(HoldingLot.id)
    ).first()
    assert first is not None
    order = TradeOrder(
        broker_order_no=f"CLAIM{holding.id}", broker_user_id=trader.user.id,
        account_id=trader.account.id, financial_account_id=trader.fa.id, order_code="024",
        fund_code=holding.fund_code, portfolio_code="", confirm_status="0", pay_status="2",
        pay_method="", trade_amount=Decimal("0.00"), trade_share=Decimal(shares),
        apply_time=datetime(2026, 11, 20, 10, tzinfo=BEIJING), trade_date=date(2026, 11, 20),
        confirm_date=date(2026, 11, 23),
    )  # fmt: skip
    session.add(order)
    session.flush()
    session.add(OrderLot(order_id=order.id, lot_id=first.id, shares=Decimal(shares),
                         fee_rate=Decimal("0")))  # fmt: skip
    holding.frozen_shares += Decimal(shares)
    session.flush()


def components(session: Session, po: Portfolio) -> list[Fund]:
    return list(
        session.scalars(
            select(Fund).join(PortfolioComponent, PortfolioComponent.fund_code == Fund.code)
            .where(PortfolioComponent.portfolio_code == po.code).order_by(Fund.code)
        )
    )  # fmt: skip


def world(session: Session) -> dict[str, SignalFollowPlan]:
    """Two buy signals and a sell signal on D, and followers of every kind."""
    one, two, three = (make_signal_product(session) for _ in range(3))
    card, refused = make_trader(session), make_trader(session, failing_card=True)
    by_card = plan(session, card, one, "1000.00", "card")
    plan(session, refused, one, "1000.00", "card")
    plan(session, make_trader(session), one, "50.00", "card")  # 75.00: below the minimum
    # from the wallet: lots of odd sizes, a cost that rounds, a lot partly claimed
    rich = make_trader(session)
    held = wallet(session, rich, [(date(2026, 1, 5), "300.00"), (date(2026, 3, 2), "2000.00"),
                                  (date(2026, 6, 1), "77.77")], "2333.33")  # fmt: skip
    claim(session, rich, held, "100.00")
    from_wallet = plan(session, rich, one, "1000.00", "wallet")
    short = make_trader(session)
    wallet(session, short, [(date(2026, 1, 5), "1000.00")], "1000.00")
    plan(session, short, one, "1000.00", "wallet")  # 1 500.00 of 1 000.00
    plan(session, make_trader(session), one, "1000.00", "wallet")  # no wallet at all
    cautious = make_trader(session, risk_grade5=one.risk_level - 1)
    wallet(session, cautious, [(date(2026, 2, 2), "5000.00")], "4999.99")
    plan(session, cautious, one, "1000.00", "wallet", risk_confirmed=True)
    # one wallet paying two follows of the day: the first with the set, the second after it
    both = make_trader(session)
    wallet(session, both, [(date(2026, 1, 5), "1234.56"), (date(2026, 4, 1), "765.44")],
           "1999.99")  # fmt: skip
    first = plan(session, both, one, "1000.00", "wallet")
    second = plan(session, both, two, "300.00", "wallet")
    plan(session, make_trader(session), two, "333.33", "card")
    # the sell signal: a card follower, a wallet follower, one without a holding
    sellers = {}
    for pay, shares in (("card", ("600.00", "401.00")), ("wallet", ("333.33", "0.03"))):
        seller = make_trader(session)
        for fund, n in zip(components(session, three), shares, strict=True):
            lots = [(date(2026, 1, 5), n), (date(2026, 11, 20), "10.00")]
            got = make_holding(session, trader=seller, fund=fund, portfolio_code=three.code,
                               lots=lots)  # fmt: skip
        claim(session, seller, got, "0.02")  # a waiting redemption of the last fund
        sellers[f"sell {pay}"] = plan(session, seller, three, "1000.00", pay)
    plan(session, make_trader(session), three, "1000.00", "card")
    for po, fields in ((one, {"autoFollowBuyRate": "1.5"}), (two, {"autoFollowBuyRate": "0.75"}),
                       (three, {"signalType": "SELL", "sellRatio": "0.3"})):  # fmt: skip
        body = {"poCode": po.code, "signalType": "BUY", "sigDate": f"{D}", **fields}
        publish(session, body=PublishIn.model_validate(body))
    session.flush()
    return {"card": by_card, "wallet": from_wallet, "first": first, "second": second, **sellers}


def snapshot(session: Session) -> dict[str, Any]:
    """The day's outcome, named by what survives a rollback (plans, holdings, lots)."""
    session.expire_all()
    r = SignalFollowRecord
    records = {
        row.plan_id: (row.status, row.fail_reason, row.amount, row.multiple, row.order_id is None)
        for row in session.scalars(select(r))
    }
    orders = session.scalars(
        select(TradeOrder).where(~TradeOrder.broker_order_no.like("CLAIM%")).order_by(TradeOrder.id)
    ).all()
    by_id = {o.id: o for o in orders}
    columns = [c.key for c in TradeOrder.__table__.columns if c.key not in NAMING]

    def name(o: TradeOrder) -> tuple[Any, ...]:
        """The follow's plan (a sale's children carry it on their parent only), code, fund."""
        parent = by_id.get(o.parent_id) if o.parent_id else None
        meta = (parent if parent is not None else o).ext_meta_info or {}
        return (meta.get("signalFollowPlanId"), o.order_code, o.fund_code)

    described: dict[tuple[Any, ...], Any] = {}
    for o in orders:
        parent = by_id.get(o.parent_id) if o.parent_id else None
        if parent is not None:
            assert o.broker_order_no[:-2] == parent.broker_order_no
        attrs = {c: getattr(o, TradeOrder.__mapper__.get_property_by_column(
            TradeOrder.__table__.c[c]).key) for c in columns}  # fmt: skip
        described[name(o)] = (attrs, name(parent) if parent else None)
    assert len(described) == len(orders)
    lots = sorted(
        (name(by_id[x.order_id]), x.lot_id, x.shares, x.fee_rate)
        for x in session.scalars(select(OrderLot))
        if x.order_id in by_id
    )
    holdings = {
        h.id: (h.shares, h.frozen_shares, h.cost, h.redeemed_net, h.market_value,
               h.holding_profit)
        for h in session.scalars(select(Holding))
    }  # fmt: skip
    lot_shares = {x.id: x.shares for x in session.scalars(select(HoldingLot))}
    requests = sorted(
        (t.broker_user_id, t.trade_uuid, t.action, t.request_hash)
        for t in session.scalars(select(TradeRequest).where(TradeRequest.action == "signal.follow"))
    )
    return {"records": records, "orders": described, "lots": lots, "holdings": holdings,
            "lot_shares": lot_shares, "requests": requests}  # fmt: skip


def test_the_set_based_follow_equals_the_per_order_path_to_the_cent(session: Session) -> None:
    plans = world(session)
    moment = datetime.combine(D, FOLLOW_TIME, tzinfo=BEIJING)
    point = session.begin_nested()
    _follow(session, D, moment, sig_id=None, refuse_set=False)
    per_order = snapshot(session)
    point.rollback()
    session.expire_all()
    follow_day(session, D)
    placed = snapshot(session)
    # the set placed the card's and the wallets' follows (numbered by their record); the
    # wallet paying two follows, each with its signal's set, one after the other
    # and the sell signal's orders
    for key in ("card", "wallet", "first", "second", "sell card", "sell wallet"):
        record = session.scalars(
            select(SignalFollowRecord).where(SignalFollowRecord.plan_id == plans[key].id)
        ).one()
        order = session.get(TradeOrder, record.order_id)
        assert order is not None and record.status == "SUCCESS", key
        assert order.broker_order_no.endswith(f"{record.id:012d}"), key
    statuses = sorted(s for s, *_ in placed["records"].values())
    # the world covers what it means to: successes and refusals of both kinds of signal
    assert statuses.count("SUCCESS") >= 7 and statuses.count("FAIL") >= 4, statuses
    reasons = {reason for _s, reason, *_ in placed["records"].values()}
    assert {"金额不能少于 100.00 元", "您未持有该产品或暂无可卖份额"} <= reasons, reasons
    assert any(r.startswith("银行卡扣款失败") for r in reasons), reasons
    assert any("钱包" in r for r in reasons), reasons
    for key in per_order:
        assert placed[key] == per_order[key], key
