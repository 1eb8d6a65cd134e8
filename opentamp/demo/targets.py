"""The target strategies and redemption appointments of the demo world (docs/demo.md,
docs/targets.md, docs/appointments.md).

Three more target strategies, their periods placed around the market date so each screen has
something to show:

- CL000002 目标盈·进取8% (RESERVE buy mode) opened its reservation window (15 trading days,
  then 5 of building) on the market date: 李明 holds none of it, so a reservation can be made
  and followed through BUILD_RESERVE to RUN;
- CL000003 目标盈·稳进6% (bond funds) opened 45 trading days ago: 李明 bought it in its
  reservation window and his position is in RUN;
- CL000004 目标盈·灵活止盈 holds the one fund of the simulated market that rose most in the
  history's window (from a buy day 5 to 40 trading days in), its period opened three trading
  days before that buy day; 李明 bought it while it built, his position reached its target and
  was sold to the wallet (REACHED, then the stop-profit P03 with its 024 child, confirmed:
  END). Its target is one point below that rise (within 2 %–30 %), so the position reaches it
  whatever the day the world is built.

The bond fund 002301 redeems in fixed open periods (定期开放): one period ended in the
history, in which 李明's booked redemption was placed; then a week every month from ten days
after the market date on, and he has booked 500.00 shares for the first of them.

The purchases and bookings are made by the real calls on the history's stopped clock, and the
daily steps (``targets.phases``, ``targets.stop_profit``, ``appointments.place_due``) run in
the history's day loop (opentamp/demo/trading.py).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime, time, timedelta
from decimal import ROUND_FLOOR, Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.appointments.api import place_due
from opentamp.appointments.schemas import AppointmentCreateIn
from opentamp.appointments.service import create as book_redemption
from opentamp.core.calendar import get_calendar
from opentamp.core.market_day import market_date
from opentamp.demo.accounts import DEMO_TRADE_PASSWORD
from opentamp.demo.world import DemoWorld
from opentamp.kit.clock import BEIJING
from opentamp.models.appointments import FundOpenPeriod
from opentamp.models.auth import BrokerUser
from opentamp.models.catalogue import (
    PortfolioAdjustment,
    PortfolioAdjustmentItem,
    StrategyInfo,
    StrategyPhase,
)
from opentamp.models.products import Fund, FundNav, Portfolio, PortfolioComponent
from opentamp.products.jobs import sync_strategies
from opentamp.rules.targets import MAX_TARGET, MIN_TARGET
from opentamp.targets.api import move_phases, stop_profit
from opentamp.trading import buying
from opentamp.trading.schemas import BuyPoIn

D = Decimal
#: How many trading days before the market date the history starts (as trading.py).
HISTORY_DAYS = 70
APPOINTMENT_FUND = "002301"

Spec = tuple[str, str, Decimal, str, int, list[tuple[str, str]], str]
STRATEGIES: list[Spec] = [
    ("CL000002", "目标盈·进取8%", D("0.08"), "RESERVE", 4,
     [("004102", "0.50"), ("003303", "0.30"), ("003305", "0.20")],
     "预约期内预约买入，建仓期首日按净值成交；以宽基与红利指数为主，组合收益率达到8%后自动止盈至钱包。"),
    ("CL000003", "目标盈·稳进6%", D("0.06"), "IMMEDIATE", 2,
     [("002301", "0.60"), ("002303", "0.40")],
     "以纯债与信用债为主，追求稳健；组合收益率达到6%后自动止盈至钱包。"),
    ("CL000004", "目标盈·灵活止盈", D("0.03"), "IMMEDIATE", 4, [],
     "以指数基金把握波段机会，达到目标收益后及时止盈，落袋为安。"),
]  # fmt: skip


def _at(day: date, hour: int) -> datetime:
    return datetime.combine(day, time(hour, 0), tzinfo=BEIJING)


def _phases(code: str, buy_mode: str, start: date, build: int, run: int) -> list[StrategyPhase]:
    calendar = get_calendar()
    b, r = calendar.add_trading_days(start, build), calendar.add_trading_days(start, run)
    build_name = "BUILD_RESERVE" if buy_mode == "RESERVE" else "BUILD"
    return [
        StrategyPhase(strategy_code=code, period_no=1, phase_type=t, begin_time=_at(s, 9),
                      end_time=_at(e, 9) if e else None)
        for t, s, e in (("RESERVE", start, b), (build_name, b, r), ("RUN", r, None))
    ]  # fmt: skip


def _best_rise(session: Session, start: date, end: date) -> tuple[Decimal, str, date]:
    """Among the demo's stock, mixed, index, QDII and commodity funds, the best rise from a buy
    day (5 to 40 trading days into the history) to a later day (at least 6 trading days after
    it and 10 before ``end``): (rise, fund, buy day)."""
    calendar = get_calendar()
    days = calendar.trading_days(start, end)
    buys, last = days[5:41], days[-11]
    best: tuple[Decimal, str, date] = (D("-1"), "", days[5])
    codes = session.scalars(
        select(Fund.code).where(Fund.fund_type.in_((1, 3, 6, 7, 8))).order_by(Fund.code)
    ).all()
    for code in codes:
        navs = dict(
            session.execute(
                select(FundNav.nav_date, FundNav.nav).where(
                    FundNav.fund_code == code, FundNav.nav_date >= start, FundNav.nav_date <= end
                )
            ).all()
        )
        for i, buy in enumerate(buys):
            if buy not in navs:
                continue
            later = [navs[d] for d in days[5 + i + 6 :] if d <= last and d in navs]
            if later and max(later) / navs[buy] - 1 > best[0]:
                best = (max(later) / navs[buy] - 1, code, buy)
    return best


def seed_target_strategies(session: Session, world: DemoWorld) -> None:
    """The strategies and their first periods around the market date, and the open periods of
    the fixed-open fund."""
    end = market_date(session)
    assert end is not None
    calendar = get_calendar()
    start = calendar.add_trading_days(end, -HISTORY_DAYS)
    for code, name, target, mode, risk, weights, description in STRATEGIES:
        first = {"CL000002": end, "CL000003": calendar.add_trading_days(end, -45)}.get(code)
        if code == "CL000004":
            rise, fund_code, buy = _best_rise(session, start, end)
            weights = [(fund_code, "1.00")]
            target = min(max((rise - D("0.01")).quantize(D("0.01"), ROUND_FLOOR), MIN_TARGET),
                         MAX_TARGET)  # fmt: skip
            first = calendar.add_trading_days(buy, -3)
        assert first is not None
        inception = calendar.add_trading_days(end, -250)
        session.add(Portfolio(code=code, name=name, kind="strategy", risk_level=risk,
                              inception_date=inception, min_purchase_amount=D("1000.00"),
                              description=description, investment_strategy=description,
                              manager_name="黄若溪", benchmark_code="000300"))  # fmt: skip
        session.flush()
        session.add_all(
            PortfolioComponent(portfolio_code=code, fund_code=f, weight=D(w)) for f, w in weights
        )
        middle = calendar.add_trading_days(inception, 120)
        for day, title, before in ((inception, "建仓", False), (middle, "再平衡", True)):
            adjustment = PortfolioAdjustment(portfolio_code=code, adjust_date=day, title=title,
                                             reason=f"{title}：按目标权重配置。")  # fmt: skip
            session.add(adjustment)
            session.flush()
            session.add_all(
                PortfolioAdjustmentItem(adjustment_id=adjustment.id, fund_code=f,
                                        weight_before=D(w) if before else D(0), weight_after=D(w))
                for f, w in weights
            )  # fmt: skip
        session.add(StrategyInfo(code=code, strategy_type="1", target_return=target,
                                 buy_mode=mode, period_no=1))  # fmt: skip
        session.flush()
        build, run = (15, 20) if code == "CL000002" else (3, 10) if code == "CL000003" else (2, 5)
        session.add_all(_phases(code, mode, first, build, run))
    past = calendar.add_trading_days(start, 30)
    periods = [(past, past + timedelta(days=4))]
    # then a week every month, the first ten days after the market date
    periods += [
        (end + timedelta(days=10 + 30 * i), end + timedelta(days=16 + 30 * i)) for i in range(12)
    ]
    for s, e in periods:
        session.add(FundOpenPeriod(fund_code=APPOINTMENT_FUND, start_date=s, end_date=e))
    session.flush()
    sync_strategies(session, end)


Action = Callable[[Session, BrokerUser, dict[str, int], int], None]


def _buy(code: str, amount: str, uuid: str) -> Action:
    def act(session: Session, user: BrokerUser, fa: dict[str, int], card: int) -> None:
        body = BuyPoIn(
            financial_account_id=fa["默认账户"], po_code=code, amount=D(amount),
            payment_method_id=card, trade_password=DEMO_TRADE_PASSWORD, trade_uuid=uuid,
        )  # fmt: skip
        buying.buy_po(session, user=user, body=body)

    return act


def _book(shares: str, uuid: str) -> Action:
    def act(session: Session, user: BrokerUser, fa: dict[str, int], card: int) -> None:
        body = AppointmentCreateIn(
            financial_account_id=fa["默认账户"], fund_code=APPOINTMENT_FUND, shares=D(shares),
            redeem_to="wallet", trade_password=DEMO_TRADE_PASSWORD, trade_uuid=uuid,
        )  # fmt: skip
        book_redemption(session, user=user, body=body)

    return act


#: Trading day offset from the start of the history → what 李明 does that morning.
ACTIONS: dict[int, list[Action]] = {
    26: [_buy("CL000003", "3000.00", "demo-target-3")],
    20: [_book("300.00", "demo-appointment-1")],
    HISTORY_DAYS: [_book("500.00", "demo-appointment-2")],
}
#: 李明 buys CL000004 on the second day of its build phase.
BUY_WHILE_BUILDING = _buy("CL000004", "2000.00", "demo-target-4")


def morning(
    session: Session, user: BrokerUser, fa: dict[str, int], card: int, offset: int, day: date
) -> None:
    """What 李明 does that morning for the strategies and the appointments."""
    for action in ACTIONS.get(offset, []):
        action(session, user, fa, card)
    build = session.scalar(
        select(StrategyPhase.begin_time).where(
            StrategyPhase.strategy_code == "CL000004", StrategyPhase.phase_type == "BUILD"
        )
    )
    if build is not None and get_calendar().next_trading_day(build.date()) == day:
        BUY_WHILE_BUILDING(session, user, fa, card)


def before_settlement(session: Session, day: date) -> None:
    """The day's steps before settlement: appointments (12), target phases (16)."""
    place_due(session, day)
    move_phases(session, day)


def after_settlement(session: Session, day: date) -> None:
    """The day's step after settlement: the stop profit (26)."""
    stop_profit(session, day)
