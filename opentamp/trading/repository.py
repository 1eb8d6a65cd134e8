"""Queries of the trade calls."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Any, TypeVar

from sqlalchemy import Select, bindparam, func, inspect, select
from sqlalchemy.orm import Session
from sqlalchemy.orm.util import identity_key

from opentamp.core import catalogue
from opentamp.core.answers import WORLD_VERSION
from opentamp.kit.clock import as_beijing
from opentamp.models.accounts import Account, FinancialAccount, PaymentMethod
from opentamp.models.auth import BrokerUser
from opentamp.models.catalogue import StrategyInfo, StrategyPhase
from opentamp.models.holdings import Holding, HoldingLot
from opentamp.models.orders import (
    REDEEM,
    WALLET_FAST_WITHDRAW,
    WALLET_WITHDRAW,
    OrderLot,
    TradeOrder,
)
from opentamp.models.platform import Broker
from opentamp.models.products import Fund, FundFeeTier, Portfolio, PortfolioComponent
from opentamp.models.queries import fee_tiers as fee_tiers  # shared reads, re-exported
from opentamp.products import api as products

ZERO = Decimal("0.00")
M = TypeVar("M")

#: Orders whose shares are still frozen: unconfirmed redemptions and normal withdrawals.
FREEZING_CODES = (REDEEM, WALLET_WITHDRAW)
WAITING_STATUSES = ("0", "W0", "P0", "P1")


def fund(session: Session, code: str) -> Fund | None:
    """A fund, from memory when the world's version read it before (core.catalogue)."""
    return catalogue.row(session, Fund, code)


def portfolio(session: Session, code: str) -> Portfolio | None:
    return catalogue.row(session, Portfolio, code)


def purchase_tiers(session: Session, fund_code: str) -> tuple[FundFeeTier, ...]:
    """A fund's purchase fee tiers (``fee_tiers``), from memory per world version: copies no
    session holds, to be read only."""
    return catalogue.remembered(
        session,
        ("purchase_tiers", fund_code),
        lambda: tuple(
            catalogue.detached_copy(t) for t in fee_tiers(session, fund_code, "purchase")
        ),
    )


def disables_buying(session: Session, broker_id: int, code: str) -> bool:
    """Whether the broker's shelf disables buying ``code``, from memory per world version."""
    return catalogue.remembered(
        session,
        ("shelf_no_buy", broker_id, code),
        lambda: bool(products.disabled_for_broker(session, broker_id, [code])),
    )


#: :func:`purchase_rows`' statements, built once (not at each purchase), with and without the
#: card.
_PURCHASE_ROWS = (
    select(FinancialAccount, Account, Broker, WORLD_VERSION.label("world_version"))
    .select_from(FinancialAccount)
    .outerjoin(Account, Account.broker_user_id == bindparam("user_id"))
    .outerjoin(Broker, Broker.id == bindparam("broker_id"))
    .where(FinancialAccount.id == bindparam("fa_id"))
)
_PURCHASE_ROWS_AND_CARD = _PURCHASE_ROWS.add_columns(PaymentMethod).outerjoin(
    PaymentMethod, PaymentMethod.id == bindparam("card_id")
)


@dataclass(frozen=True)
class PurchaseRows:
    """What :func:`purchase_rows` read (None: no such row)."""

    financial_account: FinancialAccount | None
    card: PaymentMethod | None
    account: Account | None
    broker: Broker | None


def purchase_rows(
    session: Session, user: BrokerUser, *, financial_account_id: int, payment_method_id: int | None
) -> PurchaseRows:
    """The rows a purchase's checks read by key, in one statement: the financial account, the
    card (``payment_method_id``; None: not paid by card), the user's account and broker. The
    session's identity map holds them while the caller holds the answer (it keeps its rows
    weakly), and the checks' own look-ups by key (``Session.get``) find them there without
    SQL, each check unchanged and in its order; a row the session held already is kept as it
    is, as ``Session.get`` would. Nothing is found when there is no such financial account.
    The world's version comes with them, for the catalogue rows the purchase reads next from
    memory (``core.catalogue.read_with``): one statement less."""
    query = _PURCHASE_ROWS if payment_method_id is None else _PURCHASE_ROWS_AND_CARD
    params = {"fa_id": financial_account_id, "user_id": user.id, "broker_id": user.broker_id}
    if payment_method_id is not None:
        params["card_id"] = payment_method_id
    row = session.execute(query, params).first()
    if row is None:
        return PurchaseRows(None, None, None, None)
    catalogue.read_with(session, row.world_version)
    card = row.PaymentMethod if payment_method_id is not None else None
    return PurchaseRows(row.FinancialAccount, card, row.Account, row.Broker)


def components(session: Session, po_code: str) -> list[tuple[PortfolioComponent, Fund]]:
    """A portfolio's funds, largest weight first (then by code)."""
    rows = session.execute(
        select(PortfolioComponent, Fund)
        .join(Fund, Fund.code == PortfolioComponent.fund_code)
        .where(PortfolioComponent.portfolio_code == po_code)
        .order_by(PortfolioComponent.weight.desc(), Fund.code)
    ).all()
    return [(r[0], r[1]) for r in rows]


