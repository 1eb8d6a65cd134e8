"""Adjustments (调仓, docs/advisory.md#adjustments): the adviser's model change and proposals,
the customer's confirm / cancel / withdraw, their execution as a P04 rebalancing order, and the
daily steps that expire waiting proposals and follow the executed ones' orders."""

from __future__ import annotations

from datetime import date, datetime, time
from decimal import Decimal

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from opentamp import rules
from opentamp.advisory import repository as repo
from opentamp.advisory.errors import (
    AdjustmentExpired,
    AdjustmentNotWaiting,
    AdjustmentNotWithdrawable,
    FundUnknown,
    WeightsInvalid,
)
from opentamp.advisory.schemas import (
    AdjustmentEventOut,
    AdjustmentIn,
    AdjustmentItemOut,
    AdjustmentOut,
    AdjustmentWriteIn,
    DraftProposalIn,
    PublishModelIn,
    PublishModelOut,
    WeightIn,
)
from opentamp.advisory.transitions import move
from opentamp.core.calendar import get_calendar
from opentamp.core.events import ADJUSTMENT_WAITING, record_event
from opentamp.core.idempotency import run_once
from opentamp.errors import AppError, NotFound
from opentamp.kit.clock import BEIJING, now
from opentamp.kit.ownership import owned
from opentamp.models.accounts import FinancialAccount
from opentamp.models.advisory import (
    CUSTOMER_CANCEL,
    CUSTOMER_EXPIRED,
    CUSTOMER_UNCONFIRMED,
    CUSTOMER_WITHDRAWN,
    CUSTOMIZED,
    DONE,
    DRAFT,
    FULL_DISCRETIONARY,
    IN_FORCE,
    ORDER_FAILED,
    ORDER_IN_PROCESS,
    ORDER_PARTLY_DONE,
    STANDARD,
    UNCOMMITTED,
    WITHDRAWN,
    AdvisoryAdjustment,
    AdvisoryAdjustmentEvent,
    AdvisoryStrategy,
    ServiceAccount,
)
from opentamp.models.auth import BrokerUser
from opentamp.models.catalogue import PortfolioAdjustment, PortfolioAdjustmentItem
from opentamp.models.orders import (
    PO_ALL_CONFIRMED,
    PO_ALL_FAILED,
    PO_CANCELLED,
    PO_PART,
    TradeOrder,
)
from opentamp.models.platform import Team
from opentamp.models.products import Fund, Portfolio, PortfolioComponent
from opentamp.trading import api as trading_api

ONE = Decimal(1)
ZERO = Decimal(0)
#: A waiting proposal ends at the cut-off of its last trading day.
EXPIRY_TIME = time(15, 0)
#: Refusals of the rebalance that mean the account already follows the model.
NOTHING_TO_DO = ("no_holding", "nothing_to_adjust")
OUTCOME = {PO_ALL_CONFIRMED: DONE, PO_PART: ORDER_PARTLY_DONE, PO_ALL_FAILED: ORDER_FAILED}


def checked_weights(session: Session, items: list[WeightIn]) -> dict[str, Decimal]:
    weights: dict[str, Decimal] = {}
    for item in items:
        if session.get(Fund, item.fund_code) is None:
            raise FundUnknown(code=item.fund_code)
        if item.weight <= 0 or item.fund_code in weights:
            raise WeightsInvalid()
        weights[item.fund_code] = item.weight
    if sum(weights.values(), ZERO) != ONE:
        raise WeightsInvalid()
    return dict(sorted(weights.items(), key=lambda kv: (-kv[1], kv[0])))


def _text(weights: dict[str, Decimal]) -> dict[str, str]:
    return {k: format(v.normalize(), "f") for k, v in weights.items()}


def expiry(days: int, moment: datetime) -> datetime:
    calendar = get_calendar()
    first = rules.trade_date(calendar, moment)
    last = calendar.add_trading_days(first, max(days - 1, 0))
    return datetime.combine(last, EXPIRY_TIME, tzinfo=BEIJING)


def _strategy_and_broker(session: Session, po_code: str) -> tuple[AdvisoryStrategy, int | None]:
    """The strategy and the broker of its team (None: it has no team)."""
    s, po = repo.strategy(session, po_code)
    team = session.get(Team, po.team_id) if po.team_id is not None else None
    return s, team.broker_id if team is not None else None


