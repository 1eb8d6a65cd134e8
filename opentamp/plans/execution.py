"""The daily plan steps (docs/plans.md "The daily step"): due executions created and turned
into orders, and the take-profit check after valuation.

:func:`execute_due` runs for trading day D inside the pipeline's one transaction
(``plans.execute_due``, order 17: after the market published D's NAVs and the strategy periods,
before settlement), as set-based statements over all due plans:

1. **Executions.** Every active plan whose next date is ≤ D gets one execution for that due
   date (``INSERT … SELECT … ON CONFLICT DO NOTHING``: unique per plan and due date), with the
   base amount, the smart multiplier of its index's band (computed once per index, rules/plans)
   and the amount; the plans' next dates move on (one statement per distinct schedule).
2. **Checks.** Each execution to try on D (new ones, and CONTINUITY retries) gets the first
   reason it cannot buy, the checks a manual purchase makes: product 暂停申购 (a portfolio's
   component too), 未签署本期策略文件 (a strategy changed since the plan signed), 测评已过期 /
   风险等级不匹配 (suitability, with the confirmation recorded when the plan was set up), the
   minimum, the card (bound, per-charge limit) and, for wallet-paid plans, the wallet's
   available shares counted cumulatively over the account's executions of the day.
3. **Card charges.** The one per-execution call: the payment interface's ``charge`` with the
   key ``PLAN{executionId}T{attempt}`` (the same try asked again — a re-run of D after a crash
   — is the same charge). A refusal records 银行卡扣款失败.
4. **Orders.** The executions that passed become orders in a few ``INSERT … SELECT``s, as a
   manual purchase would write them: 039 (fund by card) or W11 (fund from the wallet), W01
   (wallet plan: the card recharges the wallet), P02 with 039/W11 children split by weight
   (remainder cent to the largest weight) for a portfolio or strategy. The fee is fixed at
   order time by the fee rule's SQL twin (``rules.purchase_fee_sql``). Each order is booked at
   09:30 of D (the deduction run of the morning), so its trade date is D, priced at NAV_D and
   confirmed by settlement on D + the fund's confirm days. ``extMetaInfo`` carries
   ``investPlanId`` and ``executionId``. Wallet-paid orders take their wallet shares at once,
   as W04 does: the lots shrink first in first out (skipping shares claimed by waiting
   redemptions), the cost by its average, ``redeemed_net`` grows.
5. **Outcome.** A failed try under CONTINUITY is tried again on the next trading day while
   fewer than three tries were made; otherwise the period FAILs. Three consecutive failed
   periods pause the plan (连续3期扣款失败，计划已自动暂停); a success resets the count.

Every statement is guarded (executions tried on D are skipped when D runs again), so running D
twice changes nothing. A step with nothing to touch is not built (an ``EXISTS`` first): no plan
due, no execution to try or tried on D, no try of D that passed (docs/plans.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, time
from decimal import Decimal
from time import perf_counter
from typing import Any, TypeVar

from sqlalchemy import (
    BigInteger,
    Column,
    Date,
    Integer,
    String,
    Table,
    and_,
    bindparam,
    case,
    cast,
    exists,
    false,
    func,
    insert,
    literal,
    null,
    or_,
    select,
    true,
    type_coerce,
    update,
)
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session, aliased
from sqlalchemy.sql.elements import ColumnElement

from opentamp import rules
from opentamp.core.calendar import get_calendar
from opentamp.core.events import PLAN_FAILED, event_time, record_events
from opentamp.kit.calendar import TradingCalendar
from opentamp.kit.clock import BEIJING, now
from opentamp.kit.money import Fig, Money, SqlMoney, fig
from opentamp.kit.sets import analyze, constant, scratch
from opentamp.models.accounts import Account, PaymentMethod
from opentamp.models.auth import BrokerUser
from opentamp.models.catalogue import ProductShelf
from opentamp.models.holdings import Holding
from opentamp.models.orders import TradeOrder
from opentamp.models.plans import (
    ACTIVE,
    EXEC_ACTIVE,
    EXEC_FAIL,
    EXEC_SUCCESS,
    EXEC_TERMINATED,
    FUND,
    PAUSED,
    PORTFOLIO,
    SIGNED,
    STRATEGY,
    WALLET,
    InvestPlan,
    InvestPlanExecution,
)
from opentamp.models.platform import Broker
from opentamp.models.products import (
    FUND_TYPE_MONEY_MARKET,
    WALLET_FUND_CODE,
    Fund,
    FundFeeTier,
    Portfolio,
    PortfolioComponent,
)
from opentamp.outside.payment import payment_gateway
from opentamp.plans import repository as repo
from opentamp.plans.targets import reach_targets
from opentamp.rules import dates as date_rules
from opentamp.rules import plans as plan_rules
from opentamp.rules.suitability import SURVEY_VALID_YEARS
from opentamp.trading.api import NO_BUY, take_wallet_shares_set

#: Why an execution failed (shown on the execution and the plan detail).
FAIL_SUSPENDED = "产品暂停申购"
FAIL_DISABLED = "该产品暂不支持在线购买"
FAIL_TRADING_TIME = "产品交易限制时段内无法申购"
FAIL_UNSIGNED = "未签署本期策略文件"
FAIL_NO_SURVEY = "测评已过期"
FAIL_RISK = "风险等级不匹配"
FAIL_MINIMUM = "低于最低定投金额"
FAIL_CARD_UNAVAILABLE = "银行卡不可用"
FAIL_CARD_LIMIT = "超过银行卡单笔限额"
FAIL_WALLET = "余额不足"
FAIL_CHARGE = "银行卡扣款失败"
#: A plan's orders are booked at the morning's deduction run.
DEDUCTION_TIME = time(9, 30)
NO_SYNC = {"synchronize_session": False}
T = TypeVar("T")


@dataclass
class DayReport:
    created: int = 0
    tried: int = 0
    ordered: int = 0
    failed: int = 0
    retrying: int = 0
    paused: int = 0
    seconds: dict[str, float] = field(default_factory=dict)

    def __str__(self) -> str:
        return (
            f"created {self.created}, tried {self.tried}, ordered {self.ordered}, "
            f"failed {self.failed}, retrying {self.retrying}, paused {self.paused}"
        )


def _run(session: Session, stmt: Any) -> int:
    result = session.execute(stmt, execution_options=NO_SYNC)
    return max(int(result.rowcount or 0), 0)  # type: ignore[attr-defined]


def execute_due(session: Session, day: date) -> DayReport:
    """Create D's due executions and turn them into orders (module docstring)."""
    session.flush()
    m = SqlMoney.of(session)
    calendar = get_calendar()
    report = DayReport()
    clock_ = _Phases(report.seconds)
    report.created = clock_("executions", _create_executions, session, m, calendar, day)
    clock_("next_dates", _advance_next_dates, session, calendar, day)
    e = InvestPlanExecution
    # A day with no execution to try (nor tried: D again) leaves every later step with nothing
    # to touch; its statements are not built.
    if _any(session, or_(_tries_today(e, day), e.execute_date == day)):
        report.tried = clock_("checks", _check, session, m, day)
        clock_("charges", _charge_cards, session, day)
        report.ordered = clock_("orders", _place_orders, session, m, calendar, day, report.seconds)
        report.retrying, report.failed, report.paused = clock_(
            "outcomes", _outcomes, session, calendar, day
        )
    # INSERT … SELECT reports no row count on every driver: count what the day did.
    report.created = _count(session, e.due_date == day)
    report.ordered = _count(session, e.execute_date == day, e.status == EXEC_SUCCESS)
    session.expire_all()
    return report


