"""The plan calls (docs/plans.md "Calls"): preview, create, update, pause, resume, terminate,
list, detail and executions, for fund, portfolio, wallet and strategy plans.

A plan is set up with the checks of a manual purchase, through trading's public face
(``opentamp.trading.api``): ownership of the financial account and card, the product's status
(暂停申购) and shelf, the minimum amount, suitability (``riskConfirmed``), the trade password and
buy verify code, and idempotency by tradeUUID (``core.idempotency.run_once``: the same body
answers the first plan, another body 422). Pure input faults (a day of month 29–31, a weekday
outside 1–5) are refused before the trade password is checked, so they count no failed try.
Nothing is charged at creation: the first execution runs on the first date (rules/plans.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date, timedelta
from decimal import Decimal
from typing import TypeVar

from pydantic import BaseModel
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from opentamp.core import caller
from opentamp.core.calendar import get_calendar
from opentamp.core.idempotency import run_once
from opentamp.kit.clock import today
from opentamp.kit.money import amount_text
from opentamp.kit.pagination import PageOut, has_more, page_offset
from opentamp.models.accounts import Account, PaymentMethod
from opentamp.models.auth import BrokerUser
from opentamp.models.orders import TradeOrder
from opentamp.models.plans import (
    ACTIVE,
    EXEC_ACTIVE,
    EXEC_TERMINATED,
    FUND,
    PAUSED,
    PORTFOLIO,
    SIGNED,
    STRATEGY,
    TERMINATED,
    UNSIGNED_CAN_SIGN,
    WALLET,
    InvestPlan,
    InvestPlanExecution,
)
from opentamp.models.platform import Broker
from opentamp.models.products import WALLET_FUND_CODE, Fund, Portfolio
from opentamp.payments.api import card_show_name, paying_card
from opentamp.pension import api as pension
from opentamp.plans import repository as repo
from opentamp.plans.errors import (
    PlanAmountAboveCardLimit,
    PlanAmountBelowMinimum,
    PlanNotActive,
    PlanNotFound,
    PlanNotPaused,
    PlanPayTypeInvalid,
    PlanProductInvalid,
    PlanScheduleInvalid,
    PlanTerminated,
    PlanTerminatedAlready,
    SmartNotSupported,
    SmartPlanAboveCardLimit,
    TargetInvalid,
)
from opentamp.plans.schemas import (
    ExecutionOut,
    InvestPlanDetailOut,
    InvestPlanOut,
    PlanActionIn,
    PlanCreateIn,
    PlanPreviewOut,
    PlanUpdateIn,
    SmartBandOut,
    TargetRecordOut,
)
from opentamp.rules import plans as rules
from opentamp.rules.profit import profit_rate
from opentamp.rules.targets import TARGET_STEP
from opentamp.rules.wallet import wallet_minimum
from opentamp.trading import api as trading

ZERO = Decimal("0.00")
T = TypeVar("T")
STRATEGY_PREFIX = "CL"
PROTOCOLS = ["定投协议"]
#: Plans of the /trade/investPlan calls; strategy plans are /saip/strategyInvestPlan's.
TRADE_TYPES = (FUND, PORTFOLIO, WALLET)
STRATEGY_TYPES = (STRATEGY,)
BIGGEST_MULTIPLIER = max(b.multiplier for b in rules.SMART_BANDS)


# -- the product a plan buys --------------------------------------------------------------------


class Product:
    """The fund, portfolio or strategy of a plan, as the checks read it."""

    def __init__(self, kind: str, code: str, name: str, status: str, level: int, minimum: Decimal,
                 index_code: str | None, funds: Sequence[Fund] = ()) -> None:  # fmt: skip
        self.kind, self.code, self.name, self.status = kind, code, name, status
        self.level, self.minimum, self.index_code, self.funds = level, minimum, index_code, funds


def product_of(session: Session, broker_id: int, product_type: str, code: str) -> Product:
    """The product of a plan, or 60001 产品不存在 (also for a type it is not: a fund under
    poFund, a portfolio under strategy …)."""
    if product_type == WALLET:
        fund = session.get(Fund, WALLET_FUND_CODE)
        if fund is None or code != WALLET_FUND_CODE:
            raise trading.ProductNotTradable()
        # A wallet plan recharges the wallet: the wallet's 起存金额 (docs/trading.md).
        broker = session.get(Broker, broker_id)
        minimum = wallet_minimum(
            broker.super_wallet_min_purchase if broker else None, fund.min_purchase_amount
        )
        return Product(WALLET, fund.code, fund.name, fund.status, 1, minimum, None)
    if product_type == FUND:
        fund = trading.tradable_fund(session, code)
        if fund.code == WALLET_FUND_CODE:
            raise PlanProductInvalid("钱包定投请选择“钱包”计划")
        if fund.is_pension:
            # Bought only with pension money, by the investor's own contribution
            # (docs/pension.md): a card or wallet plan cannot pay for it.
            raise PlanProductInvalid(
                "个人养老金基金（Y类份额）仅可使用个人养老金资金账户购买，暂不支持定投"
            )
        index = rules.smart_reference(fund.benchmark_code, money_market=fund.is_money_market)
        return Product(FUND, fund.code, fund.name, fund.status, fund.risk_level,
                       fund.min_purchase_amount, index)  # fmt: skip
    po: Portfolio = trading.tradable_portfolio(session, code)
    if (product_type == STRATEGY) != po.code.upper().startswith(STRATEGY_PREFIX):
        raise trading.ProductNotTradable()
    funds = [p.fund for p in trading.split_po(session, po, po.min_purchase_amount)]
    index = rules.smart_reference(po.benchmark_code)
    return Product(product_type, po.code, po.name, po.status, po.risk_level,
                   po.min_purchase_amount, index, funds)  # fmt: skip


def check_product_buyable(session: Session, user: BrokerUser, product: Product) -> None:
    broker = caller.broker_of(session, user)
    trading.check_buyable(
        session, user, broker, code=product.code, status=product.status, name=product.name
    )
    for fund in product.funds:
        if fund.status in trading.NO_BUY:
            raise trading.PurchaseSuspended(f"成分基金{fund.name}暂停申购，该组合暂时无法定投")


def schedule_of(unit: int, interval: int, day: int | None, month: int | None, parity: int
                ) -> rules.Schedule:  # fmt: skip
    s = rules.Schedule(
        unit=unit,
        interval=interval,
        day=day if unit != rules.EVERY_DAY else None,
        month=month if unit == rules.YEAR else None,
        parity=parity,
    )
    problem = rules.schedule_problem(s)
    if problem:
        raise PlanScheduleInvalid(problem)
    return s


def plan_schedule(plan: InvestPlan) -> rules.Schedule:
    return rules.Schedule(
        plan.period_unit, plan.period_interval, plan.period_day, plan.period_month,
        plan.week_parity,
    )  # fmt: skip


def check_amount(
    amount: Decimal, product: Product, card: PaymentMethod | None, *, smart: bool
) -> None:
    """At least the product's minimum; by card at most its per-charge limit, counting a smart
    plan's largest multiplier (the most one period may charge,
    ``trading.largest_charge_above_limit``)."""
    if amount < product.minimum:
        raise PlanAmountBelowMinimum(min=amount_text(product.minimum))
    if card is None:
        return
    most = trading.largest_charge_above_limit(
        card, amount, BIGGEST_MULTIPLIER if smart else rules.ONE
    )
    if most is None:
        return
    limit = amount_text(card.single_limit)
    if smart:
        raise SmartPlanAboveCardLimit(
            most=amount_text(most), multiplier=f"{BIGGEST_MULTIPLIER.normalize()}", limit=limit
        )
    raise PlanAmountAboveCardLimit(limit=limit)


def check_target(rate: Decimal | None, action: str | None, *, given: Decimal | None) -> None:
    """A rate and an action together; a rate ``given`` by this call a percentage of at most two
    decimals (0.01 % steps, as the screen offers and shows it), never 12.3456 % kept while
    12.35 % is shown."""
    if (rate is None) != (action is None) or (rate is not None and rate <= 0):
        raise TargetInvalid()
    if given is not None and given % TARGET_STEP != 0:
        raise TargetInvalid()


def plan_holding_of(action: str | None) -> int:
    """0 not holding (no target), 2 rolling, 1 fixed (any other action)."""
    if action is None:
        return 0
    return 2 if action == "rolling" else 1


def smart_index(product: Product, smart: bool) -> str | None:
    if not smart:
        return None
    if not product.index_code:
        raise SmartNotSupported()
    return product.index_code


# -- preview ------------------------------------------------------------------------------------


def bands_out() -> list[SmartBandOut]:
    return [
        SmartBandOut(
            lower_deviation=b.lower,
            upper_deviation=b.upper,
            multiplier=b.multiplier,
            label=b.label,
        )  # fmt: skip
        for b in rules.SMART_BANDS
    ]


def current_deviation(session: Session, index_code: str, day: date) -> Decimal | None:
    closes = repo.index_closes(session, index_code, upto=day, limit=rules.SMART_MA_DAYS)
    return rules.moving_average_deviation(closes)


def preview(
    session: Session,
    *,
    user: BrokerUser,
    product_type: str,
    product_code: str,
    period_unit: int,
    period_interval: int,
    period_day: int | None,
    period_month: int | None,
    financial_account_id: int | None,
) -> PlanPreviewOut:
    """GET /trade/investPlan/preview: the first and next dates, the limits and the smart
    bands, before the plan is submitted."""
    if financial_account_id is not None:
        trading.financial_account_of(session, user, financial_account_id)
    product = product_of(session, user.broker_id, product_type, product_code)
    day = today()
    s = schedule_of(period_unit, period_interval, period_day, period_month,
                    rules.week_parity(day))  # fmt: skip
    dates = rules.upcoming(s, get_calendar(), day, 4)
    card = _first_card(session, user)
    deviation = current_deviation(session, product.index_code, day) if product.index_code else None
    names = repo.index_names(session, {product.index_code} if product.index_code else set())
    return PlanPreviewOut(
        first_date=dates[0],
        next_dates=dates[1:],
        min_amount=product.minimum,
        max_amount=card.single_limit if card else None,
        smart_supported=product.index_code is not None,
        smart_index_code=product.index_code,
        smart_index_name=names.get(product.index_code or ""),
        smart_bands=bands_out(),
        current_deviation=deviation,
        current_multiplier=rules.smart_multiplier(deviation) if product.index_code else None,
        protocol_names=PROTOCOLS,
    )


def _first_card(session: Session, user: BrokerUser) -> PaymentMethod | None:
    """The card a plan pays with unless the user picks another (payments' paying_card: the
    first signed card in binding order, else the first bound), whose single limit bounds the
    preview's amount."""
    return paying_card(
        session.scalars(
            select(PaymentMethod)
            .where(PaymentMethod.broker_user_id == user.id, PaymentMethod.status == "bound")
            .order_by(PaymentMethod.created_at, PaymentMethod.id)
        ).all()
    )


