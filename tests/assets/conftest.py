"""A user's holdings worked out by hand (figures in the comments of ``world``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

import pytest
from sqlalchemy.orm import Session

from opentamp.models.accounts import FinancialAccount
from opentamp.models.auth import BrokerUser
from opentamp.models.holdings import CLEARED, Holding
from opentamp.models.products import (
    STATUS_STOP_ALLOT,
    STATUS_STOP_REDEEM,
    WALLET_FUND_CODE,
    Fund,
)
from tests.assets.factories import make_daily_profit, make_holding, make_order
from tests.factories import login, make_account, make_financial_account, make_fund, make_portfolio

DAY = date(2026, 11, 20)  # the latest valuation (a Friday)


@dataclass
class World:
    user: BrokerUser
    headers: dict[str, str]
    fa: FinancialAccount
    fa2: FinancialAccount
    holdings: dict[str, Holding] = field(default_factory=dict)


@pytest.fixture
def world(session: Session) -> World:
    """Financial account ``fa`` holds (market value / cost / holding profit / accumulated /
    previous profit of 2026-11-20):

    - 000101 stock R4 暂停赎回: 1200.00 / 1015.00 / 185.00 / 185.00 / 12.00 (100 shares frozen)
    - 000111 stock R3: 800.00 / 840.00 / −40.00 / 60.00 / 20.00
    - 000121 stock R5: 950.00 / 650.00 / 300.00 / 10.00 / −3.00
    - 000202 bond R2 暂停申购: 525.00 / 510.00 / 15.00 / 20.00 / −1.50
    - wallet 000509: 300.00 / 300.00 / 0.00 / 2.40 / 0.10
    - ZH000001 (000303 300.00/290.00/10.00/10.00/1.00 + 000404 200.00/205.00/−5.00/−5.00/−0.50)
      = 500.00 / 495.00 / 5.00 / 5.00 / 0.50, with a P04 adjustment waiting (调仓待确认)
    - ZH000002 broken up (000101 120.00/100.00/20.00/20.00/1.20)
    - 000505 with zero shares (accumulated 7.00, valued 2026-11-10, previous 3.00)
    - 000606 cleared 2026-10-15 (accumulated 33.00, previous −2.00 of 2026-10-15)
    - ZH000003 cleared (000303 8.00 cleared 11-05, 000404 −3.00 cleared 11-06)

    Account: holdingAsset 4395.00, holdingProfit 485.00 on cost 3910.00 (rate 0.1240),
    accumulatedProfit 347.40, previousProfit 29.30 (only rows of 2026-11-20).

    Waiting purchases of ``fa``: 022 000707 1000.00, 022 000101 500.00, P02 ZH000001 2000.00
    (children 1200.00 + 800.00 not counted), W01 recharge 100.00 → 3600.00 in 4 orders. Not
    counted: a confirmed 022, a 022 whose payment failed, an order of ``fa2``.
    """
    account = make_account(session, risk_grade5=3)
    user = session.get(BrokerUser, account.broker_user_id)
    assert user is not None
    fa = session.query(FinancialAccount).filter_by(account_id=account.id).one()
    fa2 = make_financial_account(session, account=account, name="第二账户")

    make_fund(
        session,
        code="000101",
        fund_type=1,
        risk_level=4,
        short_name="蓝筹股票",
        status=STATUS_STOP_REDEEM,
    )
    make_fund(session, code="000111", fund_type=1, risk_level=3, short_name="成长股票")
    make_fund(session, code="000121", fund_type=1, risk_level=5, short_name="科技股票")
    make_fund(
        session,
        code="000202",
        fund_type=2,
        risk_level=2,
        short_name="纯债债券",
        status=STATUS_STOP_ALLOT,
    )
    make_fund(session, code=WALLET_FUND_CODE, fund_type=4, risk_level=1, short_name="现金宝货币")
    f303 = make_fund(session, code="000303", fund_type=3, risk_level=3, short_name="平衡混合")
    f404 = make_fund(session, code="000404", fund_type=2, risk_level=2, short_name="信用债券")
    make_fund(session, code="000505", fund_type=1, short_name="已赎股票")
    make_fund(session, code="000606", fund_type=3, risk_level=5, short_name="清仓混合")
    make_fund(session, code="000707", fund_type=6, short_name="沪深300指数")
    f101 = session.get_one(Fund, "000101")
    make_portfolio(
        session,
        code="ZH000001",
        name="稳健组合",
        components=[(f303, Decimal("0.6")), (f404, Decimal("0.4"))],
    )
    make_portfolio(
        session, code="ZH000002", name="进取组合", risk_level=4, components=[(f101, Decimal("1"))]
    )
    make_portfolio(
        session,
        code="ZH000003",
        name="清仓组合",
        components=[(f303, Decimal("0.5")), (f404, Decimal("0.5"))],
    )

    h = {}
    h["000101"] = make_holding(
        session,
        fa=fa,
        fund_code="000101",
        shares="1000.00",
        frozen_shares="100.00",
        nav="1.2000",
        cost="1015.00",
        market_value="1200.00",
        accumulated_profit="185.00",
        previous_profit="12.00",
        profit_date=DAY,
    )
    h["000111"] = make_holding(
        session,
        fa=fa,
        fund_code="000111",
        shares="1000.00",
        nav="0.8000",
        cost="840.00",
        market_value="800.00",
        accumulated_profit="60.00",
        previous_profit="20.00",
        profit_date=DAY,
    )
    h["000121"] = make_holding(
        session,
        fa=fa,
        fund_code="000121",
        shares="500.00",
        nav="1.9000",
        cost="650.00",
        market_value="950.00",
        accumulated_profit="10.00",
        previous_profit="-3.00",
        profit_date=DAY,
    )
    h["000202"] = make_holding(
        session,
        fa=fa,
        fund_code="000202",
        shares="500.00",
        nav="1.0500",
        cost="510.00",
        market_value="525.00",
        accumulated_profit="20.00",
        previous_profit="-1.50",
        profit_date=DAY,
    )
    h["wallet"] = make_holding(
        session,
        fa=fa,
        fund_code=WALLET_FUND_CODE,
        shares="300.00",
        nav="1.0000",
        cost="300.00",
        market_value="300.00",
        accumulated_profit="2.40",
        previous_profit="0.10",
        profit_date=DAY,
    )
    h["ZH1-303"] = make_holding(
        session,
        fa=fa,
        fund_code="000303",
        portfolio_code="ZH000001",
        shares="200.00",
        nav="1.5000",
        cost="290.00",
        market_value="300.00",
        accumulated_profit="10.00",
        previous_profit="1.00",
        profit_date=DAY,
    )
    h["ZH1-404"] = make_holding(
        session,
        fa=fa,
        fund_code="000404",
        portfolio_code="ZH000001",
        shares="100.00",
        nav="2.0000",
        cost="205.00",
        market_value="200.00",
        accumulated_profit="-5.00",
        previous_profit="-0.50",
        profit_date=DAY,
    )
    h["ZH2-101"] = make_holding(
        session,
        fa=fa,
        fund_code="000101",
        portfolio_code="ZH000002",
        shares="100.00",
        nav="1.2000",
        cost="100.00",
        market_value="120.00",
        accumulated_profit="20.00",
        previous_profit="1.20",
        profit_date=DAY,
        is_broke_up=True,
    )
    h["000505"] = make_holding(
        session,
        fa=fa,
        fund_code="000505",
        accumulated_profit="7.00",
        previous_profit="3.00",
        profit_date=date(2026, 11, 10),
    )
    h["000606"] = make_holding(
        session,
        fa=fa,
        fund_code="000606",
        accumulated_profit="33.00",
        previous_profit="-2.00",
        profit_date=date(2026, 10, 15),
        status=CLEARED,
        cleared_date=date(2026, 10, 15),
        first_confirm_date=date(2026, 3, 2),
    )
    h["ZH3-303"] = make_holding(
        session,
        fa=fa,
        fund_code="000303",
        portfolio_code="ZH000003",
        accumulated_profit="8.00",
        profit_date=date(2026, 11, 5),
        status=CLEARED,
        cleared_date=date(2026, 11, 5),
        first_confirm_date=date(2026, 1, 6),
    )
    h["ZH3-404"] = make_holding(
        session,
        fa=fa,
        fund_code="000404",
        portfolio_code="ZH000003",
        accumulated_profit="-3.00",
        profit_date=date(2026, 11, 6),
        status=CLEARED,
        cleared_date=date(2026, 11, 6),
        first_confirm_date=date(2026, 1, 5),
    )
    # fa2: one fund
    h["fa2-000111"] = make_holding(
        session,
        fa=fa2,
        fund_code="000111",
        shares="100.00",
        nav="0.8000",
        cost="90.00",
        market_value="80.00",
        accumulated_profit="-10.00",
        previous_profit="-1.00",
        profit_date=DAY,
    )

    make_order(
        session,
        fa=fa,
        order_code="022",
        confirm_status="0",
        fund_code="000707",
        trade_amount="1000.00",
    )
    make_order(
        session,
        fa=fa,
        order_code="022",
        confirm_status="0",
        fund_code="000101",
        trade_amount="500.00",
    )
    parent = make_order(
        session,
        fa=fa,
        order_code="P02",
        confirm_status="P0",
        portfolio_code="ZH000001",
        trade_amount="2000.00",
    )
    for fund_code, amount in (("000303", "1200.00"), ("000404", "800.00")):
        make_order(
            session,
            fa=fa,
            order_code="022",
            confirm_status="0",
            fund_code=fund_code,
            portfolio_code="ZH000001",
            trade_amount=amount,
            parent=parent,
        )
    make_order(
        session,
        fa=fa,
        order_code="W01",
        confirm_status="W0",
        fund_code=WALLET_FUND_CODE,
        trade_amount="100.00",
    )
    make_order(
        session,
        fa=fa,
        order_code="P04",
        confirm_status="P0",
        portfolio_code="ZH000001",
        day=date(2026, 11, 19),
    )
    make_order(
        session,
        fa=fa,
        order_code="022",
        confirm_status="2",
        fund_code="000111",
        trade_amount="300.00",
    )
    make_order(
        session,
        fa=fa,
        order_code="022",
        confirm_status="0",
        fund_code="000121",
        trade_amount="700.00",
        pay_status="1",
    )
    make_order(
        session,
        fa=fa2,
        order_code="022",
        confirm_status="0",
        fund_code="000111",
        trade_amount="50.00",
    )
    return World(user=user, headers=login(session, user), fa=fa, fa2=fa2, holdings=h)


@pytest.fixture
def daily(session: Session, world: World) -> World:
    """Daily profit rows (Σ per day of ``fa``: 10-01 1.00, 10-30 5.00, 11-02 5.00,
    11-03 2.50, 11-20 32.00); ``fa2`` has 100.00 on 11-02; another user's rows never count."""
    h = world.holdings
    a, b = h["000101"], h["000111"]
    for holding, day, profit in (
        (a, date(2026, 10, 1), "1.00"),
        (a, date(2026, 10, 30), "5.00"),
        (a, date(2026, 11, 2), "3.00"),
        (a, date(2026, 11, 3), "-1.50"),
        (a, DAY, "12.00"),
        (b, date(2026, 11, 2), "2.00"),
        (b, date(2026, 11, 3), "4.00"),
        (b, DAY, "20.00"),
        (h["fa2-000111"], date(2026, 11, 2), "100.00"),
    ):
        make_daily_profit(session, holding=holding, day=day, profit=profit, market_value="1000.00")
    other = make_account(session)
    other_fa = session.query(FinancialAccount).filter_by(account_id=other.id).one()
    other_holding = make_holding(
        session,
        fa=other_fa,
        fund_code="000111",
        shares="10.00",
        market_value="8.00",
        cost="9.00",
        profit_date=DAY,
    )
    make_daily_profit(session, holding=other_holding, day=date(2026, 11, 2), profit="999.00")
    return world