def _any(session: Session, *where: ColumnElement[bool]) -> bool:
    """Whether an execution (or, with the plan's columns, a plan) matches ``where``."""
    return bool(session.scalar(select(exists().where(*where))))


def _count(session: Session, *where: ColumnElement[bool]) -> int:
    return int(
        session.scalar(select(func.count()).select_from(InvestPlanExecution).where(*where)) or 0
    )


class _Phases:
    """Runs each phase, keeping its seconds (the benchmark prints them)."""

    def __init__(self, seconds: dict[str, float]) -> None:
        self.seconds = seconds

    def __call__(self, name: str, fn: Callable[..., T], *args: Any) -> T:
        started = perf_counter()
        try:
            return fn(*args)
        finally:
            self.seconds[name] = perf_counter() - started


# -- 1. executions ------------------------------------------------------------------------------


def _multipliers(session: Session, day: date) -> dict[str, Decimal]:
    """The band multiplier of each index a due smart plan follows (one computation per index)."""
    codes = session.scalars(
        select(InvestPlan.smart_index_code)
        .where(
            InvestPlan.status == ACTIVE,
            InvestPlan.next_date <= day,
            InvestPlan.smart == true(),
            InvestPlan.smart_index_code.is_not(None),
        )
        .distinct()
    ).all()
    out = {}
    for code in codes:
        assert code is not None
        closes = repo.index_closes(session, code, upto=day, limit=plan_rules.SMART_MA_DAYS)
        out[code] = plan_rules.smart_multiplier(plan_rules.moving_average_deviation(closes))
    return out


def _insert(session: Session, m: SqlMoney, table: Any) -> Any:
    return (sqlite_insert if m.sqlite else pg_insert)(table)