def require_strategy_of_broker(session: Session, po_code: str, broker_id: int) -> AdvisoryStrategy:
    """A strategy whose accounts an adviser of ``broker_id`` may see and serve: one of the
    broker's teams', or one without a team (any broker's customers may hold it; the adviser
    serves only their own broker's). Another broker's team's answers 404."""
    s, owner = _strategy_and_broker(session, po_code)
    if owner is not None and owner != broker_id:
        raise NotFound()
    return s


def require_strategy_of_team(session: Session, po_code: str, broker_id: int) -> AdvisoryStrategy:
    """A strategy an adviser of ``broker_id`` may change (its model, announcements and files,
    which reach every holder whatever their broker): only one of the broker's own teams'. A
    strategy without a team answers 404 like another broker's (docs/operators.md)."""
    s, owner = _strategy_and_broker(session, po_code)
    if owner != broker_id:
        raise NotFound()
    return s


def served_account(
    session: Session, broker_id: int, service_account_id: int
) -> tuple[ServiceAccount, AdvisoryStrategy]:
    """A service account an adviser of ``broker_id`` may act on, with its strategy: its customer
    is one of the broker's and so is its strategy (if the strategy belongs to a team). Another
    broker's answers 404 like a missing one (docs/operators.md): a strategy without a team is
    not enough to tell, as any broker's customer may hold it."""
    sa = session.get(ServiceAccount, service_account_id)
    if sa is None:
        raise NotFound()
    owned(session, BrokerUser, sa.broker_user_id, owner_id=broker_id, owner_attr="broker_id")
    return sa, require_strategy_of_broker(session, sa.po_code, broker_id)


def publish_model(
    session: Session, *, broker_id: int, body: PublishModelIn, operator_id: int | None
) -> PublishModelOut:
    """The strategy's model becomes the new weights (recorded in its adjustment history); each
    account in force gets an adjustment: waiting for a HALF_DISCRETIONARY customer, executed at
    once for FULL_DISCRETIONARY and auto-adjust accounts. Only a strategy of the broker's own
    team (:func:`require_strategy_of_team`)."""
    s = require_strategy_of_team(session, body.po_code, broker_id)
    weights = checked_weights(session, body.weight_list)
    before = repo.model_weights(session, s.po_code)
    moment = now()
    record = PortfolioAdjustment(
        portfolio_code=s.po_code,
        adjust_date=moment.date(),
        title="投顾调仓",
        reason=body.reason,
    )
    session.add(record)
    session.flush()
    for code in sorted(set(before) | set(weights)):
        session.add(
            PortfolioAdjustmentItem(
                adjustment_id=record.id,
                fund_code=code,
                weight_before=before.get(code, ZERO),
                weight_after=weights.get(code, ZERO),
            )
        )
    session.execute(
        delete(PortfolioComponent).where(PortfolioComponent.portfolio_code == s.po_code)
    )
    for code, weight in weights.items():
        session.add(PortfolioComponent(portfolio_code=s.po_code, fund_code=code, weight=weight))
    session.flush()
    accounts = session.scalars(
        select(ServiceAccount)
        .where(ServiceAccount.po_code == s.po_code, ServiceAccount.contract_status == IN_FORCE)
        .order_by(ServiceAccount.id)
    ).all()
    created = executed = 0
    for sa in accounts:
        adj = _propose(
            session,
            sa,
            s,
            before=before,
            weights=weights,
            trigger=body.trigger,
            kind=STANDARD,
            reason=body.reason,
            operator_id=operator_id,
            status=None,
        )
        created += 1
        if adj.status != CUSTOMER_UNCONFIRMED:
            executed += 1
    return PublishModelOut(
        po_code=s.po_code,
        adjust_date=moment.date(),
        adjustment_count=created,
        executed_count=executed,
    )


def _supersede(session: Session, sa: ServiceAccount) -> None:
    waiting = session.scalars(
        select(AdvisoryAdjustment).where(
            AdvisoryAdjustment.service_account_id == sa.id,
            AdvisoryAdjustment.status.in_((CUSTOMER_UNCONFIRMED, DRAFT)),
        )
    ).all()
    for adj in waiting:
        move(session, adj, WITHDRAWN, actor="adviser")