# -- writes ---------------------------------------------------------------------------------------


def _once(
    session: Session, user: BrokerUser, body: BaseModel, action: str,
    run: Callable[[], InvestPlanOut],
) -> InvestPlanOut:  # fmt: skip
    trade_uuid = getattr(body, "trade_uuid", None)
    return run_once(
        session, user_id=user.id, trade_uuid=trade_uuid, action=action, request=body,
        schema=InvestPlanOut, run=run,
    )  # fmt: skip


def _card(session: Session, user: BrokerUser, pay_type: str, payment_method_id: int | None
          ) -> PaymentMethod | None:  # fmt: skip
    if pay_type != "card":
        return None
    return trading.paying_card(session, user, payment_method_id)


def create_plan(
    session: Session, *, user: BrokerUser, body: PlanCreateIn, kinds: Sequence[str]
) -> InvestPlanOut:
    """POST /trade/investPlan/create (fund, poFund, wallet) and /saip/strategyInvestPlan/create
    (strategy)."""
    if body.product_type not in kinds:
        raise PlanProductInvalid()
    day = today()
    s = schedule_of(body.period_unit, body.period_interval, body.period_day, body.period_month,
                    rules.week_parity(day))  # fmt: skip
    check_target(body.target_rate, body.target_action, given=body.target_rate)
    if body.product_type == WALLET and body.pay_type != "card":
        raise PlanPayTypeInvalid()
    fa = trading.financial_account_of(session, user, body.financial_account_id)
    pension.check_not_pension_account(fa)
    trading.check_service_account_buy(
        session, fa, body.product_code if body.product_type == PORTFOLIO else None
    )
    card = _card(session, user, body.pay_type, body.payment_method_id)
    account = trading.verified_account(session, user, body.trade_password)

    def place() -> InvestPlanOut:
        trading.require_buy_verify(session, user=user, account=account, ticket=body.verify_ticket)
        product = product_of(session, user.broker_id, body.product_type, body.product_code)
        check_product_buyable(session, user, product)
        check_amount(body.amount, product, card, smart=body.smart)
        index_code = smart_index(product, body.smart)
        _suitable(session, account, product, confirmed=body.risk_confirmed)
        if body.pay_type == "wallet":
            trading.wallet_fund_of(session, caller.broker_of(session, user))
        first = rules.next_due(s, get_calendar(), day)
        plan = InvestPlan(
            broker_user_id=user.id,
            account_id=fa.account_id,
            financial_account_id=fa.id,
            product_type=product.kind,
            product_code=product.code,
            amount=body.amount,
            period_unit=s.unit,
            period_interval=s.interval,
            period_day=s.day,
            period_month=s.month,
            week_parity=s.parity,
            pay_type=body.pay_type,
            payment_method_id=card.id if card else None,
            pay_date_mode=body.pay_date_mode,
            smart=body.smart,
            smart_index_code=index_code,
            target_rate=body.target_rate,
            target_action=body.target_action,
            plan_holding=plan_holding_of(body.target_action),
            round=1,
            round_start_date=first,
            risk_confirmed=body.risk_confirmed,
            status=ACTIVE,
            extend_period_sign_status=SIGNED if product.kind == STRATEGY else None,
            start_date=day,
            next_date=first,
        )
        session.add(plan)
        session.flush()
        return plan_out(session, plan)

    return _once(session, user, body, "plans.create", place)