def _create_executions(session: Session, m: SqlMoney, calendar: TradingCalendar, day: date) -> int:
    p = InvestPlan
    if not _any(session, p.status == ACTIVE, p.next_date <= day):  # no plan due
        return 0
    one = constant(m, Decimal("1.00"), 2)
    multipliers = _multipliers(session, day)
    multiplier: ColumnElement[Any] = one
    if multipliers:
        multiplier = case(
            *[
                (and_(p.smart == true(), p.smart_index_code == code), constant(m, value, 2))
                for code, value in multipliers.items()
            ],
            else_=one,
        )
    moment = now()
    amount = m.mul(fig(p.amount), Fig(multiplier, 2))
    # Created as tried on D (attempt 1) with the checks' verdict: one write per new row.
    rows = _with_checked_rows(
        select(
            p.id,
            p.broker_user_id,
            p.next_date,
            literal(day).label("next_try"),
            literal(1).label("attempt"),
            literal(day).label("execute_date"),
            literal(EXEC_ACTIVE).label("status"),
            p.amount,
            multiplier.label("multiplier"),
            amount.label("amount_"),
            p.round,
            _reason(amount, closed_at_deduction(session, calendar, day)).label("fail_reason"),
            literal(moment, InvestPlanExecution.created_at.type).label("created_at"),
            literal(moment, InvestPlanExecution.created_at.type).label("updated_at"),
        )
    ).where(p.status == ACTIVE, p.next_date <= day)
    e = cast_table(InvestPlanExecution)
    stmt = (
        _insert(session, m, e)
        .from_select(
            [
                "plan_id",
                "broker_user_id",
                "due_date",
                "next_try",
                "attempt",
                "execute_date",
                "status",
                "base_amount",
                "multiplier",
                "amount",
                "round",
                "fail_reason",
                "created_at",
                "updated_at",
            ],
            rows,
        )  # fmt: skip
        .on_conflict_do_nothing(index_elements=["plan_id", "due_date"])
    )
    return _run(session, stmt)


def _advance_next_dates(session: Session, calendar: TradingCalendar, day: date) -> None:
    """Each due plan's next date after D: one statement per distinct schedule."""
    p = InvestPlan
    due = and_(p.status == ACTIVE, p.next_date <= day)
    keys = session.execute(
        select(p.period_unit, p.period_interval, p.period_day, p.period_month, p.week_parity)
        .where(due)
        .distinct()
    ).all()
    for unit, interval, pday, month, parity in keys:
        s = plan_rules.Schedule(unit, interval, pday, month, parity)
        _run(
            session,
            update(p)
            .where(
                due,
                p.period_unit == unit,
                p.period_interval == interval,
                _same(p.period_day, pday),
                _same(p.period_month, month),
                p.week_parity == parity,
            )
            .values(next_date=plan_rules.next_due(s, calendar, day)),
        )


def _same(column: Any, value: Any) -> ColumnElement[bool]:
    same: ColumnElement[bool] = column.is_(None) if value is None else column == value
    return same


def cast_table(model: Any) -> Table:
    table: Table = model.__table__
    return table


# -- 2. checks ----------------------------------------------------------------------------------


def _tries_today(e: Any, day: date) -> ColumnElement[bool]:
    return and_(
        e.status == EXEC_ACTIVE,
        e.next_try <= day,
        or_(e.execute_date.is_(None), e.execute_date < day),
    )


def _tried_today(e: Any, day: date) -> ColumnElement[bool]:
    return and_(e.status == EXEC_ACTIVE, e.execute_date == day, e.next_try <= day)


def _survey_threshold(moment: datetime) -> datetime:
    """Assessed at or before this moment: the survey has expired (two years, rules)."""
    local = moment.astimezone(BEIJING)
    try:
        return local.replace(year=local.year - SURVEY_VALID_YEARS)
    except ValueError:  # 29 February
        return local.replace(year=local.year - SURVEY_VALID_YEARS, day=28)


def closed_at_deduction(session: Session, calendar: TradingCalendar, day: date) -> list[str]:
    """The funds whose trading-time limit (a purchase's 60006, ``rules.in_trade_limit``) covers
    D's deduction time: the few funds with a limit, read and judged by the one rule."""
    moment = datetime.combine(day, DEDUCTION_TIME, tzinfo=BEIJING)
    trading = calendar.is_trading_day(day)
    limited = session.execute(
        select(Fund.code, Fund.trade_limit_start, Fund.trade_limit_end).where(
            Fund.trade_limit_start.is_not(None), Fund.trade_limit_end.is_not(None)
        )
    )
    return [
        code
        for code, start, end in limited
        if date_rules.in_trade_limit(moment, start, end, is_trading_day=trading)
    ]


