"""What a statement, a certificate and a profit book read (docs/statements.md#sources): the
stored daily profit rows of the holdings (``holding_daily_profit``), the orders and the card
payouts. Nothing here recomputes a profit from orders: a period's profit is the sum of its
days' rows, a holding's value on a day is the market value of its last row up to that day."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from sqlalchemy import and_, func, or_, select
from sqlalchemy.orm import Session

from opentamp.models.accounts import FinancialAccount
from opentamp.models.advisory import AdvisoryFee, ServiceAccount
from opentamp.models.holdings import Holding, HoldingDailyProfit
from opentamp.models.orders import (
    ADVISER_FEE,
    DIVIDEND,
    PO_ADJUST,
    PO_BUY,
    PO_SELL,
    TradeOrder,
)
from opentamp.models.products import Fund, Portfolio

ZERO = Decimal("0.00")
#: confirm_status values of an order that took effect (docs/rules.md#fund-trading).
EFFECTIVE = ("2", "3", "W2", "W3", "P2", "P4")
PARENT_CODES = (PO_BUY, PO_SELL, PO_ADJUST)


@dataclass
class HoldingFigure:
    """One holding on a day: the market value and accumulated profit of its last daily row."""

    holding_id: int
    financial_account_id: int
    product_code: str
    product_name: str
    fund_code: str
    #: The fund's own name, and the portfolio it is a component of ('' for a fund held by
    #: itself: then the product is the fund).
    fund_name: str
    portfolio_name: str
    market_value: Decimal
    accumulated_profit: Decimal
    period_profit: Decimal = ZERO

    @property
    def label(self) -> str:
        """The fund's name, a component's with its portfolio's: 稳健增长（稳健理财组合）."""
        if not self.portfolio_name:
            return self.fund_name
        return f"{self.fund_name}（{self.portfolio_name}）"


@dataclass
class ProductFigure:
    product_code: str
    product_name: str
    total: Decimal = ZERO
    price_change: Decimal = ZERO
    dividends: Decimal = ZERO
    fees: Decimal = ZERO
    realised: Decimal = ZERO
    unrealised: Decimal = ZERO
    market_value_end: Decimal = ZERO


@dataclass
class PeriodFigures:
    """A period's profit of some accounts, by kind and by product (docs/statements.md#books)."""

    start: date
    end: date
    total: Decimal = ZERO
    price_change: Decimal = ZERO
    dividends: Decimal = ZERO
    fees: Decimal = ZERO
    realised: Decimal = ZERO
    unrealised: Decimal = ZERO
    products: list[ProductFigure] = field(default_factory=list)


def accounts_of(session: Session, user_id: int) -> list[FinancialAccount]:
    return list(
        session.scalars(
            select(FinancialAccount)
            .where(FinancialAccount.broker_user_id == user_id)
            .order_by(FinancialAccount.sort_order, FinancialAccount.id)
        )
    )


def _names(session: Session, holdings: Iterable[Holding]) -> dict[int, tuple[str, str, str]]:
    """holding id → (product code, product name, fund name): the product is the portfolio for a
    component, else the fund."""
    rows = list(holdings)
    funds = {r.fund_code for r in rows}
    portfolios = {r.portfolio_code for r in rows if r.portfolio_code}
    fund_names = dict(
        session.execute(select(Fund.code, Fund.short_name).where(Fund.code.in_(funds))).all()
    )
    po_names = (
        dict(
            session.execute(
                select(Portfolio.code, Portfolio.name).where(Portfolio.code.in_(portfolios))
            ).all()
        )
        if portfolios
        else {}
    )
    out: dict[int, tuple[str, str, str]] = {}
    for r in rows:
        fund = fund_names.get(r.fund_code, r.fund_code)
        if r.portfolio_code:
            out[r.id] = (r.portfolio_code, po_names.get(r.portfolio_code, r.portfolio_code), fund)
        else:
            out[r.id] = (r.fund_code, fund, fund)
    return out