def _suitable(session: Session, account: Account, product: Product, *, confirmed: bool) -> None:
    if product.kind == WALLET:
        return  # the wallet's own cash, as a recharge
    trading.suitable(
        session, account, confirmed=confirmed, level=product.level, code=product.code,
        kind="fund" if product.kind == FUND else "po",
    )  # fmt: skip


def owned_plan(session: Session, user: BrokerUser, plan_id: int, kinds: Sequence[str],
               *, lock: bool = False) -> InvestPlan:  # fmt: skip
    plan = repo.plan(session, plan_id, lock=lock)
    if plan is None or plan.broker_user_id != user.id or plan.product_type not in kinds:
        raise PlanNotFound()
    return plan


def update_plan(
    session: Session, *, user: BrokerUser, body: PlanUpdateIn, kinds: Sequence[str]
) -> InvestPlanOut:
    """POST …/update: only an active plan; the new terms apply from the next date (an
    execution already retrying keeps its amount)."""
    plan = owned_plan(session, user, body.invest_plan_id, kinds)
    unit = plan.period_unit if body.period_unit is None else body.period_unit
    periods_changed = any(
        v is not None
        for v in (body.period_unit, body.period_interval, body.period_day, body.period_month)
    )
    day = today()
    s = schedule_of(
        unit,
        _pick(body.period_interval, plan.period_interval if body.period_unit is None else 1),
        _pick(body.period_day, plan.period_day),
        _pick(body.period_month, plan.period_month),
        rules.week_parity(day) if periods_changed else plan.week_parity,
    )
    if body.take_profit is False:
        target_rate, target_action = None, None
    else:
        target_rate = _pick(body.target_rate, plan.target_rate)
        target_action = _pick(body.target_action, plan.target_action)
    check_target(target_rate, target_action, given=body.target_rate)
    pay_type = _pick(body.pay_type, plan.pay_type)
    if plan.product_type == WALLET and pay_type != "card":
        raise PlanPayTypeInvalid()
    card = _card(session, user, pay_type, _pick(body.payment_method_id, plan.payment_method_id))
    account = trading.verified_account(session, user, body.trade_password)

    def place() -> InvestPlanOut:
        locked = owned_plan(session, user, plan.id, kinds, lock=True)
        if locked.status != ACTIVE:
            raise PlanNotActive()
        product = product_of(session, user.broker_id, locked.product_type, locked.product_code)
        smart = _pick(body.smart, locked.smart)
        amount = _pick(body.amount, locked.amount)
        check_amount(amount, product, card, smart=smart)
        locked.smart_index_code = smart_index(product, smart)
        if body.sign_extend_period and locked.product_type == STRATEGY:
            locked.extend_period_sign_status = SIGNED
        _suitable(session, account, product, confirmed=locked.risk_confirmed)
        locked.amount = amount
        locked.smart = smart
        locked.period_unit, locked.period_interval = s.unit, s.interval
        locked.period_day, locked.period_month, locked.week_parity = s.day, s.month, s.parity
        locked.pay_type = pay_type
        locked.payment_method_id = card.id if card else None
        locked.pay_date_mode = _pick(body.pay_date_mode, locked.pay_date_mode)
        locked.target_rate, locked.target_action = target_rate, target_action
        locked.plan_holding = plan_holding_of(target_action)
        locked.next_date = rules.next_due(s, get_calendar(), day)
        session.flush()
        return plan_out(session, locked)

    return _once(session, user, body, "plans.update", place)


