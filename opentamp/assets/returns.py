"""The return analytics of 收益分析 (docs/rules.md#returns): simple, time-weighted and
money-weighted returns of an account (or all accounts) over a period the investor picks, from
the stored daily profit rows."""

from __future__ import annotations

from datetime import date

from sqlalchemy.orm import Session

from opentamp.assets import repository as repo
from opentamp.assets.errors import InvalidReturnPeriod
from opentamp.assets.grouping import accounts_in_scope
from opentamp.assets.schemas import CashFlowOut, ReturnDayOut, ReturnsOut
from opentamp.core.market_day import market_date
from opentamp.kit.clock import today
from opentamp.models.auth import BrokerUser
from opentamp.rules import returns as rules


def period_returns(
    session: Session,
    *,
    user: BrokerUser,
    financial_account_id: int | None,
    account_id: int | None = None,
    start: date,
    end: date | None = None,
) -> ReturnsOut:
    """The three returns over [start, end] (end defaults to the last valued market day)."""
    end = end or market_date(session) or today()
    if start > end:
        raise InvalidReturnPeriod()
    fas = accounts_in_scope(
        session, user=user, financial_account_id=financial_account_id, account_id=account_id
    )
    rows = [
        rules.DailyRow(
            holding_id=r.holding_id, day=r.profit_date, profit=r.profit, market_value=r.market_value
        )
        for r in repo.daily_rows(
            session, user_id=user.id, financial_account_ids=[fa.id for fa in fas], end=end
        )
    ]
    period = rules.period_days(rows, start=start, end=end)
    flows = rules.cash_flows(period, start=start, end=end)
    return ReturnsOut(
        start_date=start,
        end_date=end,
        start_value=period.start_value,
        end_value=period.end_value,
        profit=period.profit,
        net_paid_in=period.net_paid_in,
        simple_return=rules.simple_return(period.profit, period.net_paid_in),
        time_weighted_return=rules.time_weighted_return(period.start_value, period.days),
        money_weighted_return=rules.money_weighted_return(flows),
        cash_flows=[CashFlowOut(date=d, amount=a) for d, a in flows],
        days=[
            ReturnDayOut(date=d.day, market_value=d.value, flow=d.flow, profit=d.profit)
            for d in period.days
        ],
    )
