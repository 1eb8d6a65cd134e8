"""Settlement stage 5: dividends with ex-date D, in cash or reinvested (see
:mod:`opentamp.settlement.service`)."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import (
    String,
    and_,
    case,
    cast,
    exists,
    func,
    insert,
    literal,
    null,
    select,
    update,
)
from sqlalchemy.orm import Session

from opentamp import rules
from opentamp.db import AwareDateTime
from opentamp.kit.clock import BEIJING
from opentamp.kit.money import SqlMoney, fig
from opentamp.models.accounts import PaymentMethod
from opentamp.models.holdings import Holding, HoldingLot
from opentamp.models.orders import (
    DIVIDEND,
    PAID,
    TradeOrder,
)
from opentamp.models.products import (
    FundDividend,
    FundNav,
)
from opentamp.settlement.common import (
    DIVIDEND_TIME,
    REDEEM_TO_CARD,
    REINVEST,
    ZERO_SQL,
    day_literal,
    execute,
    same_holding,
)


def pay_dividends(session: Session, m: SqlMoney, day: date) -> int:
    """Stage 5: dividends with ex-date D, in cash or reinvested (docs/rules.md#fund-trading
    "Dividends")."""
    h, dv, n = Holding, FundDividend, FundNav
    o = TradeOrder
    cash = rules.dividend_cash_sql(m, fig(h.shares), fig(dv.cash_per_share))
    reinvest = h.dividend_method == REINVEST
    order_no = literal(f"DV{day:%Y%m%d}H", String()) + cast(h.id, String())
    apply_time = literal(datetime.combine(day, DIVIDEND_TIME, BEIJING), AwareDateTime())
    recorded = exists().where(same_holding(o, h), o.order_code == DIVIDEND, o.trade_date == day)
    # Cash goes to the account's latest bound card, paid out on the pay date by the payout step
    # (docs/trading.md "Payouts").
    card = (
        select(func.max(PaymentMethod.id))
        .where(PaymentMethod.account_id == h.account_id, PaymentMethod.status == "bound")
        .scalar_subquery()
    )
    session.execute(
        insert(TradeOrder).from_select(
            [
                "broker_order_no",
                "broker_user_id",
                "account_id",
                "financial_account_id",
                "order_code",
                "fund_code",
                "portfolio_code",
                "confirm_status",
                "pay_status",
                "pay_method",
                "trade_amount",
                "trade_share",
                "apply_time",
                "trade_date",
                "confirm_date",
                "arrival_date",
                "net_amount",
                "nav",
                "confirmed_shares",
                "confirmed_amount",
                "confirmed_at",
                "redeem_to",
                "payment_method_id",
            ],
            select(
                order_no,
                h.broker_user_id,
                h.account_id,
                h.financial_account_id,
                literal(DIVIDEND),
                h.fund_code,
                h.portfolio_code,
                literal("0"),  # until the holdings are credited below
                literal(PAID),
                literal(""),
                cash,
                h.shares,
                apply_time,
                day_literal(day),
                day_literal(day),
                dv.pay_date,
                cash,
                n.nav,
                case((reinvest, rules.purchase_shares_sql(m, cash, fig(n.nav))), else_=ZERO_SQL),
                cash,
                day_literal(day),
                case((reinvest, literal("")), else_=literal(REDEEM_TO_CARD)),
                case((reinvest, null()), else_=card),
            )
            .join(dv, and_(dv.fund_code == h.fund_code, dv.ex_date == day))
            .join(n, and_(n.fund_code == h.fund_code, n.nav_date == day))
            .where(h.shares > 0, cash > ZERO_SQL, ~recorded),
        )
    )
    new = and_(o.order_code == DIVIDEND, o.confirm_status == "0", o.trade_date == day)
    paid = (
        select(
            o.financial_account_id,
            o.fund_code,
            o.portfolio_code,
            func.sum(case((o.redeem_to == REDEEM_TO_CARD, o.trade_amount), else_=ZERO_SQL)).label(
                "cash"
            ),
            func.sum(o.confirmed_shares).label("shares"),
        )
        .where(new)
        .group_by(o.financial_account_id, o.fund_code, o.portfolio_code)
        .subquery()
    )
    session.execute(
        insert(HoldingLot).from_select(
            ["holding_id", "confirm_date", "shares"],
            select(Holding.id, day_literal(day), o.confirmed_shares)
            .join(o, same_holding(Holding, o))
            .where(new, o.confirmed_shares > 0),
        )
    )
    execute(
        session,
        update(Holding)
        .where(same_holding(Holding, paid.c))
        .values(
            cash_dividends=Holding.cash_dividends + paid.c.cash,
            shares=Holding.shares + paid.c.shares,
        ),
    )
    return execute(session, update(TradeOrder).where(new).values(confirm_status="2"))