def _pick(new: T | None, old: T) -> T:
    return old if new is None else new


def pause_plan(session: Session, *, user: BrokerUser, body: PlanActionIn,
               kinds: Sequence[str]) -> InvestPlanOut:  # fmt: skip
    """An active plan stops buying: no next date until resumed (an execution retrying ends)."""
    return _action(session, user, body, kinds, "plans.pause", _pause)


def resume_plan(session: Session, *, user: BrokerUser, body: PlanActionIn,
                kinds: Sequence[str]) -> InvestPlanOut:  # fmt: skip
    """A paused plan buys again from its next date after today; its failure count restarts."""
    return _action(session, user, body, kinds, "plans.resume", _resume)


def terminate_plan(session: Session, *, user: BrokerUser, body: PlanActionIn,
                   kinds: Sequence[str]) -> InvestPlanOut:  # fmt: skip
    """A plan ends for good; an execution still retrying ends TERMINATED."""
    return _action(session, user, body, kinds, "plans.terminate", _terminate)


def _action(
    session: Session, user: BrokerUser, body: PlanActionIn, kinds: Sequence[str], name: str,
    change: Callable[[Session, InvestPlan], None],
) -> InvestPlanOut:  # fmt: skip
    plan = owned_plan(session, user, body.invest_plan_id, kinds)
    # The state is checked inside the idempotent run: a repeated tradeUUID answers the first
    # result even once the plan has moved on.
    trading.verified_account(session, user, body.trade_password)

    def run() -> InvestPlanOut:
        locked = owned_plan(session, user, plan.id, kinds, lock=True)
        change(session, locked)
        session.flush()
        return plan_out(session, locked)

    return _once(session, user, body, name, run)