def _propose(
    session: Session,
    sa: ServiceAccount,
    s: AdvisoryStrategy,
    *,
    before: dict[str, Decimal],
    weights: dict[str, Decimal],
    trigger: str,
    kind: str,
    reason: str,
    operator_id: int | None,
    status: str | None,
) -> AdvisoryAdjustment:
    """A new adjustment for ``sa``; ``status`` None submits it at once (waiting or executed)."""
    if status is None:
        _supersede(session, sa)
    adj = AdvisoryAdjustment(
        service_account_id=sa.id,
        broker_user_id=sa.broker_user_id,
        po_code=sa.po_code,
        status="",
        trigger=trigger,
        model_kind=kind,
        reason=reason,
        weights_before=_text(before),
        weights=_text(weights),
        operator_id=operator_id,
    )
    session.add(adj)
    session.flush()
    if status is not None:
        move(session, adj, status, actor="adviser")
        return adj
    submit(session, adj, s, sa)
    return adj


def submit(
    session: Session, adj: AdvisoryAdjustment, s: AdvisoryStrategy, sa: ServiceAccount
) -> None:
    if s.discretion_type == FULL_DISCRETIONARY or sa.auto_adjust:
        move(session, adj, UNCOMMITTED, actor="adviser")
        execute(session, adj, sa)
        return
    adj.expire_at = expiry(s.proposal_valid_days, now())
    move(session, adj, CUSTOMER_UNCONFIRMED, actor="adviser")
    _record_waiting(session, adj, sa)


def _record_waiting(session: Session, adj: AdvisoryAdjustment, sa: ServiceAccount) -> None:
    """The ``adjustment.waiting`` event of the outbox (docs/notices.md#the-events); its detail
    is the type of the account's financial account (service, robo_service), which decides the
    adjustment screen its notice links to."""
    user = session.get(BrokerUser, adj.broker_user_id)
    assert user is not None
    fa = session.get(FinancialAccount, sa.financial_account_id) if sa.financial_account_id else None
    record_event(
        session,
        kind=ADJUSTMENT_WAITING,
        key=str(adj.id),
        broker_id=user.broker_id,
        broker_user_id=user.id,
        ref=str(adj.id),
        subject=repo.service_name(
            session, service_account_id=adj.service_account_id, po_code=adj.po_code
        ),
        detail=fa.type if fa else "",
    )


def execute(session: Session, adj: AdvisoryAdjustment, sa: ServiceAccount) -> None:
    """Place the P04 of an UNCOMMITTED adjustment; nothing to trade → DONE; a refusal →
    ORDER_FAILED with its reason; another P04 still waiting → stays UNCOMMITTED (tried again
    by the daily step)."""
    user = session.get(BrokerUser, sa.broker_user_id)
    fa = session.get(FinancialAccount, sa.financial_account_id) if sa.financial_account_id else None
    po = session.get(Portfolio, sa.po_code)
    assert user is not None and po is not None
    if fa is None:
        move(session, adj, DONE, actor="system")
        return
    weights = {k: Decimal(v) for k, v in adj.weights.items()}
    try:
        with session.begin_nested():
            order = trading_api.place_rebalance(
                session,
                user=user,
                fa=fa,
                po=po,
                weights=weights if adj.model_kind == CUSTOMIZED else None,
            )
    except AppError as exc:
        if exc.error in NOTHING_TO_DO:
            move(session, adj, DONE, actor="system")
        elif exc.error == "adjustment_pending":
            return
        else:
            adj.fail_reason = exc.msg
            move(session, adj, ORDER_FAILED, actor="system")
        return
    order.ext_meta_info = {
        **(order.ext_meta_info or {}),
        "isServiceAccountOrder": True,
        "serviceAccountId": sa.id,
        "advisorOrderId": adj.id,
    }
    adj.order_id = order.id
    move(session, adj, ORDER_IN_PROCESS, actor="system")


# -- the customer ------------------------------------------------------------------------------


def owned_adjustment(session: Session, user: BrokerUser, adjustment_id: int) -> AdvisoryAdjustment:
    adj = session.get(AdvisoryAdjustment, adjustment_id)
    if adj is None or adj.broker_user_id != user.id or adj.status == DRAFT:
        raise NotFound()
    return adj