def latest_navs(session: Session, codes: Iterable[str]) -> dict[str, Decimal]:
    """Each fund's latest published NAV."""
    return {code: row.nav for code, row in products.latest_navs(session, codes).items()}


# -- holdings and lots ---------------------------------------------------------------------------


def holding(
    session: Session, *, financial_account_id: int, fund_code: str, portfolio_code: str = "",
    lock: bool = False,
) -> Holding | None:  # fmt: skip
    query = select(Holding).where(
        Holding.financial_account_id == financial_account_id,
        Holding.fund_code == fund_code,
        Holding.portfolio_code == portfolio_code,
    )
    if lock:
        query = query.with_for_update().execution_options(populate_existing=True)
    return session.scalar(query)


def portfolio_holdings(
    session: Session, *, financial_account_id: int, portfolio_code: str, lock: bool = False
) -> list[Holding]:
    query = (
        select(Holding)
        .where(
            Holding.financial_account_id == financial_account_id,
            Holding.portfolio_code == portfolio_code,
        )
        .order_by(Holding.fund_code)
    )
    if lock:
        query = query.with_for_update().execution_options(populate_existing=True)
    return list(session.scalars(query))


def lots(session: Session, holding_id: int) -> list[HoldingLot]:
    """A holding's lots, first in first."""
    return list(
        session.scalars(
            select(HoldingLot)
            .where(HoldingLot.holding_id == holding_id, HoldingLot.shares > 0)
            .order_by(HoldingLot.confirm_date, HoldingLot.id)
        )
    )


def claimed_shares(session: Session, lot_ids: Sequence[int]) -> dict[int, Decimal]:
    """Shares of each lot already taken by unconfirmed redemptions (still frozen)."""
    if not lot_ids:
        return {}
    rows = session.execute(
        select(OrderLot.lot_id, func.sum(OrderLot.shares).label("claimed"))
        .join(TradeOrder, TradeOrder.id == OrderLot.order_id)
        .where(
            OrderLot.lot_id.in_(lot_ids),
            TradeOrder.order_code.in_(FREEZING_CODES),
            TradeOrder.confirm_status.in_(WAITING_STATUSES),
        )
        .group_by(OrderLot.lot_id)
    ).all()
    return {r.lot_id: r.claimed for r in rows}


def order_lots(session: Session, order_id: int) -> list[OrderLot]:
    return list(session.scalars(select(OrderLot).where(OrderLot.order_id == order_id)))


# -- orders ---------------------------------------------------------------------------------------


def order_by_no(session: Session, broker_order_no: str, *, lock: bool = False) -> TradeOrder | None:
    query = select(TradeOrder).where(TradeOrder.broker_order_no == broker_order_no)
    if lock:
        query = query.with_for_update().execution_options(populate_existing=True)
    return session.scalar(query)


def children(
    session: Session, parent_ids: Sequence[int], *, lock: bool = False
) -> list[TradeOrder]:
    if not parent_ids:
        return []
    query = (
        select(TradeOrder)
        .where(TradeOrder.parent_id.in_(parent_ids))
        .order_by(TradeOrder.parent_id, TradeOrder.id)
    )
    if lock:
        query = query.with_for_update().execution_options(populate_existing=True)
    return list(session.scalars(query))


def fast_withdrawn(session: Session, *, user_id: int, since: datetime, until: datetime) -> Decimal:
    """Fast withdrawals (W03) a user applied for in [since, until)."""

    total = session.scalar(
        select(func.sum(TradeOrder.trade_amount)).where(
            TradeOrder.broker_user_id == user_id,
            TradeOrder.order_code == WALLET_FAST_WITHDRAW,
            TradeOrder.apply_time >= since,
            TradeOrder.apply_time < until,
        )
    )
    return total if total is not None else ZERO


def orders_query(
    *, user_id: int, financial_account_id: int | None, codes: Sequence[str] | None,
    statuses: Sequence[str] | None, product_code: str | None,
) -> Select[TradeOrder]:  # fmt: skip
    """A user's top-level orders (children are shown under their parent), filtered."""
    query = select(TradeOrder).where(
        TradeOrder.broker_user_id == user_id, TradeOrder.parent_id.is_(None)
    )
    if financial_account_id is not None:
        query = query.where(TradeOrder.financial_account_id == financial_account_id)
    if codes is not None:
        query = query.where(TradeOrder.order_code.in_(codes))
    if statuses is not None:
        query = query.where(TradeOrder.confirm_status.in_(statuses))
    if product_code:
        query = query.where(
            (TradeOrder.fund_code == product_code) | (TradeOrder.portfolio_code == product_code)
        )
    return query


def orders_page(
    session: Session, query: Select[TradeOrder], *, page: int, size: int
) -> tuple[list[TradeOrder], int]:
    total = session.scalar(select(func.count()).select_from(query.subquery())) or 0
    rows = session.scalars(
        query.order_by(TradeOrder.apply_time.desc(), TradeOrder.id.desc())
        .offset((page - 1) * size)
        .limit(size)
    )
    return list(rows), int(total)


