"""李明's signal follows (docs/demo.md, docs/signals.md). The two signal products (SI000001
沪深300发车, SI000002 中证500发车) carry the market simulator's buy signals from their inception
(a year and more of them, each with its multiple); :func:`seed_signals` adds the lead manager's
one sell signal, on SI000001 late in the trading history. The follow plans are set up through
the real setting service on the history's stopped clock and followed by the real daily step
(opentamp/demo/trading.py), so every follow record and order is one the system produced:

- in 默认账户, a plan on SI000001 of 1 000.00 元 a signal by card, OPEN: it buys base ×
  multiple on each buy signal and sells 30 % on the sell signal;
- in 养老钱, a plan on SI000002 of 500.00 元 by card, paused some weeks later.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from sqlalchemy import delete
from sqlalchemy.orm import Session

from opentamp.core.calendar import get_calendar
from opentamp.core.market_day import market_date
from opentamp.demo.accounts import DEMO_TRADE_PASSWORD
from opentamp.demo.world import DemoWorld
from opentamp.models.auth import BrokerUser
from opentamp.models.catalogue import ProductSignal
from opentamp.signals.api import FollowSettingIn, set_follow

#: The sell signal: this many trading days before the market date (the history's day 55).
SELL_DAYS_BEFORE_END = 15
SELL_PART = Decimal("0.3")
SELL_DESCRIPTION = (
    "沪深300近期快速反弹，估值回到合理区间上沿。主理人建议止盈部分仓位，"
    "卖出持有份额的30%，锁定阶段收益。"
)

FollowAction = Callable[[Session, BrokerUser, dict[str, int], int], None]


def seed_signals(session: Session, world: DemoWorld) -> None:
    """The one sell signal of SI000001 (in place of a buy signal of that day, if any)."""
    end = market_date(session)
    if end is None:  # pragma: no cover - the market step records it
        return
    day = get_calendar().add_trading_days(end, -SELL_DAYS_BEFORE_END)
    session.execute(
        delete(ProductSignal).where(
            ProductSignal.product_code == "SI000001", ProductSignal.sig_date == day
        )
    )
    session.add(
        ProductSignal(
            sig_id=f"SI000001-{day:%Y%m%d}",
            product_code="SI000001",
            sig_date=day,
            signal_type="SELL",
            auto_follow_buy_rate=SELL_PART,
            description=SELL_DESCRIPTION,
        )
    )
    session.flush()
    del world


def _setting(code: str, action: str, account: str = "默认账户", **terms: object) -> FollowAction:
    def act(session: Session, user: BrokerUser, fa: dict[str, int], card: int) -> None:
        pay_type = terms.get("pay_type")
        body = FollowSettingIn(
            po_code=code,
            action=action,
            financial_account_id=fa[account],
            payment_method_id=card if pay_type == "card" else None,
            trade_password=DEMO_TRADE_PASSWORD,
            risk_confirmed=True,
            **terms,
        )
        set_follow(session, user=user, body=body)

    return act


#: Trading day offset from the start of the history → 李明's follow settings that morning.
FOLLOWS: dict[int, list[FollowAction]] = {
    8: [_setting("SI000001", "CREATE", base_amount=Decimal("1000.00"), pay_type="card")],
    9: [_setting("SI000002", "CREATE", "养老钱", base_amount=Decimal("500.00"), pay_type="card")],
    45: [_setting("SI000002", "PAUSE", "养老钱")],
}

__all__ = ["FOLLOWS", "seed_signals"]