def detail(session: Session, *, user: BrokerUser, adjustment_id: int) -> AdjustmentOut:
    return adjustment_out(session, owned_adjustment(session, user, adjustment_id))


def adjustment_out(session: Session, adj: AdvisoryAdjustment) -> AdjustmentOut:
    po = session.get(Portfolio, adj.po_code)
    sa = session.get(ServiceAccount, adj.service_account_id)
    assert po is not None and sa is not None
    codes = list(dict.fromkeys([*adj.weights, *adj.weights_before]))
    funds = repo.funds(session, codes)
    held = repo.holdings(session, sa)
    total = sum((h.market_value for h in held), ZERO)
    current = {h.fund_code: (h.market_value / total if total else ZERO) for h in held}
    order = session.get(TradeOrder, adj.order_id) if adj.order_id else None
    events = session.scalars(
        select(AdvisoryAdjustmentEvent)
        .where(AdvisoryAdjustmentEvent.adjustment_id == adj.id)
        .order_by(AdvisoryAdjustmentEvent.id)
    ).all()
    return AdjustmentOut(
        adjustment_id=adj.id,
        service_account_id=adj.service_account_id,
        po_code=adj.po_code,
        po_name=po.name,
        service_name=repo.service_name(
            session, service_account_id=adj.service_account_id, po_code=adj.po_code
        ),
        status=adj.status,
        trigger=adj.trigger,
        model_kind=adj.model_kind,
        chart_mode="WEIGHT_CHANGE",
        reason=adj.reason,
        create_time=adj.created_at,
        expire_time=adj.expire_at,
        broker_order_no=order.broker_order_no if order else None,
        fail_reason=adj.fail_reason,
        item_list=[
            AdjustmentItemOut(
                fund_code=c,
                fund_name=funds[c].short_name if c in funds else c,
                weight_before=Decimal(adj.weights_before.get(c, "0")),
                weight_after=Decimal(adj.weights.get(c, "0")),
                current_weight=round(current.get(c, ZERO), 4),
            )
            for c in codes
        ],
        history_list=[
            AdjustmentEventOut(
                from_status=e.from_status, to_status=e.to_status, time=e.at, actor=e.actor
            )
            for e in events
        ],
    )


def _waiting(adj: AdvisoryAdjustment) -> None:
    if adj.status == CUSTOMER_EXPIRED or (
        adj.status == CUSTOMER_UNCONFIRMED and adj.expire_at is not None and now() >= adj.expire_at
    ):
        raise AdjustmentExpired()
    if adj.status != CUSTOMER_UNCONFIRMED:
        raise AdjustmentNotWaiting()


def confirm(session: Session, *, user: BrokerUser, body: AdjustmentWriteIn) -> AdjustmentOut:
    adj = owned_adjustment(session, user, body.adjustment_id)
    # the trade password first, before the idempotent run: a wrong try's count must stand
    trading_api.verified_account(session, user, body.trade_password)

    def run() -> AdjustmentOut:
        _waiting(adj)
        sa = session.get(ServiceAccount, adj.service_account_id)
        assert sa is not None
        repo.require_in_force(sa)
        move(session, adj, UNCOMMITTED, actor="customer")
        execute(session, adj, sa)
        return adjustment_out(session, adj)

    return run_once(
        session,
        user_id=user.id,
        trade_uuid=body.trade_uuid,
        action="serviceAccount.adjustment.confirm",
        request=body,
        schema=AdjustmentOut,
        run=run,
    )


def cancel(session: Session, *, user: BrokerUser, body: AdjustmentIn) -> AdjustmentOut:
    adj = owned_adjustment(session, user, body.adjustment_id)
    _waiting(adj)
    move(session, adj, CUSTOMER_CANCEL, actor="customer")
    return adjustment_out(session, adj)


def withdraw(session: Session, *, user: BrokerUser, body: AdjustmentWriteIn) -> AdjustmentOut:
    """A confirmed adjustment not yet placed (UNCOMMITTED) may be withdrawn."""
    adj = owned_adjustment(session, user, body.adjustment_id)
    if adj.status != UNCOMMITTED:
        raise AdjustmentNotWithdrawable()
    trading_api.verified_account(session, user, body.trade_password)
    move(session, adj, CUSTOMER_WITHDRAWN, actor="customer")
    return adjustment_out(session, adj)