def _reason(amount: Any, closed: list[str]) -> ColumnElement[str]:
    """The first reason a try of ``amount`` cannot buy ('' when it can), over the plan ``p``
    and the rows :func:`_with_checked_rows` joins: the checks of a manual purchase."""
    p = InvestPlan
    f, po, a, card = Fund, Portfolio, Account, PaymentMethod
    comp, cf = aliased(PortfolioComponent), aliased(Fund)
    is_po = p.product_type.in_((PORTFOLIO, STRATEGY))
    suspended = or_(
        and_(~is_po, f.status.in_(NO_BUY)),
        and_(
            is_po,
            or_(
                po.status.in_(NO_BUY),
                exists().where(
                    comp.portfolio_code == p.product_code,
                    cf.code == comp.fund_code,
                    cf.status.in_(NO_BUY),
                ),
            ),
        ),
    )
    # The broker sells the product, but not through this app (isDisableBuy), as a purchase's
    # check_buyable: the whole broker, or the product on one of its shelves.
    user = aliased(BrokerUser)
    disabled = or_(
        exists().where(
            user.id == p.broker_user_id,
            Broker.id == user.broker_id,
            Broker.is_disable_buy.is_(True),
        ),
        exists().where(
            user.id == p.broker_user_id,
            ProductShelf.broker_id == user.broker_id,
            ProductShelf.product_code == p.product_code,
            ProductShelf.is_disable_buy.is_(True),
        ),
    )
    limited = and_(
        p.product_type != WALLET,
        or_(
            and_(~is_po, p.product_code.in_(closed)),
            and_(
                is_po,
                exists().where(comp.portfolio_code == p.product_code, comp.fund_code.in_(closed)),
            ),
        ),
    )
    level = case((is_po, po.risk_level), else_=f.risk_level)
    minimum = case((is_po, po.min_purchase_amount), else_=f.min_purchase_amount)
    return case(
        (suspended, FAIL_SUSPENDED),
        (and_(p.product_type != WALLET, disabled), FAIL_DISABLED),
        (limited, FAIL_TRADING_TIME),
        (
            and_(
                p.product_type == STRATEGY, func.coalesce(p.extend_period_sign_status, "") != SIGNED
            ),
            FAIL_UNSIGNED,
        ),
        (
            and_(
                p.product_type != WALLET,
                or_(
                    a.risk_grade5.is_(None),
                    a.risk_assessed_at.is_(None),
                    a.risk_assessed_at <= _survey_threshold(now()),
                ),
            ),
            FAIL_NO_SURVEY,
        ),
        (
            and_(
                p.product_type != WALLET,
                level > a.risk_grade5,
                or_(a.risk_grade5 == 1, p.risk_confirmed == false()),
            ),
            FAIL_RISK,
        ),
        (amount < minimum, FAIL_MINIMUM),
        (
            and_(p.pay_type == "card", or_(card.id.is_(None), card.status != "bound")),
            FAIL_CARD_UNAVAILABLE,
        ),  # fmt: skip
        # the SQL twin of trading.placing.above_card_limit, the one card single-limit rule
        (and_(p.pay_type == "card", amount > card.single_limit), FAIL_CARD_LIMIT),
        else_="",
    )


def _with_checked_rows(query: Any) -> Any:
    """``query`` (over the plan ``p``) joined with what :func:`_reason` reads."""
    p = InvestPlan
    is_po = p.product_type.in_((PORTFOLIO, STRATEGY))
    return (
        query.join(Account, Account.id == p.account_id)
        .outerjoin(Fund, and_(~is_po, Fund.code == p.product_code))
        .outerjoin(Portfolio, and_(is_po, Portfolio.code == p.product_code))
        .outerjoin(PaymentMethod, PaymentMethod.id == p.payment_method_id)
    )


def _check(session: Session, m: SqlMoney, day: date) -> int:
    """The retries of D (new executions were checked as they were created), then the wallet
    balances of all of D's tries; returns the tries of D."""
    e, p = InvestPlanExecution, InvestPlan
    checked = (
        _with_checked_rows(
            select(
                e.id.label("id"),
                _reason(e.amount, closed_at_deduction(session, get_calendar(), day)).label(
                    "reason"
                ),
            ).join(p, p.id == e.plan_id)
        )
        .where(_tries_today(e, day), p.status == ACTIVE)
        .subquery()
    )
    _run(
        session,
        update(e)
        .where(e.id == checked.c.id)
        .values(
            attempt=e.attempt + 1,
            execute_date=day,
            fail_reason=checked.c.reason,
            updated_at=now(),
        ),
    )
    _check_wallet_balance(session, day)
    return _count(session, e.execute_date == day)