def holdings_at(
    session: Session, *, user_id: int, account_ids: Sequence[int], day: date
) -> list[HoldingFigure]:
    """Each holding of ``account_ids`` with a value on ``day``: its last daily row up to it."""
    d = HoldingDailyProfit
    last = (
        select(d.holding_id, func.max(d.profit_date).label("last_date"))
        .where(
            d.broker_user_id == user_id,
            d.financial_account_id.in_(account_ids),
            d.profit_date <= day,
        )
        .group_by(d.holding_id)
        .subquery()
    )
    rows = session.execute(
        select(d, Holding)
        .join(last, and_(last.c.holding_id == d.holding_id, last.c.last_date == d.profit_date))
        .join(Holding, Holding.id == d.holding_id)
        .where(d.market_value > 0)
        .order_by(d.market_value.desc(), d.holding_id)
    ).all()
    names = _names(session, [h for _, h in rows])
    return [
        HoldingFigure(
            holding_id=h.id,
            financial_account_id=h.financial_account_id,
            product_code=names[h.id][0],
            product_name=names[h.id][1],
            fund_code=h.fund_code,
            fund_name=names[h.id][2],
            portfolio_name=names[h.id][1] if h.portfolio_code else "",
            market_value=row.market_value,
            accumulated_profit=row.accumulated_profit,
        )
        for row, h in rows
    ]


def daily_totals(
    session: Session, *, user_id: int, account_ids: Sequence[int], start: date, end: date
) -> list[tuple[date, Decimal]]:
    """Σ profit of each day with rows in [start, end], oldest first."""
    d = HoldingDailyProfit
    rows = session.execute(
        select(d.profit_date, func.sum(d.profit))
        .where(
            d.broker_user_id == user_id,
            d.financial_account_id.in_(account_ids),
            d.profit_date >= start,
            d.profit_date <= end,
        )
        .group_by(d.profit_date)
        .order_by(d.profit_date)
    ).all()
    return [(day, total or ZERO) for day, total in rows]


def _per_holding_orders(
    session: Session,
    *,
    user_id: int,
    account_ids: Sequence[int],
    start: date,
    end: date,
    dividends: bool,
) -> dict[int, Decimal]:
    """holding id → Σ dividends (143 confirmed amounts) or Σ fees of the orders confirmed in
    [start, end] (fund orders only: a portfolio parent's fees are its children's)."""
    o = TradeOrder
    amount = o.confirmed_amount if dividends else o.fee
    kind = o.order_code == DIVIDEND if dividends else o.order_code.not_in((*PARENT_CODES, DIVIDEND))
    rows = session.execute(
        select(Holding.id, func.sum(amount))
        .join(
            Holding,
            and_(
                Holding.financial_account_id == o.financial_account_id,
                Holding.fund_code == o.fund_code,
                Holding.portfolio_code == o.portfolio_code,
            ),
        )
        .where(
            o.broker_user_id == user_id,
            o.financial_account_id.in_(account_ids),
            o.confirm_status.in_(EFFECTIVE),
            o.confirmed_at >= start,
            o.confirmed_at <= end,
            o.order_code != ADVISER_FEE,
            kind,
        )
        .group_by(Holding.id)
    ).all()
    return {hid: total or ZERO for hid, total in rows}