def _pause(session: Session, plan: InvestPlan) -> None:
    if plan.status == TERMINATED:
        raise PlanTerminatedAlready()
    if plan.status != ACTIVE:
        raise PlanNotActive("仅进行中的计划可暂停")
    plan.status, plan.next_date, plan.status_reason = PAUSED, None, ""
    _end_executions(session, plan)


def _resume(session: Session, plan: InvestPlan) -> None:
    if plan.status == TERMINATED:
        raise PlanTerminated()
    if plan.status != PAUSED:
        raise PlanNotPaused()
    plan.status, plan.status_reason, plan.failed_periods = ACTIVE, "", 0
    plan.next_date = rules.next_due(plan_schedule(plan), get_calendar(), today())


def _terminate(session: Session, plan: InvestPlan) -> None:
    if plan.status == TERMINATED:
        raise PlanTerminatedAlready()
    plan.status, plan.next_date = TERMINATED, None
    _end_executions(session, plan)


def _end_executions(session: Session, plan: InvestPlan) -> None:
    session.execute(
        update(InvestPlanExecution)
        .where(InvestPlanExecution.plan_id == plan.id, InvestPlanExecution.status == EXEC_ACTIVE)
        .values(status=EXEC_TERMINATED, next_try=None),
        execution_options={"synchronize_session": False},
    )