def _check_wallet_balance(session: Session, day: date) -> None:
    """Wallet-paid executions that passed: the account's wallet must hold their running sum
    (by execution id) in available shares; the first ones it cannot cover fail 余额不足."""
    e, p, h = InvestPlanExecution, InvestPlan, Holding
    running = (
        select(
            e.id.label("id"),
            func.sum(e.amount)
            .over(partition_by=p.financial_account_id, order_by=e.id)
            .label("running"),
            func.coalesce(h.shares - h.frozen_shares, 0).label("available"),
        )
        .join(p, p.id == e.plan_id)
        .outerjoin(
            h,
            and_(
                h.financial_account_id == p.financial_account_id,
                h.fund_code == WALLET_FUND_CODE,
                h.portfolio_code == "",
            ),
        )
        .where(_tried_today(e, day), e.fail_reason == "", p.pay_type == "wallet")
        .subquery()
    )
    _run(
        session,
        update(e)
        .where(e.id == running.c.id, running.c.running > running.c.available)
        .values(fail_reason=FAIL_WALLET),
    )


# -- 3. card charges ----------------------------------------------------------------------------


def charge_key(execution_id: int, attempt: int) -> str:
    """The payment's idempotency key: the execution and its try."""
    return f"PLAN{execution_id}T{attempt}"


def _charge_cards(session: Session, day: date) -> None:
    e, p, card = InvestPlanExecution, InvestPlan, PaymentMethod
    rows = session.execute(
        select(e.id, e.attempt, e.amount, card.gateway_token)
        .join(p, p.id == e.plan_id)
        .join(card, card.id == p.payment_method_id)
        .where(_tried_today(e, day), e.fail_reason == "", p.pay_type == "card")
        .order_by(e.id)
    ).all()
    gateway = payment_gateway()
    refused = [
        {"eid": r[0]}
        for r in rows
        if not gateway.charge(token=r[3], amount=r[2], order_no=charge_key(r[0], r[1])).ok
    ]
    if refused:
        session.execute(
            update(cast_table(InvestPlanExecution))
            .where(cast_table(InvestPlanExecution).c.id == bindparam("eid"))
            .values(fail_reason=FAIL_CHARGE),
            refused,
        )


# -- 4. orders ----------------------------------------------------------------------------------


def _order_no(m: SqlMoney, prefix: str, number: Any, width: int) -> ColumnElement[str]:
    """``prefix`` and ``number`` zero-padded to ``width`` digits."""
    if m.sqlite:
        padded = func.printf(f"%0{width}d", number)
    else:
        padded = func.lpad(cast(number, String), width, "0")
    return literal(prefix) + padded


def _meta(m: SqlMoney, plan_id: Any, execution_id: Any) -> ColumnElement[Any]:
    build = func.json_object if m.sqlite else func.json_build_object
    return build(
        "investPlanId", plan_id, "executionId", execution_id, type_=TradeOrder.ext_meta_info.type
    )


def _confirm_dates(calendar: TradingCalendar, day: date, column: Any) -> ColumnElement[Any]:
    """D + the fund's confirm days (trading days), for the confirm days funds have (1–5)."""
    return case(
        *[(column == n, literal(rules.confirm_date(calendar, day, n))) for n in range(1, 6)],
        else_=literal(rules.confirm_date(calendar, day, 1)),
    )


def _fee(m: SqlMoney, fund: Any, amount: Any, tier: Any) -> rules.PurchaseFeeSql:
    return rules.purchase_fee_sql(
        m,
        amount,
        listed_rate=tier.rate,
        fixed_fee=tier.fixed_fee,
        discount=fund.purchase_discount,
        free=fund.fund_type == FUND_TYPE_MONEY_MARKET,
    )


def _tier_join(tier: Any, fund: Any, amount: Any) -> ColumnElement[bool]:
    return and_(
        tier.fund_code == fund.code,
        tier.kind == "purchase",
        or_(tier.amount_from.is_(None), amount >= tier.amount_from),
        or_(tier.amount_to.is_(None), amount < tier.amount_to),
    )


ORDER_COLUMNS = [
    "broker_order_no", "broker_user_id", "account_id", "financial_account_id", "parent_id",
    "order_code", "fund_code", "portfolio_code", "confirm_status", "pay_status", "pay_method",
    "payment_method_id", "trade_amount", "trade_share", "apply_time", "trade_date",
    "confirm_date", "fee_rate", "fee", "net_amount", "confirmed_shares", "confirmed_amount",
    "redeem_to", "ext_meta_info", "is_signal_sell_order", "fail_reason", "created_at",
    "updated_at",
]  # fmt: skip


