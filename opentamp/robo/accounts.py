"""Robo accounts on the advisory service-account lifecycle (docs/robo.md#deposit-and-withdraw):
confirming a plan signs the robo strategy's contract; the first deposit's SMS code brings it
into force (a financial account of type robo_service) and deposits at the plan's weights; the
rest — withdrawals, cancels, orders, fees — is the advisory machinery's."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp import rules
from opentamp.advisory import api as advisory
from opentamp.core.calendar import get_calendar
from opentamp.errors import NotFound
from opentamp.kit.clock import now
from opentamp.kit.money import amount_text, round_amount
from opentamp.models.accounts import FinancialAccount
from opentamp.models.advisory import UNCONFIRMED, ServiceAccount
from opentamp.models.auth import BrokerUser
from opentamp.models.orders import ADVISER_FEE, DIVIDEND, PO_BUY, PO_SELL, TradeOrder
from opentamp.models.products import Portfolio
from opentamp.models.robo import AUTH_AUTHORIZED, PLAN_CONFIRMED, RoboAccount, RoboPlan
from opentamp.products import api as products
from opentamp.robo import planning
from opentamp.robo import repository as repo
from opentamp.robo.errors import BelowMinimum, NameInvalid
from opentamp.robo.schemas import (
    ConfirmPlanningIn,
    ConfirmPlanningOut,
    DepositItemOut,
    DistributionItemOut,
    DistributionOut,
    DividendListOut,
    HomepageOut,
    NameCheckOut,
    PaymentOut,
    PaymentsOut,
    PrepareDepositIn,
    PrepareDepositOut,
    PrepareWithdrawIn,
    RoboAccountListOut,
    RoboAccountOut,
    RoboCancelIn,
    RoboOrderListOut,
    RoboWithdrawIn,
    ServiceAccountIdIn,
    SignDepositIn,
    TargetItemOut,
    UpdateNameIn,
)
from opentamp.trading import api as trading

ZERO = Decimal(0)
NAME_MAX = 16
#: The robo account home's components, in order.
COMPONENTS = ["TOTAL_ASSET", "ASSET_COMPOSITION", "FUND_HOLDINGS", "TRANSACTION_HISTORY"]


def _name(name: str) -> str:
    name = name.strip()
    if not 1 <= len(name) <= NAME_MAX:
        raise NameInvalid()
    return name


def _weights(ra: RoboAccount) -> dict[str, Decimal]:
    return {c: Decimal(w) for c, w in ra.weights.items()}


# -- confirm ----------------------------------------------------------------------------------


def confirm(session: Session, *, user: BrokerUser, body: ConfirmPlanningIn) -> ConfirmPlanningOut:
    """POST /roboServiceAccount/confirmRoboInvestmentPlanning: the version check, the risk
    permission, then the robo strategy's contract (status 0, an SMS code sent)."""
    plan = repo.plan(session, user, body.planning_id)
    s = planning.check_version(session, plan, body.survey_version)
    if body.allocation_id != plan.selected_allocation_id:
        planning.change_allocation(session, user=user, body=body)
    a = planning.require_authorised(plan)
    name = _name(body.robo_service_name or f"智能投顾·{s.name}"[:NAME_MAX])
    if repo.name_taken(session, user, name):
        raise NameInvalid("该名称已被使用")
    strategy = repo.strategy(session)
    signed = advisory.contract_sign(
        session,
        user=user,
        body=advisory.ContractSignIn(
            po_code=strategy.po_code,
            file_id_list=body.file_id_list,
            risk_confirmed=plan.authorization_code == AUTH_AUTHORIZED,
        ),
        level=int(a["riskLevel"]),
        several=True,
    )
    session.add(
        RoboAccount(
            service_account_id=signed.service_account_id,
            broker_user_id=user.id,
            plan_id=plan.id,
            name=name,
            weights=dict(a["weights"]),
            risk_level=int(a["riskLevel"]),
        )
    )
    plan.status = PLAN_CONFIRMED
    plan.service_account_id = signed.service_account_id
    plan.confirmed_at = now()
    session.flush()
    return ConfirmPlanningOut(
        planning_id=plan.id,
        service_account_id=signed.service_account_id,
        contract_status=signed.contract_status,
        contract_no=signed.contract_no,
        phone=signed.phone,
        expires_in=signed.expires_in,
    )


# -- deposit and withdraw ---------------------------------------------------------------------