def period_figures(
    session: Session, *, user_id: int, account_ids: Sequence[int], start: date, end: date
) -> PeriodFigures:
    """The period's profit (Σ of the daily rows) by kind and by product.

    Per holding: dividends are the 143 orders confirmed in the period, fees those of its
    orders confirmed in the period, the price change what is left (``profit − dividends +
    fees``). The dividends are realised when paid; the rest of the period's profit is realised
    if the holding was cleared by the period's end (its last row's market value is 0), else
    unrealised."""
    d = HoldingDailyProfit
    sums = dict(
        session.execute(
            select(d.holding_id, func.sum(d.profit))
            .where(
                d.broker_user_id == user_id,
                d.financial_account_id.in_(account_ids),
                d.profit_date >= start,
                d.profit_date <= end,
            )
            .group_by(d.holding_id)
        ).all()
    )
    out = PeriodFigures(start=start, end=end)
    if not sums:
        return out
    holdings = list(session.scalars(select(Holding).where(Holding.id.in_(list(sums)))))
    names = _names(session, holdings)
    held = {
        h.holding_id: h.market_value
        for h in holdings_at(session, user_id=user_id, account_ids=account_ids, day=end)
    }
    divs = _per_holding_orders(
        session, user_id=user_id, account_ids=account_ids, start=start, end=end, dividends=True
    )
    fees = _per_holding_orders(
        session, user_id=user_id, account_ids=account_ids, start=start, end=end, dividends=False
    )
    products: dict[str, ProductFigure] = {}
    for h in holdings:
        profit = sums[h.id] or ZERO
        div = divs.get(h.id, ZERO)
        fee = fees.get(h.id, ZERO)
        code, name, _fund = names[h.id]
        p = products.setdefault(code, ProductFigure(product_code=code, product_name=name))
        p.total += profit
        p.dividends += div
        p.fees += fee
        p.price_change += profit - div + fee
        if h.id in held:
            p.realised += div
            p.unrealised += profit - div
            p.market_value_end += held[h.id]
        else:
            p.realised += profit
    out.products = sorted(products.values(), key=lambda p: (-abs(p.total), p.product_code))
    for p in out.products:
        out.total += p.total
        out.price_change += p.price_change
        out.dividends += p.dividends
        out.fees += p.fees
        out.realised += p.realised
        out.unrealised += p.unrealised
    return out


def orders_in(
    session: Session, *, user_id: int, account_ids: Sequence[int], start: date, end: date
) -> list[TradeOrder]:
    """The orders (portfolio parents, not their children) with a trade date in the period.

    An adviser fee's payment (W12) is on the statement of the account whose wallet paid it and
    on that of the account the fee was charged to, the advisory service account's own financial
    account: when the service account's wallet does not hold the fee, the default account's
    wallet pays it (docs/advisory.md#fees), and each statement then explains its own figures
    (docs/statements.md#adviser-fees)."""
    o = TradeOrder
    charged_to = (
        select(ServiceAccount.financial_account_id)
        .join(AdvisoryFee, AdvisoryFee.service_account_id == ServiceAccount.id)
        .where(AdvisoryFee.order_id == o.id)
        .limit(1)
        .scalar_subquery()
    )
    return list(
        session.scalars(
            select(o)
            .where(
                o.broker_user_id == user_id,
                or_(
                    o.financial_account_id.in_(account_ids),
                    and_(o.order_code == ADVISER_FEE, charged_to.in_(account_ids)),
                ),
                o.parent_id.is_(None),
                o.trade_date >= start,
                o.trade_date <= end,
            )
            .order_by(o.trade_date, o.id)
        )
    )


def first_day(session: Session, *, user_id: int, account_ids: Sequence[int]) -> date | None:
    """The first day with a profit row or an order in the accounts (where statements start)."""
    d = HoldingDailyProfit
    first_row = session.scalar(
        select(func.min(d.profit_date)).where(
            d.broker_user_id == user_id, d.financial_account_id.in_(account_ids)
        )
    )
    first_order = session.scalar(
        select(func.min(TradeOrder.trade_date)).where(
            TradeOrder.broker_user_id == user_id,
            TradeOrder.financial_account_id.in_(account_ids),
        )
    )
    days = [x for x in (first_row, first_order) if x is not None]
    return min(days) if days else None


def by_month(days: Iterable[tuple[date, Decimal]]) -> dict[str, Decimal]:
    out: dict[str, Decimal] = defaultdict(lambda: ZERO)
    for day, profit in days:
        out[f"{day.year:04d}-{day.month:02d}"] += profit
    return dict(out)