def _place_orders(
    session: Session, m: SqlMoney, calendar: TradingCalendar, day: date, seconds: dict[str, float]
) -> int:
    e, p = InvestPlanExecution, InvestPlan
    moment = now()
    applied = datetime.combine(day, DEDUCTION_TIME, tzinfo=BEIJING)
    stamp = f"{day:%Y%m%d}{DEDUCTION_TIME:%H%M%S}"
    zero = constant(m, Decimal("0"), 2)
    at = literal(applied, TradeOrder.apply_time.type)
    created = literal(moment, TradeOrder.created_at.type)
    ok = and_(_tried_today(e, day), e.fail_reason == "")
    if not _any(session, ok):  # every try of the day failed: no order to build
        return 0
    by_card = p.pay_type == "card"
    order_no = _order_no(m, stamp, e.id, 12)

    # Funds and the wallet: one order per execution.
    f, tier = aliased(Fund), aliased(FundFeeTier)
    fee = _fee(m, f, e.amount, tier)
    is_wallet_plan = p.product_type == WALLET
    code = case((is_wallet_plan, "W01"), (by_card, "039"), else_="W11")
    single = (
        select(
            order_no,
            p.broker_user_id,
            p.account_id,
            p.financial_account_id,
            null(),
            code,
            f.code,
            literal(""),
            case((by_card & ~is_wallet_plan, "0"), else_="W0"),
            literal("2"),
            p.pay_type,
            p.payment_method_id,
            e.amount,
            zero,
            at,
            literal(day),
            _confirm_dates(calendar, day, f.confirm_days),
            case((is_wallet_plan, constant(m, Decimal(0), 8)), else_=fee.rate),
            case((is_wallet_plan, zero), else_=fee.fee),
            case((is_wallet_plan, e.amount), else_=fee.net),
            zero,
            zero,
            literal(""),
            _meta(m, p.id, e.id),
            literal(False),
            literal(""),
            created,
            created,
        )  # fmt: skip
        .select_from(e)
        .join(p, p.id == e.plan_id)
        .join(f, f.code == p.product_code)
        .outerjoin(tier, and_(~is_wallet_plan, _tier_join(tier, f, e.amount)))
        .where(ok, p.product_type.in_((FUND, WALLET)))
    )
    placed = _run(session, insert(TradeOrder).from_select(ORDER_COLUMNS, single))

    # Portfolios and strategies: a P02 parent, then its children.
    is_po = p.product_type.in_((PORTFOLIO, STRATEGY))
    parents = (
        select(
            order_no,
            p.broker_user_id,
            p.account_id,
            p.financial_account_id,
            null(),
            literal("P02"),
            literal(""),
            p.product_code,
            literal("P0"),
            literal("2"),
            p.pay_type,
            p.payment_method_id,
            e.amount,
            zero,
            at,
            literal(day),
            literal(day),
            null(),
            zero,
            zero,
            zero,
            zero,
            literal(""),
            _meta(m, p.id, e.id),
            literal(False),
            literal(""),
            created,
            created,
        )  # fmt: skip
        .select_from(e)
        .join(p, p.id == e.plan_id)
        .where(ok, is_po)
    )
    placed += _run(session, insert(TradeOrder).from_select(ORDER_COLUMNS, parents))
    phase = _Phases(seconds)
    phase("link", _link_orders, session, m, day, order_no)
    phase("children", _place_children, session, m, calendar, day, at, created)
    phase("wallet", _take_wallet_shares, session, m, day)
    return placed