def _account(
    session: Session, user: BrokerUser, sa_id: int
) -> tuple[RoboAccount, ServiceAccount, Portfolio]:
    ra = repo.account(session, user, sa_id)
    sa = advisory.owned_account(session, user, sa_id)
    po = session.get(Portfolio, sa.po_code)
    assert po is not None
    return ra, sa, po


def _minimum(po: Portfolio, amount: Decimal) -> None:
    if amount < po.min_purchase_amount:
        raise BelowMinimum(min=amount_text(po.min_purchase_amount))


def prepare_deposit(
    session: Session, *, user: BrokerUser, body: PrepareDepositIn
) -> PrepareDepositOut:
    ra, _sa, po = _account(session, user, body.service_account_id)
    _minimum(po, body.amount)
    parts = trading.split_po(session, po, body.amount, _weights(ra))
    calendar = get_calendar()
    t = rules.trade_date(calendar, now())
    return PrepareDepositOut(
        service_account_id=ra.service_account_id,
        amount=round_amount(body.amount),
        min_amount=po.min_purchase_amount,
        fee=sum((p.fee.fee for p in parts), ZERO),
        net_amount=sum((p.fee.net_amount for p in parts), ZERO),
        trade_date=t,
        confirm_date=max(rules.confirm_date(calendar, t, p.fund.confirm_days) for p in parts),
        items=[
            DepositItemOut(
                fund_code=p.fund.code,
                fund_name=p.fund.short_name,
                weight=p.weight,
                amount=p.amount,
                fee=p.fee.fee,
            )
            for p in parts
        ],
    )


def send_code(
    session: Session, *, user: BrokerUser, body: ServiceAccountIdIn
) -> advisory.CodeSentOut:
    repo.account(session, user, body.service_account_id)
    return advisory.send_deposit_code(
        session,
        user=user,
        body=advisory.ServiceAccountIn(service_account_id=body.service_account_id),
    )


def sign_deposit(session: Session, *, user: BrokerUser, body: SignDepositIn) -> trading.OrderOut:
    """POST /roboServiceAccount/signDeposit: before the first deposit the code is the contract's
    (signStepTwo opens the robo_service financial account); then the deposit at the plan's
    weights, in the same transaction."""
    ra, sa, po = _account(session, user, body.service_account_id)
    _minimum(po, body.amount)
    checked = False
    if sa.contract_status == UNCONFIRMED:
        advisory.sign_step_two(
            session,
            user=user,
            body=advisory.SignStepTwoIn(service_account_id=sa.id, verify_code=body.verify_code),
            fa_type="robo_service",
            fa_name=ra.name,
        )
        checked = True
    plan = session.get(RoboPlan, ra.plan_id)
    assert plan is not None
    return advisory.deposit(
        session,
        user=user,
        body=advisory.DepositIn(
            service_account_id=sa.id,
            amount=body.amount,
            pay_type=body.pay_type,
            payment_method_id=body.payment_method_id,
            trade_password=body.trade_password,
            verify_code=body.verify_code,
            risk_confirmed=plan.authorization_code == AUTH_AUTHORIZED,
            trade_uuid=body.trade_uuid,
        ),
        weights=_weights(ra),
        level=ra.risk_level,
        code_checked=checked,
    )


def prepare_withdraw(
    session: Session, *, user: BrokerUser, body: PrepareWithdrawIn
) -> advisory.PreredeemOut:
    repo.account(session, user, body.service_account_id)
    return advisory.preredeem(
        session,
        user=user,
        body=advisory.PreredeemIn(service_account_id=body.service_account_id, ratio=body.ratio),
    )


def withdraw(session: Session, *, user: BrokerUser, body: RoboWithdrawIn) -> trading.OrderOut:
    repo.account(session, user, body.service_account_id)
    return advisory.withdraw(
        session,
        user=user,
        body=advisory.WithdrawIn(
            service_account_id=body.service_account_id,
            ratio=body.ratio,
            redeem_to=body.redeem_to,
            payment_method_id=body.payment_method_id,
            trade_password=body.trade_password,
            trade_uuid=body.trade_uuid,
        ),
    )


def _orders(session: Session, sa: ServiceAccount, codes: tuple[str, ...]) -> list[TradeOrder]:
    if sa.financial_account_id is None:
        return []
    return list(
        session.scalars(
            select(TradeOrder)
            .where(
                TradeOrder.financial_account_id == sa.financial_account_id,
                TradeOrder.parent_id.is_(None),
                TradeOrder.order_code.in_(codes),
            )
            .order_by(TradeOrder.id.desc())
        )
    )