# -- the adviser's proposals -------------------------------------------------------------------


def draft(
    session: Session, *, broker_id: int, body: DraftProposalIn, operator_id: int | None
) -> AdvisoryAdjustment:
    sa, s = served_account(session, broker_id, body.service_account_id)
    repo.require_in_force(sa)
    weights = checked_weights(session, body.weight_list)
    return _propose(
        session,
        sa,
        s,
        before=repo.model_weights(session, sa.po_code),
        weights=weights,
        trigger="PROACTIVE",
        kind=CUSTOMIZED,
        reason=body.reason,
        operator_id=operator_id,
        status=DRAFT,
    )


def _adviser_adjustment(session: Session, broker_id: int, adjustment_id: int) -> AdvisoryAdjustment:
    adj = session.get(AdvisoryAdjustment, adjustment_id)
    if adj is None:
        raise NotFound()
    served_account(session, broker_id, adj.service_account_id)
    return adj


def submit_draft(session: Session, *, broker_id: int, adjustment_id: int) -> AdvisoryAdjustment:
    adj = _adviser_adjustment(session, broker_id, adjustment_id)
    if adj.status != DRAFT:
        raise AdjustmentNotWaiting()
    sa = session.get(ServiceAccount, adj.service_account_id)
    s = session.get(AdvisoryStrategy, adj.po_code)
    assert sa is not None and s is not None
    repo.require_in_force(sa)
    others = session.scalars(
        select(AdvisoryAdjustment).where(
            AdvisoryAdjustment.service_account_id == sa.id,
            AdvisoryAdjustment.status == CUSTOMER_UNCONFIRMED,
        )
    ).all()
    for other in others:
        move(session, other, WITHDRAWN, actor="adviser")
    submit(session, adj, s, sa)
    return adj


def adviser_withdraw(session: Session, *, broker_id: int, adjustment_id: int) -> AdvisoryAdjustment:
    adj = _adviser_adjustment(session, broker_id, adjustment_id)
    if adj.status not in (DRAFT, CUSTOMER_UNCONFIRMED):
        raise AdjustmentNotWithdrawable()
    move(session, adj, WITHDRAWN, actor="adviser")
    return adj


# -- the daily steps ---------------------------------------------------------------------------


def expire_and_retry(session: Session, day: date) -> int:
    """Order 19: waiting proposals past their time expire (nothing executed); UNCOMMITTED ones
    held back by an earlier P04 are placed."""
    moment = now()
    n = 0
    expired = session.scalars(
        select(AdvisoryAdjustment).where(
            AdvisoryAdjustment.status == CUSTOMER_UNCONFIRMED,
            AdvisoryAdjustment.expire_at <= moment,
        )
    ).all()
    for adj in expired:
        move(session, adj, CUSTOMER_EXPIRED, actor="system")
        n += 1
    pending = session.scalars(
        select(AdvisoryAdjustment)
        .where(AdvisoryAdjustment.status == UNCOMMITTED)
        .order_by(AdvisoryAdjustment.id)
    ).all()
    for adj in pending:
        sa = session.get(ServiceAccount, adj.service_account_id)
        assert sa is not None
        execute(session, adj, sa)
        n += 1
    return n


def follow_orders(session: Session, day: date) -> int:
    """Order 39: an executed adjustment ends as its P04 ended (P2 DONE, P4 ORDER_PARTLY_DONE,
    P3 ORDER_FAILED; P9 ORDER_FAILED)."""
    rows = session.execute(
        select(AdvisoryAdjustment, TradeOrder.confirm_status)
        .join(TradeOrder, TradeOrder.id == AdvisoryAdjustment.order_id)
        .where(
            AdvisoryAdjustment.status == ORDER_IN_PROCESS,
            TradeOrder.confirm_status.in_((PO_ALL_CONFIRMED, PO_PART, PO_ALL_FAILED, PO_CANCELLED)),
        )
    ).all()
    for adj, status in rows:
        move(session, adj, OUTCOME.get(status, ORDER_FAILED), actor="system")
    return len(rows)