def _place_children(
    session: Session, m: SqlMoney, calendar: TradingCalendar, day: date, at: Any, created: Any
) -> None:
    """A portfolio's children: ``truncate(amount × weight / Σ weights)`` each, the cents left
    to the largest weight (the first by fund code among equals) — ``split_by_weights``."""
    e, p, c = InvestPlanExecution, InvestPlan, PortfolioComponent
    parent = aliased(TradeOrder)
    w_sum = func.sum(c.weight).over(partition_by=(e.id,))
    rank = func.row_number().over(partition_by=(e.id,), order_by=(c.weight.desc(), c.fund_code))
    if m.sqlite:  # cents × 1e-8 units // 1e-8 units: integer division truncates
        big = BigInteger()
        share = (type_coerce(e.amount, big) * type_coerce(c.weight, big)) // type_coerce(w_sum, big)
    else:
        share = func.trunc(e.amount * c.weight / w_sum, 2)
    parts = (
        select(
            e.id.label("eid"),
            parent.id.label("parent_id"),
            parent.broker_order_no.label("parent_no"),
            c.fund_code.label("fund_code"),
            rank.label("rank"),
            share.label("share"),
            e.amount.label("total"),
        )
        .join(p, p.id == e.plan_id)
        .join(parent, parent.id == e.order_id)
        .join(c, c.portfolio_code == p.product_code)
        .where(
            e.status == EXEC_SUCCESS,
            e.execute_date == day,
            parent.order_code == "P02",
            parent.trade_date == day,
        )
        .subquery()
    )
    # The remainder in the same pass (a window over the parts, no self-join), materialised so
    # the join with the plans and the fee tiers is planned on real row counts.
    amount = case(
        (
            parts.c.rank == 1,
            parts.c.share + parts.c.total - func.sum(parts.c.share).over(partition_by=parts.c.eid),
        ),
        else_=parts.c.share,
    )
    sized = scratch(
        session, "plan_parts", Column("eid", BigInteger), Column("parent_id", BigInteger),
        Column("parent_no", String(32)), Column("fund_code", String(16)),
        Column("rank", Integer), Column("amount", Money()),
    )  # fmt: skip
    _run(
        session,
        insert(sized).from_select(
            ["eid", "parent_id", "parent_no", "fund_code", "rank", "amount"],
            select(
                parts.c.eid,
                parts.c.parent_id,
                parts.c.parent_no,
                parts.c.fund_code,
                parts.c.rank,
                amount,
            ),  # fmt: skip
        ),
    )
    analyze(session, m, sized)
    f, tier = aliased(Fund), aliased(FundFeeTier)
    fee = _fee(m, f, sized.c.amount, tier)
    by_card = p.pay_type == "card"
    zero = constant(m, Decimal("0"), 2)
    children = (
        select(
            sized.c.parent_no + _order_no(m, "", sized.c.rank, 2),
            p.broker_user_id,
            p.account_id,
            p.financial_account_id,
            sized.c.parent_id,
            case((by_card, "039"), else_="W11"),
            f.code,
            p.product_code,
            case((by_card, "0"), else_="W0"),
            literal("2"),
            p.pay_type,
            p.payment_method_id,
            sized.c.amount,
            zero,
            at,
            literal(day),
            _confirm_dates(calendar, day, f.confirm_days),
            fee.rate,
            fee.fee,
            fee.net,
            zero,
            zero,
            literal(""),
            _meta(m, p.id, e.id),
            literal(False),
            literal(""),
            created,
            created,
        )  # fmt: skip
        .select_from(sized)
        .join(e, e.id == sized.c.eid)
        .join(p, p.id == e.plan_id)
        .join(f, f.code == sized.c.fund_code)
        .outerjoin(tier, _tier_join(tier, f, sized.c.amount))
        .where(sized.c.amount > 0)
    )
    _run(session, insert(TradeOrder).from_select(ORDER_COLUMNS, children))
    sized.drop(session.connection())
    # The parent: its children's fees and net, confirmed with the slowest of them.
    kid = aliased(TradeOrder)
    sums = (
        select(
            kid.parent_id.label("pid"),
            func.sum(kid.fee).label("fee"),
            func.sum(kid.net_amount).label("net"),
            func.max(kid.confirm_date).label("confirm"),
        )
        .where(kid.trade_date == day, kid.parent_id.is_not(None), kid.apply_time == at)
        .group_by(kid.parent_id)
        .subquery()
    )
    o = TradeOrder
    _run(
        session,
        update(o)
        .where(o.id == sums.c.pid, o.order_code == "P02", o.trade_date == day, o.apply_time == at)
        .values(fee=sums.c.fee, net_amount=sums.c.net, confirm_date=sums.c.confirm),
    )


def _link_orders(session: Session, m: SqlMoney, day: date, order_no: Any) -> None:
    """The executions that passed: SUCCESS with their order (found by its number)."""
    e, o = InvestPlanExecution, TradeOrder
    stamp = f"{day:%Y%m%d}{DEDUCTION_TIME:%H%M%S}"
    succeeded = select(e.plan_id).where(_tried_today(e, day), e.fail_reason == "")
    _run(
        session,
        update(InvestPlan)
        .where(InvestPlan.id.in_(succeeded), InvestPlan.failed_periods != 0)
        .values(failed_periods=0),
    )
    linked = (
        select(e.id.label("eid"), o.id.label("oid"))
        .join(
            o,
            and_(
                o.broker_order_no == _order_no(m, stamp, e.id, 12),
                o.trade_date == day,
                o.apply_time == datetime.combine(day, DEDUCTION_TIME, tzinfo=BEIJING),
            ),
        )
        .where(_tried_today(e, day), e.fail_reason == "")
        .subquery()
    )
    _run(
        session,
        update(e)
        .where(e.id == linked.c.eid)
        .values(order_id=linked.c.oid, status=EXEC_SUCCESS, next_try=None),
    )


