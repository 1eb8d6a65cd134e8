"""One investor's October 2026, worked out by hand (figures in ``world``'s docstring)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

import pytest
from sqlalchemy.orm import Session

from opentamp.kit.clock import BEIJING, frozen
from opentamp.models.accounts import FinancialAccount
from opentamp.models.auth import BrokerUser
from opentamp.models.holdings import CLEARED, Holding
from opentamp.models.orders import TradeOrder
from opentamp.models.payouts import CardPayout
from tests.assets.factories import make_daily_profit, make_holding, make_order
from tests.factories import (
    login,
    make_account,
    make_financial_account,
    make_fund,
    make_payment_method,
)

D = Decimal
NOW = datetime(2026, 11, 20, 10, 0, tzinfo=BEIJING)


@dataclass
class World:
    user: BrokerUser
    headers: dict[str, str]
    fa: FinancialAccount
    held: Holding
    cleared: Holding


@pytest.fixture(autouse=True)
def _clock() -> Iterator[None]:
    """November 20th 2026. Tasks run inline, as in the whole suite (tests/conftest.py), on
    PostgreSQL too: a statement is ready at once."""
    with frozen(NOW):
        yield


def _confirm(order: TradeOrder, *, day: date, fee: str = "0.00", amount: str = "0.00") -> None:
    order.confirmed_at = day
    order.confirm_date = day
    order.fee = D(fee)
    order.confirmed_amount = D(amount)


@pytest.fixture
def world(session: Session) -> World:
    """Account 理财账户 of 李雷:

    - 000711 稳健增长 (held): bought 2026-10-08 for 1 015.00 by card, fee 15.00, confirmed
      10-09; daily rows 10-09 +10.00 (value 1 010.00), 10-20 −4.00 (1 006.00), 10-30 +25.50
      (1 031.50), 11-02 +3.00 (1 034.50); a cash dividend of 6.00 confirmed 10-20.
    - 000722 短债优选 (cleared): daily rows 10-09 +5.00 (505.00), 10-15 +2.00 (value 0: the
      holding was redeemed, fee 1.50, 505.50 paid to the card on 10-17).

    October: Σ daily profit = 10.00 − 4.00 + 25.50 + 5.00 + 2.00 = 38.50; dividends 6.00; fees
    15.00 + 1.50 = 16.50; price change 38.50 − 6.00 + 16.50 = 49.00. Realised: the dividend 6.00
    and the cleared fund's 7.00 = 13.00; unrealised 31.50 − 6.00 = 25.50. Holdings at 10-31:
    000711 at 1 031.50. Capital: 1 015.00 in (10-08), 505.50 out (10-17), net 509.50.
    """
    account = make_account(session, name="李雷")
    user = session.get(BrokerUser, account.broker_user_id)
    assert user is not None
    fa = make_financial_account(session, account=account, name="理财账户")
    card = make_payment_method(session, account=account)
    grow = make_fund(session, code="000711", short_name="稳健增长")
    bond = make_fund(session, code="000722", short_name="短债优选")
    held = make_holding(
        session,
        fa=fa,
        fund_code=grow.code,
        shares="1000.00",
        cost="1015.00",
        market_value="1034.50",
        accumulated_profit="34.50",
        profit_date=date(2026, 11, 2),
    )
    cleared = make_holding(
        session,
        fa=fa,
        fund_code=bond.code,
        accumulated_profit="7.00",
        status=CLEARED,
        cleared_date=date(2026, 10, 15),
        profit_date=date(2026, 10, 15),
    )
    for day, profit, value, acc in [
        (date(2026, 10, 9), "10.00", "1010.00", "10.00"),
        (date(2026, 10, 20), "-4.00", "1006.00", "6.00"),
        (date(2026, 10, 30), "25.50", "1031.50", "31.50"),
        (date(2026, 11, 2), "3.00", "1034.50", "34.50"),
    ]:
        make_daily_profit(
            session,
            holding=held,
            day=day,
            profit=profit,
            market_value=value,
            accumulated_profit=acc,
        )
    make_daily_profit(
        session,
        holding=cleared,
        day=date(2026, 10, 9),
        profit="5.00",
        market_value="505.00",
        accumulated_profit="5.00",
    )
    make_daily_profit(
        session,
        holding=cleared,
        day=date(2026, 10, 15),
        profit="2.00",
        market_value="0.00",
        accumulated_profit="7.00",
    )
    buy = make_order(
        session,
        fa=fa,
        order_code="022",
        confirm_status="2",
        trade_amount="1015.00",
        fund_code=grow.code,
        day=date(2026, 10, 8),
    )
    buy.pay_method = "card"
    buy.payment_method_id = card.id
    _confirm(buy, day=date(2026, 10, 9), fee="15.00", amount="1000.00")
    bond_buy = make_order(
        session,
        fa=fa,
        order_code="022",
        confirm_status="2",
        trade_amount="500.00",
        fund_code=bond.code,
        day=date(2026, 9, 28),
    )
    bond_buy.pay_method = "wallet"
    _confirm(bond_buy, day=date(2026, 9, 29), amount="500.00")
    dividend = make_order(
        session,
        fa=fa,
        order_code="143",
        confirm_status="2",
        trade_amount="6.00",
        fund_code=grow.code,
        day=date(2026, 10, 20),
    )
    dividend.redeem_to = "card"
    _confirm(dividend, day=date(2026, 10, 20), amount="6.00")
    redeem = make_order(
        session,
        fa=fa,
        order_code="024",
        confirm_status="2",
        fund_code=bond.code,
        day=date(2026, 10, 14),
    )
    redeem.trade_share = D("500.00")
    redeem.redeem_to = "card"
    redeem.payment_method_id = card.id
    redeem.net_amount = D("505.50")
    _confirm(redeem, day=date(2026, 10, 15), fee="1.50", amount="507.00")
    session.add(
        CardPayout(
            order_id=redeem.id,
            broker_user_id=user.id,
            payment_method_id=card.id,
            amount=D("505.50"),
            status="sent",
            due_date=date(2026, 10, 17),
            last_attempt_date=date(2026, 10, 17),
            settled_date=date(2026, 10, 17),
            attempts=1,
        )
    )
    session.flush()
    return World(user=user, headers=login(session, user), fa=fa, held=held, cleared=cleared)


@pytest.fixture
def stranger(session: Session) -> dict[str, str]:
    account = make_account(session, name="王五")
    user = session.get(BrokerUser, account.broker_user_id)
    assert user is not None
    return login(session, user)