def loaded(session: Session, model: type[M], keys: Iterable[Any]) -> dict[Any, M]:
    """The rows of ``model`` among ``keys`` (primary keys) that the session holds loaded: an
    order just placed names the fund and card its checks read, and its answer need not read
    them again."""
    found: dict[Any, M] = {}
    for key in keys:
        obj = session.identity_map.get(identity_key(model, key))
        if obj is not None and not inspect(obj).expired_attributes:
            found[key] = obj
    return found


def names(session: Session, fund_codes: set[str], po_codes: set[str]) -> dict[str, str]:
    out: dict[str, str] = {code: f.name for code, f in loaded(session, Fund, fund_codes).items()}
    fund_codes = fund_codes - out.keys()
    if fund_codes:
        out.update(
            {
                r.code: r.name
                for r in session.execute(
                    select(Fund.code, Fund.name).where(Fund.code.in_(fund_codes))
                )
            }
        )
    if po_codes:
        rows = session.execute(
            select(Portfolio.code, Portfolio.name).where(Portfolio.code.in_(po_codes))
        )
        out.update({r.code: r.name for r in rows})
    return out


def payment_methods(session: Session, ids: set[int]) -> dict[int, PaymentMethod]:
    found = loaded(session, PaymentMethod, ids)
    ids = ids - found.keys()
    if ids:
        found.update(
            (m.id, m)
            for m in session.scalars(select(PaymentMethod).where(PaymentMethod.id.in_(ids)))
        )
    return found


def first_bound_card(session: Session, account_id: int) -> PaymentMethod | None:
    return session.scalar(
        select(PaymentMethod)
        .where(PaymentMethod.account_id == account_id, PaymentMethod.status == "bound")
        .order_by(PaymentMethod.created_at, PaymentMethod.id)
        .limit(1)
    )


def held_in_portfolio(session: Session, *, financial_account_id: int, fund_code: str) -> bool:
    """Whether the account holds shares of the fund inside a portfolio."""
    found = session.scalar(
        select(Holding.id)
        .where(
            Holding.financial_account_id == financial_account_id,
            Holding.fund_code == fund_code,
            Holding.portfolio_code != "",
            Holding.shares > 0,
        )
        .limit(1)
    )
    return found is not None


def company_funds(
    session: Session, *, company_id: int, exclude: set[str], exclude_statuses: Iterable[str]
) -> list[Fund]:
    """The funds of one fund company, by code, but those of ``exclude`` and of the statuses."""
    return list(
        session.scalars(
            select(Fund)
            .where(
                Fund.company_id == company_id,
                Fund.code.not_in(sorted(exclude)),
                Fund.status.not_in(list(exclude_statuses)),
            )
            .order_by(Fund.code)
        )
    )


def ordered_products(
    session: Session, *, user_id: int, financial_account_id: int | None
) -> list[tuple[str, str]]:
    """The (fund code, portfolio code) pairs of the user's top-level orders."""
    query = (
        select(TradeOrder.fund_code, TradeOrder.portfolio_code)
        .where(TradeOrder.broker_user_id == user_id, TradeOrder.parent_id.is_(None))
        .distinct()
    )
    if financial_account_id is not None:
        query = query.where(TradeOrder.financial_account_id == financial_account_id)
    return [(row.fund_code, row.portfolio_code) for row in session.execute(query)]


def direct_holdings(
    session: Session, *, user_id: int, fund_codes: set[str], financial_account_id: int | None
) -> list[Holding]:
    """The user's holdings of these funds held directly (not in a portfolio), by account and
    fund, zero shares included."""
    query = select(Holding).where(
        Holding.broker_user_id == user_id,
        Holding.fund_code.in_(sorted(fund_codes)),
        Holding.portfolio_code == "",
    )
    if financial_account_id is not None:
        query = query.where(Holding.financial_account_id == financial_account_id)
    return list(session.scalars(query.order_by(Holding.financial_account_id, Holding.fund_code)))


def strategy_sale(
    session: Session, code: str, moment: datetime
) -> tuple[StrategyInfo, str | None, int | None, date | None] | None:
    """A strategy's buy mode, the phase of its period at ``moment`` (the latest begun when
    spans touch), that period's number and its build phase's first day; None for a portfolio
    that is no strategy."""
    info = session.get(StrategyInfo, code)
    if info is None:
        return None
    phases = session.scalars(select(StrategyPhase).where(StrategyPhase.strategy_code == code)).all()
    local = as_beijing(moment)
    begun = [
        p for p in phases if p.begin_time <= local and (p.end_time is None or local < p.end_time)
    ]
    if not begun:
        return info, None, None, None
    current = max(begun, key=lambda p: p.begin_time)
    build = next(
        (
            p.begin_time
            for p in phases
            if p.period_no == current.period_no and p.phase_type in ("BUILD", "BUILD_RESERVE")
        ),
        None,
    )
    return (
        info,
        current.phase_type,
        current.period_no,
        as_beijing(build).date() if build is not None else None,
    )
