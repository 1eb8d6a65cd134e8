"""Target-strategy positions (目标盈, docs/targets.md): opening a position from a strategy
purchase, its phase, the holder's target setting, the series asset read, and the stop profit
into the wallet.

A position is one holder's investment in one target strategy in one financial account, from
its first purchase to the sale that ends it; later purchases of the same strategy in the same
account join it. Its figures are the strategy's holdings of that account.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime, time
from decimal import Decimal

from sqlalchemy import update
from sqlalchemy.orm import Session

from opentamp.kit.clock import BEIJING, now
from opentamp.kit.ownership import owned
from opentamp.models.accounts import FinancialAccount
from opentamp.models.auth import BrokerUser
from opentamp.models.catalogue import StrategyInfo, StrategyPhase
from opentamp.models.orders import PAY_WALLET, PO_ALL_CONFIRMED, PO_PART, TradeOrder
from opentamp.models.products import Portfolio
from opentamp.models.targets import TARGET_KEEP_ON, TARGET_REDEEM, TargetHolding
from opentamp.products import api as products
from opentamp.rules import targets as rules
from opentamp.targets import repository as repo
from opentamp.targets.errors import (
    StrategyNotFound,
    TargetHoldingNotFound,
    TargetRateInvalid,
    TargetSettingClosed,
)
from opentamp.targets.schemas import (
    SeriesStrategyAssetOut,
    SeriesStrategyOut,
    TargetActionOut,
    TargetPositionOut,
    TargetSettingIn,
    TargetSettingOut,
)
from opentamp.trading import api as trading

ZERO = Decimal("0.00")
#: Stop-profit sales are placed at the day's close, after its cut-off (priced on the next
#: trading day, docs/targets.md "Stop profit").
STOP_TIME = time(20, 0)
CLOSE = time(15, 0)
DONE = frozenset({"END", "TERMINATED", "TERMINATED_RESERVE"})


# --- opening positions and their phases (the daily step ``targets.phases``) ---------------


def open_positions(session: Session, *, user_id: int | None = None) -> int:
    """A position for each strategy purchase that belongs to none (idempotent)."""
    added = 0
    for order in repo.unopened_purchases(session, user_id):
        info = session.get(StrategyInfo, order.portfolio_code)
        assert info is not None
        meta = order.ext_meta_info or {}
        period = int(meta.get("strategyPeriodNo") or info.period_no)
        session.add(
            TargetHolding(
                broker_user_id=order.broker_user_id,
                financial_account_id=order.financial_account_id,
                strategy_code=info.code,
                period_no=period,
                order_id=order.id,
                buy_mode=info.buy_mode,
                amount=order.trade_amount,
                phase=_opening_phase(order, info),
                target_rate=info.target_return,
                target_action=TARGET_REDEEM,
            )
        )  # fmt: skip
        session.flush()
        added += 1
    return added


def _opening_phase(order: TradeOrder, info: StrategyInfo) -> str:
    """A reservation priced later than it was placed waits in RESERVE; else it builds."""
    placed = order.apply_time.astimezone(BEIJING).date()
    return "RESERVE" if order.trade_date > placed else rules.build_phase_name(info.buy_mode)


def period_phase(phases: Sequence[StrategyPhase], period_no: int, moment: datetime) -> str | None:
    mine = [p for p in phases if p.period_no == period_no]
    current = products.current_phase(mine, moment)
    return current.phase_type if current is not None else None


def move_phases(session: Session, day: date) -> int:
    """Each open position takes its period's phase at the day's close while the period is
    before its end; a stop-profit sale moves REACHED to STOP_PROFIT, and its confirmation
    ends the position. One UPDATE per (strategy, period) and per state change."""
    moment = datetime.combine(day, CLOSE, tzinfo=BEIJING)
    open_positions(session)
    changed = 0
    following = repo.positions(session, phases=rules.FOLLOWS_PERIOD)
    periods = sorted({(p.strategy_code, p.period_no) for p in following})
    phases_of: dict[str, list[StrategyPhase]] = {}
    th = TargetHolding
    for code, number in periods:
        phases = phases_of.setdefault(code, products.strategy_phases(session, code))
        phase = period_phase(phases, number, moment)
        if phase in rules.FOLLOWS_PERIOD:
            target = phase
        elif phase is not None and not any(
            p.period_no == number and p.phase_type == "REACHED" for p in phases
        ):
            # The period ran its longest without reaching its target.
            target = "TO_BE_END"
        else:
            target = "RUN"
        result = session.execute(
            update(th)
            .where(
                th.strategy_code == code,
                th.period_no == number,
                th.phase.in_(rules.FOLLOWS_PERIOD),
                th.phase != target,
            )
            .values(phase=target),
            execution_options={"synchronize_session": False},
        )
        changed += result.rowcount or 0  # type: ignore[attr-defined]
    for position in repo.positions(session, phases=("REACHED", "STOP_PROFIT", "TO_BE_END")):
        if position.stop_order_id is None:
            continue
        sale = session.get(TradeOrder, position.stop_order_id)
        if sale is not None and sale.confirm_status in (PO_ALL_CONFIRMED, PO_PART):
            position.phase = "END"
        elif position.phase == "REACHED":
            position.phase = "STOP_PROFIT"
        else:
            continue
        changed += 1
    session.flush()
    session.expire_all()
    return changed


# --- stop profit (the daily step ``targets.stop_profit``) -----------------------------------


def stop_profit(session: Session, day: date) -> int:
    """After settlement valued every holding at NAV_D: each invested position whose return on
    its base reaches its target is REACHED; a ``redeem`` holder's strategy holding is sold to
    the wallet (P03, placed at 20:00 so priced at the next trading day's NAV), a ``keepOn``
    holder starts a new round from the day's value. A position whose period ran its longest
    without reaching (TO_BE_END) is sold to the wallet, or, for a ``keepOn`` holder, goes on
    with the adjusted target (docs/targets.md)."""
    watched = repo.positions(session, phases=rules.WATCHED | {"TO_BE_END"})
    watched = [p for p in watched if p.stop_order_id is None]
    pairs = {(p.financial_account_id, p.strategy_code) for p in watched}
    figures = repo.figures(session, pairs)
    pending = repo.pending_pairs(session, pairs)
    done = 0
    for position in watched:
        key = (position.financial_account_id, position.strategy_code)
        f = figures.get(key)
        if f is None or key in pending or f.cost <= 0:
            continue
        base = position.base_value if position.base_value is not None else f.cost
        realised = rules.return_rate(base, f.market_value)
        if rules.reached(base, f.market_value, position.target_rate):
            position.reached_date, position.realised_rate = day, realised
            if position.target_action == TARGET_KEEP_ON:
                position.round += 1
                position.base_value = f.market_value
            else:
                position.phase = "REACHED"
                position.stop_order_id = _sell_to_wallet(session, position, day, "targetReached")
            done += 1
        elif position.phase == "TO_BE_END":
            position.realised_rate = realised
            if position.target_action == TARGET_KEEP_ON:
                position.target_rate = rules.adjusted_target_return(position.target_rate, realised)
                position.base_value = f.market_value
                position.round += 1
                position.phase = "RUN"
                position.period_no = _next_period(session, position)
            else:
                position.stop_order_id = _sell_to_wallet(session, position, day, "periodEnded")
            done += 1
    session.flush()
    return done


def _next_period(session: Session, position: TargetHolding) -> int:
    info = session.get(StrategyInfo, position.strategy_code)
    return max(position.period_no, info.period_no if info else position.period_no)


def _sell_to_wallet(session: Session, position: TargetHolding, day: date, reason: str) -> int:
    user = session.get(BrokerUser, position.broker_user_id)
    fa = session.get(FinancialAccount, position.financial_account_id)
    assert user is not None and fa is not None
    moment = datetime.combine(day, STOP_TIME, tzinfo=BEIJING)
    sale = trading.sell_po(
        session, user=user, fa=fa, po_code=position.strategy_code, ratio=Decimal(1),
        moment=moment, redeem_to=PAY_WALLET, card=None,
        ext_meta_info={"targetHoldingId": position.id, "targetStop": reason},
        order_no=f"{moment:%Y%m%d%H%M%S}G{position.id % 10**9:09d}",
    )  # fmt: skip
    return sale.id


# --- the holder's target setting ------------------------------------------------------------


def _position(session: Session, user: BrokerUser, code: str, fa_id: int) -> TargetHolding:
    owned(session, FinancialAccount, fa_id, owner_id=user.id)
    open_positions(session, user_id=user.id)
    mine = repo.positions(session, user_id=user.id, strategy_code=code, financial_account_id=fa_id)
    if not mine:
        raise TargetHoldingNotFound()
    return mine[-1]


def _setting_out(session: Session, position: TargetHolding) -> TargetSettingOut:
    info = session.get(StrategyInfo, position.strategy_code)
    po = session.get(Portfolio, position.strategy_code)
    assert info is not None and po is not None
    return TargetSettingOut(
        strategy_code=info.code,
        strategy_name=po.name,
        financial_account_id=position.financial_account_id,
        strategy_target_rate=info.target_return,
        target_rate=position.target_rate,
        target_action=position.target_action,
        min_target_rate=rules.MIN_TARGET,
        max_target_rate=rules.MAX_TARGET,
        actions=[TargetActionOut(value=k, label=v) for k, v in rules.TARGET_ACTION_NAMES.items()],
        phase=position.phase,
        phase_name=rules.PHASE_NAMES.get(position.phase, position.phase),
        editable=position.stop_order_id is None and position.phase not in DONE,
    )


def target_setting(
    session: Session, *, user: BrokerUser, strategy_code: str, financial_account_id: int
) -> TargetSettingOut:
    """GET /asset/targetSetting: the holder's target and action for their position."""
    return _setting_out(session, _position(session, user, strategy_code, financial_account_id))


def set_target(session: Session, *, user: BrokerUser, body: TargetSettingIn) -> TargetSettingOut:
    """POST /asset/targetSetting: a new target (docs/targets.md "Target setting") and the
    action when it is reached. Refused, writing nothing, outside the range or once the
    position has reached its target or ended."""
    problem = rules.target_problem(body.target_rate)
    if problem is not None:
        raise TargetRateInvalid(problem)
    position = _position(session, user, body.strategy_code, body.financial_account_id)
    if position.stop_order_id is not None or position.phase in DONE:
        raise TargetSettingClosed()
    position.target_rate = body.target_rate
    position.target_action = body.target_action
    session.flush()
    return _setting_out(session, position)


# --- the series asset read --------------------------------------------------------------------


def series_asset(
    session: Session,
    *,
    user: BrokerUser,
    financial_account_id: int | None,
    strategy_parent_code: str | None,
) -> SeriesStrategyAssetOut:
    """GET /account/getAccountSeriesStrategyAsset: every target strategy (or the one of
    ``strategyParentCode``) with its current period and phase and the caller's positions in
    it, newest first, with their figures."""
    if financial_account_id is not None:
        owned(session, FinancialAccount, financial_account_id, owner_id=user.id)
    open_positions(session, user_id=user.id)
    infos = [
        i
        for i in session.query(StrategyInfo).order_by(StrategyInfo.code)
        if i.strategy_type == rules.TARGET_STRATEGY
        and (strategy_parent_code is None or i.code == strategy_parent_code)
    ]
    if strategy_parent_code is not None and not infos:
        raise StrategyNotFound()
    mine = repo.positions(session, user_id=user.id, financial_account_id=financial_account_id)
    pairs = {(p.financial_account_id, p.strategy_code) for p in mine}
    figures = repo.figures(session, pairs)
    moment = now()
    strategies: list[SeriesStrategyOut] = []
    total = profit = accumulated = ZERO
    for info in infos:
        po = session.get(Portfolio, info.code)
        if po is None:
            continue
        phases = products.strategy_phases(session, info.code)
        current = products.current_phase(phases, moment)
        positions = [
            _position_out(session, p, figures)
            for p in reversed(mine)
            if p.strategy_code == info.code
        ]
        live = [p for p in positions if p.phase not in DONE]
        s_total = sum((p.total_asset for p in live), ZERO)
        s_profit = sum((p.holding_profit for p in live), ZERO)
        for fa_code in {
            (p.financial_account_id, info.code) for p in mine if p.strategy_code == info.code
        }:
            f = figures.get(fa_code)
            accumulated += f.accumulated_profit if f else ZERO
        total += s_total
        profit += s_profit
        strategies.append(
            SeriesStrategyOut(
                strategy_code=info.code,
                strategy_name=po.name,
                strategy_type=info.strategy_type,
                target_return=info.target_return,
                buy_mode=info.buy_mode,
                period_no=current.period_no if current else info.period_no,
                current_phase=current.phase_type if current else None,
                current_phase_name=rules.PHASE_NAMES.get(current.phase_type) if current else None,
                on_sale=current is not None and current.phase_type in rules.ON_SALE,
                total_asset=s_total,
                holding_profit=s_profit,
                positions=positions,
            )
        )  # fmt: skip
    return SeriesStrategyAssetOut(
        total_asset=total, holding_profit=profit, accumulated_profit=accumulated,
        strategies=strategies,
    )  # fmt: skip


def _position_out(
    session: Session, p: TargetHolding, figures: dict[tuple[int, str], repo.Figures]
) -> TargetPositionOut:
    fa = session.get(FinancialAccount, p.financial_account_id)
    opening = session.get(TradeOrder, p.order_id)
    sale = session.get(TradeOrder, p.stop_order_id) if p.stop_order_id else None
    assert fa is not None and opening is not None
    f = figures.get((p.financial_account_id, p.strategy_code))
    ended = p.phase in DONE
    value = ZERO if ended or f is None else f.market_value
    cost = ZERO if ended or f is None else f.cost
    base = p.base_value if p.base_value is not None else cost
    amount = sum((o.trade_amount for o in repo.purchases_of(session, p)), ZERO)
    return TargetPositionOut(
        id=p.id,
        financial_account_id=fa.id,
        financial_account_name=fa.name,
        period_no=p.period_no,
        buy_mode=p.buy_mode,
        phase=p.phase,
        phase_name=rules.PHASE_NAMES.get(p.phase, p.phase),
        amount=amount,
        total_asset=value,
        holding_profit=value - cost,
        return_rate=(
            p.realised_rate
            if ended and p.realised_rate is not None
            else rules.return_rate(base, value)
        ),
        target_rate=p.target_rate,
        target_action=p.target_action,
        round=p.round,
        bought_date=opening.trade_date,
        reached_date=p.reached_date,
        realised_rate=p.realised_rate,
        stop_order_no=sale.broker_order_no if sale else None,
        stop_order_status=sale.confirm_status if sale else None,
    )  # fmt: skip