# -- reads ----------------------------------------------------------------------------------------


def plan_out(session: Session, plan: InvestPlan) -> InvestPlanOut:
    return plans_out(session, [plan])[0]


def plans_out(session: Session, plans: Sequence[InvestPlan]) -> list[InvestPlanOut]:
    names = repo.product_names(session, plans)
    index_names = repo.index_names(
        session, {p.smart_index_code for p in plans if p.smart_index_code}
    )
    counts = repo.counts(session, [p.id for p in plans])
    holdings = repo.holdings(session, plans)
    cards = {
        p.payment_method_id: session.get(PaymentMethod, p.payment_method_id)
        for p in plans
        if p.payment_method_id
    }
    wallet_names = {
        p.broker_user_id: _wallet_name(session, p) for p in plans if p.pay_type == "wallet"
    }
    out = []
    for p in plans:
        c = counts.get(p.id, repo.PlanCounts())
        h = holdings.get(p.id, repo.PlanHolding())
        card = cards.get(p.payment_method_id) if p.payment_method_id else None
        pay_text = (
            card_show_name(card.bank_no, card.card_tail) if card else
            wallet_names.get(p.broker_user_id, "钱包")
        )  # fmt: skip
        profit = h.value - h.cost
        out.append(
            InvestPlanOut(
                invest_plan_id=p.id,
                financial_account_id=p.financial_account_id,
                product_type=p.product_type,
                product_code=p.product_code,
                product_name=names.get(p.product_code, p.product_code),
                amount=p.amount,
                period_unit=p.period_unit,
                period_interval=p.period_interval,
                period_day=p.period_day,
                period_month=p.period_month,
                period_text=rules.period_text(plan_schedule(p)),
                pay_type=p.pay_type,
                payment_method_id=p.payment_method_id,
                pay_method_text=pay_text,
                pay_date_mode=p.pay_date_mode,
                smart=p.smart,
                smart_index_code=p.smart_index_code,
                smart_index_name=index_names.get(p.smart_index_code or ""),
                target_rate=p.target_rate,
                target_action=p.target_action,
                plan_holding=p.plan_holding,
                round=p.round,
                status=p.status,
                status_reason=p.status_reason,
                extend_period_sign_status=p.extend_period_sign_status,
                start_date=p.start_date,
                next_date=p.next_date if p.status == ACTIVE else None,
                created_at=p.created_at,
                execution_count=c.executions,
                success_count=c.success,
                fail_count=c.fail,
                total_invested=c.invested,
                # a portfolio plan holds shares of several funds, which do not add up: none
                holding_shares=None if p.product_type in (PORTFOLIO, STRATEGY) else h.shares,
                holding_value=h.value,
                holding_profit=profit,
                holding_profit_rate=profit_rate(profit, h.cost),
            )
        )
    return out


def _wallet_name(session: Session, plan: InvestPlan) -> str:
    user = session.get(BrokerUser, plan.broker_user_id)
    assert user is not None
    return caller.broker_of(session, user).wallet_name


def list_plans(
    session: Session, *, user: BrokerUser, kinds: Sequence[str], status: str | None,
    financial_account_id: int | None, product_type: str | None, page: int, size: int,
    strategy_code: str | None = None,
) -> PageOut[InvestPlanOut]:  # fmt: skip
    if financial_account_id is not None:
        trading.financial_account_of(session, user, financial_account_id)
    types = [k for k in kinds if product_type in (None, k)]
    query = repo.plans_query(
        user.id, status=status, financial_account_id=financial_account_id, product_types=types,
        strategy_code=strategy_code,
    )  # fmt: skip
    rows, total = repo.page_of_plans(session, query, offset=page_offset(page, size), size=size)
    return PageOut[InvestPlanOut](
        list=plans_out(session, rows), total=total, page=page, size=size,
        has_more=has_more(page, size, total),
    )  # fmt: skip