def _owned_order(session: Session, sa: ServiceAccount, order_no: str) -> TradeOrder:
    order = session.scalar(select(TradeOrder).where(TradeOrder.broker_order_no == order_no))
    if order is None or order.financial_account_id != sa.financial_account_id:
        raise NotFound()
    return order


def cancel_order(session: Session, *, user: BrokerUser, body: RoboCancelIn) -> trading.OrderOut:
    _ra, sa, _po = _account(session, user, body.service_account_id)
    _owned_order(session, sa, body.broker_order_no)
    return advisory.cancel(
        session,
        user=user,
        body=advisory.CancelIn(
            broker_order_no=body.broker_order_no,
            trade_password=body.trade_password,
            trade_uuid=body.trade_uuid,
        ),
    )


ORDER_CODES = (PO_BUY, PO_SELL, "P04", DIVIDEND, ADVISER_FEE)


def order_list(
    session: Session, *, user: BrokerUser, service_account_id: int, page: int, size: int
) -> RoboOrderListOut:
    _ra, sa, _po = _account(session, user, service_account_id)
    rows = _orders(session, sa, ORDER_CODES)
    chunk = rows[(page - 1) * size : page * size]
    return RoboOrderListOut(list=trading.orders_out(session, chunk), total=len(rows))


def order_detail(
    session: Session, *, user: BrokerUser, service_account_id: int, broker_order_no: str
) -> advisory.MoneyOrderOut:
    _ra, sa, _po = _account(session, user, service_account_id)
    _owned_order(session, sa, broker_order_no)
    return advisory.money_order(session, user=user, broker_order_no=broker_order_no)


def dividends(session: Session, *, user: BrokerUser, service_account_id: int) -> DividendListOut:
    _ra, sa, _po = _account(session, user, service_account_id)
    return DividendListOut(list=trading.orders_out(session, _dividends(session, sa)))


def _dividends(session: Session, sa: ServiceAccount) -> list[TradeOrder]:
    if sa.financial_account_id is None:
        return []
    return list(
        session.scalars(
            select(TradeOrder)
            .where(
                TradeOrder.financial_account_id == sa.financial_account_id,
                TradeOrder.order_code == DIVIDEND,
            )
            .order_by(TradeOrder.id.desc())
        )
    )


def dividend_detail(
    session: Session, *, user: BrokerUser, service_account_id: int, broker_order_no: str
) -> trading.OrderOut:
    _ra, sa, _po = _account(session, user, service_account_id)
    order = _owned_order(session, sa, broker_order_no)
    if order.order_code != DIVIDEND:
        raise NotFound()
    return trading.order_out(session, order)


# -- the account ------------------------------------------------------------------------------


def account_out(session: Session, ra: RoboAccount, sa: ServiceAccount) -> RoboAccountOut:
    plan = session.get(RoboPlan, ra.plan_id)
    assert plan is not None
    held = advisory.holdings(session, sa)
    dates = [h.profit_date for h in held if h.profit_date is not None]
    return RoboAccountOut(
        service_account_id=sa.id,
        financial_account_id=sa.financial_account_id,
        robo_service_name=ra.name,
        po_code=sa.po_code,
        contract_status=sa.contract_status,
        contract_no=sa.contract_no,
        planning_id=plan.id,
        survey_id=plan.survey_id,
        risk_level=ra.risk_level,
        holding_asset=sum((h.market_value for h in held), ZERO),
        holding_profit=sum((h.holding_profit for h in held), ZERO),
        accumulated_profit=sum((h.accumulated_profit for h in held), ZERO),
        pending_amount=advisory.pending_amount(session, sa),
        signed_at=sa.signed_at,
        update_date=max(dates) if dates else None,
    )


def account_list(session: Session, *, user: BrokerUser) -> RoboAccountListOut:
    rows = []
    for ra in repo.accounts_of(session, user):
        sa = advisory.owned_account(session, user, ra.service_account_id)
        rows.append(account_out(session, ra, sa))
    rows.sort(key=lambda r: r.contract_status == 3)
    return RoboAccountListOut(list=rows)