def _take_wallet_shares(session: Session, m: SqlMoney, day: date) -> None:
    """The wallet shares paying D's wallet-paid plan orders (W11, P02 from the wallet) leave
    the wallet at once, as W04's do: trading's set twin of ``take_wallet_shares`` over the
    orders, each holding's taken in the order of their executions."""
    e, p, o, h = InvestPlanExecution, InvestPlan, TradeOrder, Holding
    paid = (
        select(
            o.id,
            h.id,
            e.amount,
            func.sum(e.amount).over(partition_by=h.id, order_by=e.id) - e.amount,
        )
        .join(p, p.id == e.plan_id)
        .join(o, o.id == e.order_id)
        .join(
            h,
            and_(
                h.financial_account_id == p.financial_account_id,
                h.fund_code == WALLET_FUND_CODE,
                h.portfolio_code == "",
            ),
        )
        .where(
            e.status == EXEC_SUCCESS,
            e.execute_date == day,
            p.pay_type == "wallet",
            o.trade_date == day,
        )
    )
    take_wallet_shares_set(session, paid)


# -- 5. outcomes --------------------------------------------------------------------------------


def _outcomes(session: Session, calendar: TradingCalendar, day: date) -> tuple[int, int, int]:
    """Failed tries: retried tomorrow under CONTINUITY while fewer than three were made,
    otherwise the period fails and counts against the plan; three in a row pause it. Only
    executions still ACTIVE and tried today are touched, so a re-run of D changes nothing."""
    e, p = InvestPlanExecution, InvestPlan
    failed_today = and_(_tried_today(e, day), e.fail_reason != "")
    continuity = select(p.id).where(p.pay_date_mode == plan_rules.CONTINUITY)
    retrying = _run(
        session,
        update(e)
        .where(failed_today, e.attempt < plan_rules.CONTINUITY_TRIES, e.plan_id.in_(continuity))
        .values(next_try=plan_rules.retry_day(plan_rules.CONTINUITY, 1, calendar, day)),
    )
    ending = select(e.plan_id).where(failed_today, e.next_try <= day)
    _run(
        session,
        update(p).where(p.id.in_(ending)).values(failed_periods=p.failed_periods + 1),
    )
    failed = _run(
        session,
        update(e).where(failed_today, e.next_try <= day).values(status=EXEC_FAIL, next_try=None),
    )
    _record_failures(session, day)
    paused = _run(
        session,
        update(p)
        .where(p.status == ACTIVE, p.failed_periods >= plan_rules.AUTO_PAUSE_FAILED_PERIODS)
        .values(status=PAUSED, status_reason=plan_rules.AUTO_PAUSE_REASON, next_date=None),
    )
    if paused:  # a paused plan's execution still retrying ends with it
        _run(
            session,
            update(e)
            .where(e.status == EXEC_ACTIVE, e.plan_id.in_(select(p.id).where(p.status != ACTIVE)))
            .values(status=EXEC_TERMINATED, next_try=None),
        )
    return retrying, failed, paused


def _record_failures(session: Session, day: date) -> None:
    """The executions that failed for good today (FAIL, last tried today: :func:`_outcomes`
    has just ended them), as ``plan.failed`` events of the outbox
    (docs/notices.md#the-events), in one ``INSERT … SELECT``."""
    e, p = InvestPlanExecution, InvestPlan
    key = literal(f"{PLAN_FAILED}:") + cast(e.id, String)
    record_events(
        session,
        select(
            key,
            literal(PLAN_FAILED),
            BrokerUser.broker_id,
            e.broker_user_id,
            cast(e.plan_id, String),
            func.coalesce(Fund.name, Portfolio.name, p.product_code),
            e.amount,
            e.fail_reason,
            literal(day, Date),
            event_time(day),
        )
        .join(p, p.id == e.plan_id)
        .join(BrokerUser, BrokerUser.id == e.broker_user_id)
        .outerjoin(Fund, Fund.code == p.product_code)
        .outerjoin(Portfolio, Portfolio.code == p.product_code)
        .where(e.status == EXEC_FAIL, e.execute_date == day),
    )


# -- take-profit ---------------------------------------------------------------------------------


def take_profit(session: Session, day: date) -> int:
    """After D's valuation: each active take-profit plan whose own holding of the current
    round returns at least its target (rules/plans.py ``target_reached``) records the round
    and runs its action (docs/plans.md "Take-profit plans"); returns the rounds reached."""
    session.flush()
    plans = list(
        session.scalars(
            select(InvestPlan).where(
                InvestPlan.status == ACTIVE,
                InvestPlan.target_rate.is_not(None),
            )
        )
    )
    if not plans:
        return 0
    return reach_targets(session, plans, day)