def plan_detail(session: Session, *, user: BrokerUser, plan_id: int,
                kinds: Sequence[str]) -> InvestPlanDetailOut:  # fmt: skip
    plan = owned_plan(session, user, plan_id, kinds)
    base = plan_out(session, plan)
    upcoming = (
        rules.upcoming(plan_schedule(plan), get_calendar(), plan.next_date - _one_day(), 3)
        if plan.status == ACTIVE and plan.next_date
        else []
    )
    records = [
        TargetRecordOut(
            round=r.round,
            start_date=r.start_date,
            end_date=r.end_date,
            invested=r.invested,
            value=r.value,
            return_rate=r.return_rate,
            action=r.action,
            reached_date=r.reached_date,
        )  # fmt: skip
        for r in repo.rounds(session, plan.id)
    ]
    return InvestPlanDetailOut(
        **base.model_dump(),
        upcoming_dates=upcoming,
        smart_bands=bands_out() if plan.smart else [],
        target_records=records,
    )


def _one_day() -> timedelta:
    return timedelta(days=1)


def executions(session: Session, *, user: BrokerUser, plan_id: int, kinds: Sequence[str],
               page: int, size: int) -> PageOut[ExecutionOut]:  # fmt: skip
    plan = owned_plan(session, user, plan_id, kinds)
    rows, total = repo.executions_page(session, plan.id, offset=page_offset(page, size), size=size)
    parents = [o.id for _, o in rows if o is not None and o.order_code == "P02"]
    legs = repo.leg_fees(session, parents)
    return PageOut[ExecutionOut](
        list=[_execution_out(e, o, legs) for e, o in rows], total=total, page=page, size=size,
        has_more=has_more(page, size, total),
    )  # fmt: skip


def _execution_out(e: InvestPlanExecution, o: TradeOrder | None,
                   legs: dict[int, Decimal]) -> ExecutionOut:  # fmt: skip
    shares, fee = (None, None)
    if o is not None:
        # a portfolio purchase (P02) has no shares of its own: its funds' shares, each on its
        # child, do not add up (the order's 组合内基金 lists them)
        shares = None if o.id in legs else o.confirmed_shares
        fee = legs.get(o.id, o.fee)
    confirmed = o is not None and o.confirm_status in ("2", "W2", "P2", "P4")
    return ExecutionOut(
        execution_id=e.id,
        invest_plan_id=e.plan_id,
        due_date=e.due_date,
        execute_date=e.execute_date,
        attempt=e.attempt,
        status=e.status,
        base_amount=e.base_amount,
        multiplier=e.multiplier,
        amount=e.amount,
        broker_order_no=o.broker_order_no if o else None,
        order_code=o.order_code if o else None,
        order_confirm_status=o.confirm_status if o else None,
        confirmed_shares=shares if confirmed else None,
        nav=o.nav if o else None,
        fee=fee,
        fail_reason=e.fail_reason,
    )


def require_signing(session: Session, *, strategy_code: str) -> int:
    """A strategy's manual changed (the strategy-manual change pop-up): its active and paused
    plans must sign the new period's file before they buy again (UNSIGN_CANFREESIGN; their
    executions fail 未签署本期策略文件 until ``signExtendPeriod``). Returns the plans marked."""
    result = session.execute(
        update(InvestPlan)
        .where(
            InvestPlan.product_type == STRATEGY,
            InvestPlan.product_code == strategy_code,
            InvestPlan.status != TERMINATED,
        )
        .values(extend_period_sign_status=UNSIGNED_CAN_SIGN),
        execution_options={"synchronize_session": False},
    )
    return max(int(result.rowcount or 0), 0)  # type: ignore[attr-defined]