def _targets(session: Session, ra: RoboAccount, sa: ServiceAccount) -> list[TargetItemOut]:
    held = {h.fund_code: h for h in advisory.holdings(session, sa)}
    weights = _weights(ra)
    codes = sorted(set(weights) | set(held), key=lambda c: (-weights.get(c, ZERO), c))
    funds = repo.funds(session, codes)
    total = sum((h.market_value for h in held.values()), ZERO)
    out = []
    for c in codes:
        value = held[c].market_value if c in held else ZERO
        out.append(
            TargetItemOut(
                fund_code=c,
                fund_name=funds[c].short_name,
                asset_class=products.ASSET_CLASSES.get(funds[c].fund_type, "其他"),
                target_weight=weights.get(c, ZERO),
                current_weight=products.rate(value / total) if total > 0 else ZERO,
                market_value=value,
            )
        )
    return out


def homepage(session: Session, *, user: BrokerUser, service_account_id: int) -> HomepageOut:
    ra, sa, _po = _account(session, user, service_account_id)
    latest = _orders(session, sa, ORDER_CODES)[:5]
    return HomepageOut(
        account=account_out(session, ra, sa),
        components=COMPONENTS,
        allocation=_targets(session, ra, sa),
        latest_orders=trading.orders_out(session, latest),
    )


def distribution(
    session: Session, *, user: BrokerUser, service_account_id: int, show_type: str
) -> DistributionOut:
    """ALL: each fund's market value; STOCK_AND_BOND: summed by asset class."""
    _ra, sa, _po = _account(session, user, service_account_id)
    held = [h for h in advisory.holdings(session, sa) if h.market_value > 0]
    funds = repo.funds(session, [h.fund_code for h in held])
    total = sum((h.market_value for h in held), ZERO)
    groups: dict[str, tuple[str, Decimal]] = {}
    for h in held:
        f = funds[h.fund_code]
        if show_type == "ALL":
            key, name = f.code, f.short_name
        else:
            name = products.ASSET_CLASSES.get(f.fund_type, "其他")
            key = name
        before = groups.get(key, (name, ZERO))[1]
        groups[key] = (name, before + h.market_value)
    items = sorted(groups.items(), key=lambda kv: (-kv[1][1], kv[0]))
    return DistributionOut(
        show_type=show_type,
        total=total,
        list=[
            DistributionItemOut(
                key=k,
                name=n,
                amount=v,
                ratio=products.rate(v / total) if total > 0 else ZERO,
            )
            for k, (n, v) in items
        ],
    )


PAYMENT_KINDS = {PO_BUY: "DEPOSIT", PO_SELL: "WITHDRAW", DIVIDEND: "DIVIDEND", ADVISER_FEE: "FEE"}


def payments(session: Session, *, user: BrokerUser, service_account_id: int) -> PaymentsOut:
    """The money in and out of the account: deposits, withdrawals, cash dividends, fees."""
    _ra, sa, _po = _account(session, user, service_account_id)
    rows = _orders(session, sa, tuple(PAYMENT_KINDS))
    out = []
    total_in = total_out = ZERO
    for o in rows:
        if o.confirm_status in ("9", "P9", "1", "P3"):
            continue
        kind = PAYMENT_KINDS[o.order_code]
        amount = o.trade_amount if kind in ("DEPOSIT", "FEE") else o.confirmed_amount
        amount = amount or ZERO
        if kind == "DEPOSIT":
            total_in += amount
        else:
            total_out += amount
        out.append(
            PaymentOut(
                date=o.apply_time.date() if o.apply_time else date.today(),
                kind=kind,
                amount=amount,
                broker_order_no=o.broker_order_no,
            )
        )
    return PaymentsOut(list=out, total_in=total_in, total_out=total_out)


def check_name(session: Session, *, user: BrokerUser, name: str) -> NameCheckOut:
    try:
        clean = _name(name)
    except NameInvalid as e:
        return NameCheckOut(available=False, msg=e.message)
    if repo.name_taken(session, user, clean):
        return NameCheckOut(available=False, msg="该名称已被使用")
    return NameCheckOut(available=True, msg="")


def update_name(session: Session, *, user: BrokerUser, body: UpdateNameIn) -> RoboAccountOut:
    ra, sa, _po = _account(session, user, body.service_account_id)
    name = _name(body.robo_service_name)
    if repo.name_taken(session, user, name, but=ra.service_account_id):
        raise NameInvalid("该名称已被使用")
    ra.name = name
    if sa.financial_account_id is not None:
        fa = session.get(FinancialAccount, sa.financial_account_id)
        if fa is not None:
            fa.name = name
    session.flush()
    return account_out(session, ra, sa)
