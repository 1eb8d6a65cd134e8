"""Adviser fees (docs/advisory.md#fees): the set-based daily accrual, the period charge, the
fees on a sale (REDEEM, UNSIGN) and the end of an unsign, paying a fee (W12) from the wallet, by
selling from the account or by card, and the fee reads."""

from __future__ import annotations

from datetime import date
from decimal import ROUND_CEILING, Decimal
from typing import Any

from sqlalchemy import case, exists, func, insert, literal, literal_column, select
from sqlalchemy.orm import Session

from opentamp.advisory import repository as repo
from opentamp.advisory.contracts import terminate
from opentamp.advisory.deposits import charge_on_sale
from opentamp.advisory.errors import FeeNotPayable, WalletInsufficient
from opentamp.advisory.schemas import (
    AccFeeOut,
    AccrualOut,
    ChargeDetailOut,
    DebtListOut,
    FeeOut,
    FeePaymentOut,
    PayFeeByCardIn,
    PayFeeIn,
)
from opentamp.core import caller
from opentamp.core.calendar import get_calendar
from opentamp.core.events import ADVISER_FEE_CHARGED, record_event
from opentamp.core.idempotency import run_once
from opentamp.errors import NotFound
from opentamp.kit.clock import now, today
from opentamp.kit.money import Fig, SqlMoney, fig
from opentamp.kit.pagination import PageOut, has_more, page_offset
from opentamp.models.accounts import FinancialAccount
from opentamp.models.advisory import (
    FEE_FAIL,
    FEE_MEMBER,
    FEE_PROCESSING,
    FEE_STEP,
    FEE_SUCCESS,
    IN_FORCE,
    PERIOD,
    UNSIGN,
    UNSIGNING,
    AdvisoryFee,
    AdvisoryFeeAccrual,
    AdvisoryStrategy,
    ServiceAccount,
)
from opentamp.models.auth import BrokerUser
from opentamp.models.holdings import Holding
from opentamp.models.orders import (
    ADVISER_FEE,
    PAID,
    PAY_CARD,
    PAY_WALLET,
    PO_ALL_CONFIRMED,
    PO_ALL_FAILED,
    PO_CANCELLED,
    PO_PART,
    TradeOrder,
)
from opentamp.models.products import WALLET_FUND_CODE
from opentamp.outside.payment import payment_gateway
from opentamp.rules import adviser_fees
from opentamp.trading import api as trading_api

ZERO = Decimal("0")
FINAL_PARENT = (PO_ALL_CONFIRMED, PO_PART, PO_ALL_FAILED, PO_CANCELLED)


def _lit(m: SqlMoney, value: Decimal, scale: int) -> Any:
    """A constant figure as a column of ``scale`` holds it (minor units on SQLite)."""
    return literal_column(str(int(value.scaleb(scale))) if m.sqlite else format(value, "f"))


# -- the daily accrual (order 40) --------------------------------------------------------------


def accrue(session: Session, day: date) -> int:
    """One accrual per account in force (or unsigning) holding assets, for ``day`` (module
    rule: docs/advisory.md#fees), in one INSERT … SELECT per strategy; a day already accrued
    is skipped (idempotent)."""
    m = SqlMoney.of(session)
    calendar = get_calendar()
    days = (day - calendar.previous_trading_day(day)).days
    n = 0
    for s in session.scalars(select(AdvisoryStrategy).order_by(AdvisoryStrategy.po_code)).all():
        if s.fee_mode == FEE_MEMBER:
            continue
        h = Holding
        assets = (
            select(h.financial_account_id.label("fa_id"), func.sum(h.market_value).label("assets"))
            .where(h.portfolio_code == s.po_code, h.shares > 0)
            .group_by(h.financial_account_id)
            .subquery()
        )
        assets_fig = fig(assets.c.assets, 2)
        rate_expr: Any
        if s.fee_mode == FEE_STEP:
            steps = sorted(repo.tiers(session, s.po_code), reverse=True)
            rate_expr = case(
                *[
                    (
                        assets.c.assets >= _lit(m, floor, 2),
                        _lit(m, adviser_fees.effective_rate(
                            mode="FIXED", fee_ratio=r, discount=s.fee_discount), 8),
                    )
                    for floor, r in steps
                ],
                else_=_lit(m, adviser_fees.effective_rate(
                    mode="FIXED", fee_ratio=s.fee_ratio, discount=s.fee_discount), 8),
            )  # fmt: skip
        else:
            rate_expr = _lit(
                m,
                adviser_fees.effective_rate(
                    mode=s.fee_mode, fee_ratio=s.fee_ratio, discount=s.fee_discount
                ),
                8,
            )
        start = adviser_fees.period_start(day, s.charge_period)
        prior = AdvisoryFeeAccrual.__table__.alias("prior")
        accrued = (
            select(func.coalesce(func.sum(prior.c.amount), 0))
            .where(
                prior.c.service_account_id == ServiceAccount.id,
                prior.c.accrual_date >= start,
                prior.c.accrual_date < day,
            )
            .scalar_subquery()
        )
        amount = adviser_fees.accrual_sql(
            m, assets_fig, Fig(rate_expr, 8), days, accrued=accrued, upper=s.fee_upper_limit
        )
        done = exists().where(
            AdvisoryFeeAccrual.service_account_id == ServiceAccount.id,
            AdvisoryFeeAccrual.accrual_date == day,
        )
        select_rows = (
            select(
                ServiceAccount.id,
                literal(day),
                assets.c.assets,
                rate_expr,
                literal(days),
                amount,
            )
            .join(assets, assets.c.fa_id == ServiceAccount.financial_account_id)
            .where(
                ServiceAccount.po_code == s.po_code,
                ServiceAccount.contract_status.in_((IN_FORCE, UNSIGNING)),
                assets.c.assets > 0,
                ~done,
            )
        )
        result = session.execute(
            insert(AdvisoryFeeAccrual).from_select(
                ["service_account_id", "accrual_date", "assets", "fee_ratio", "days", "amount"],
                select_rows,
            )
        )
        n += result.rowcount or 0  # type: ignore[attr-defined]
    session.flush()
    return n


# -- paying a fee -------------------------------------------------------------------------------


def _default_fa(session: Session, user_id: int) -> FinancialAccount | None:
    return session.scalar(
        select(FinancialAccount)
        .where(FinancialAccount.broker_user_id == user_id, FinancialAccount.type == "default")
        .limit(1)
    )


def _wallet_with(session: Session, sa: ServiceAccount, amount: Decimal) -> Holding | None:
    """The service account's wallet, else the default account's, holding ``amount``."""
    candidates: list[int] = []
    if sa.financial_account_id is not None:
        candidates.append(sa.financial_account_id)
    default = _default_fa(session, sa.broker_user_id)
    if default is not None:
        candidates.append(default.id)
    for fa_id in candidates:
        holding = trading_api.holding(
            session, financial_account_id=fa_id, fund_code=WALLET_FUND_CODE, lock=True
        )
        if holding is not None and trading_api.available_shares(holding) >= amount:
            return holding
    return None


def _w12(session: Session, fee: AdvisoryFee, *, fa_id: int, account_id: int, pay: str,
         card_id: int | None, on: date) -> TradeOrder:  # fmt: skip
    """The fee's payment, confirmed at once and dated ``on``, the day the money is taken (the
    daily run's own day for its charges, today for the customer's payments): not the next
    trading day that a fund order placed at the 20:00 run would be priced on, so its notice
    (已于…扣收) and the statement give the day the wallet or card paid (docs/advisory.md#fees)."""
    moment, t = now(), on
    order = TradeOrder(
        broker_order_no=trading_api.new_order_no(moment),
        broker_user_id=fee.broker_user_id,
        account_id=account_id,
        financial_account_id=fa_id,
        order_code=ADVISER_FEE,
        fund_code=WALLET_FUND_CODE if pay == PAY_WALLET else "",
        confirm_status="W2",
        pay_status=PAID,
        pay_method=pay,
        payment_method_id=card_id,
        trade_amount=fee.amount,
        confirmed_amount=fee.amount,
        net_amount=fee.amount,
        apply_time=moment,
        trade_date=t,
        confirm_date=t,
        confirmed_at=t,
        ext_meta_info={
            "isServiceAccountOrder": True,
            "serviceAccountId": fee.service_account_id,
            "advisorFeeId": fee.id,
            "source": fee.source,
        },
    )
    session.add(order)
    session.flush()
    user = session.get(BrokerUser, fee.broker_user_id)
    assert user is not None
    po_code = session.scalar(
        select(ServiceAccount.po_code).where(ServiceAccount.id == fee.service_account_id)
    )
    assert po_code is not None
    record_event(
        session,
        kind=ADVISER_FEE_CHARGED,
        key=str(fee.id),
        broker_id=user.broker_id,
        broker_user_id=user.id,
        ref=order.broker_order_no,
        subject=repo.service_name(
            session, service_account_id=fee.service_account_id, po_code=po_code
        ),
        amount=fee.amount,
        occurred_on=t,
    )
    return order


def pay_from_wallet(
    session: Session, fee: AdvisoryFee, sa: ServiceAccount, *, on: date | None = None
) -> bool:
    """A W12 from the wallet, dated ``on`` (today when not told); False (nothing written) when
    no wallet holds the fee."""
    if fee.amount <= 0:
        fee.status, fee.paid_at = FEE_SUCCESS, now()
        return True
    wallet = _wallet_with(session, sa, fee.amount)
    if wallet is None:
        return False
    order = _w12(session, fee, fa_id=wallet.financial_account_id, account_id=wallet.account_id,
                 pay=PAY_WALLET, card_id=None, on=on or today())  # fmt: skip
    user = session.get(BrokerUser, fee.broker_user_id)
    assert user is not None
    fund = trading_api.wallet_fund_of(session, caller.broker_of(session, user))
    trading_api.take_wallet_shares(session, order, wallet, fee.amount, fund)
    fee.order_id, fee.status, fee.paid_at = order.id, FEE_SUCCESS, now()
    session.flush()
    return True


# -- the period charge and the ends of sales (order 41) ------------------------------------------


def charge(session: Session, day: date) -> int:
    """Period charges for accounts in force (their uncharged accruals before the current
    period), fees waiting for a sale's cash, and unsigns whose sale is final."""
    n = 0
    for sa, s in session.execute(
        select(ServiceAccount, AdvisoryStrategy)
        .join(AdvisoryStrategy, AdvisoryStrategy.po_code == ServiceAccount.po_code)
        .where(ServiceAccount.contract_status == IN_FORCE)
        .order_by(ServiceAccount.id)
    ).all():
        start = adviser_fees.period_start(day, s.charge_period)
        accruals = session.scalars(
            select(AdvisoryFeeAccrual)
            .where(
                AdvisoryFeeAccrual.service_account_id == sa.id,
                AdvisoryFeeAccrual.fee_id.is_(None),
                AdvisoryFeeAccrual.accrual_date < start,
            )
            .order_by(AdvisoryFeeAccrual.accrual_date)
        ).all()
        if not accruals:
            continue
        fee = AdvisoryFee(
            service_account_id=sa.id,
            broker_user_id=sa.broker_user_id,
            source=PERIOD,
            period_start=adviser_fees.period_start(accruals[0].accrual_date, s.charge_period),
            period_end=adviser_fees.period_end(accruals[-1].accrual_date, s.charge_period),
            amount=sum((a.amount for a in accruals), ZERO),
            status=FEE_PROCESSING,
        )
        session.add(fee)
        session.flush()
        for a in accruals:
            a.fee_id = fee.id
        if not pay_from_wallet(session, fee, sa, on=day):
            fee.status = FEE_FAIL
        n += 1
    n += _after_sales(session, day)
    n += _finish_unsigns(session, day)
    session.flush()
    return n


def _sale_final(session: Session, order_id: int | None) -> str | None:
    if order_id is None:
        return None
    status = session.scalar(select(TradeOrder.confirm_status).where(TradeOrder.id == order_id))
    return status if status in FINAL_PARENT else None


def _after_sales(session: Session, day: date) -> int:
    """Fees waiting (P) for a sale: paid from the wallet once the sale is final."""
    n = 0
    waiting = session.scalars(
        select(AdvisoryFee).where(
            AdvisoryFee.status == FEE_PROCESSING, AdvisoryFee.sale_order_id.is_not(None)
        )
    ).all()
    for fee in waiting:
        if _sale_final(session, fee.sale_order_id) is None:
            continue
        sa = session.get(ServiceAccount, fee.service_account_id)
        assert sa is not None
        if pay_from_wallet(session, fee, sa, on=day):
            n += 1
    return n


def _finish_unsigns(session: Session, day: date) -> int:
    """Unsigning accounts whose sale is final: the final fee (none within cooling-off), then
    status 3."""
    n = 0
    for sa in session.scalars(
        select(ServiceAccount).where(ServiceAccount.contract_status == UNSIGNING)
    ).all():
        status = _sale_final(session, sa.unsign_order_id)
        if status is None:
            continue
        assert sa.unsign_order_id is not None
        if sa.unsign_cooling_off:
            _waive(session, sa)
            _refund_paid(session, sa)
        else:
            fee = charge_on_sale(session, sa, sa.unsign_order_id, UNSIGN)
            if fee is not None and not pay_from_wallet(session, fee, sa, on=day):
                fee.status = FEE_FAIL
        terminate(session, sa)
        n += 1
    return n


def _waive(session: Session, sa: ServiceAccount) -> None:
    """Cooling-off: the accruals are charged as an UNSIGN fee refunded in full."""
    accruals = session.scalars(
        select(AdvisoryFeeAccrual).where(
            AdvisoryFeeAccrual.service_account_id == sa.id, AdvisoryFeeAccrual.fee_id.is_(None)
        )
    ).all()
    amount = sum((a.amount for a in accruals), ZERO)
    if amount <= 0:
        return
    fee = AdvisoryFee(
        service_account_id=sa.id,
        broker_user_id=sa.broker_user_id,
        source=UNSIGN,
        period_start=min(a.accrual_date for a in accruals),
        period_end=max(a.accrual_date for a in accruals),
        amount=amount,
        status=FEE_SUCCESS,
        refund_amount=amount,
        refund_status=FEE_SUCCESS,
        reason="冷静期内解约，免收投顾服务费",
        paid_at=now(),
    )
    session.add(fee)
    session.flush()
    for a in accruals:
        a.fee_id = fee.id


def _refund_paid(session: Session, sa: ServiceAccount) -> None:
    """Cooling-off: every fee already paid (a PERIOD charge, a MANUAL one …) is refunded in
    full into the wallet it was paid from, its W12's wallet shares given back (the same
    transaction as the unsign's end; docs/advisory.md)."""
    for fee in session.scalars(
        select(AdvisoryFee)
        .where(
            AdvisoryFee.service_account_id == sa.id,
            AdvisoryFee.status == FEE_SUCCESS,
            AdvisoryFee.order_id.is_not(None),
            AdvisoryFee.refund_amount < AdvisoryFee.amount,
        )
        .order_by(AdvisoryFee.id)
    ).all():
        order = session.get(TradeOrder, fee.order_id)
        assert order is not None
        if order.pay_method != PAY_WALLET:
            continue  # every W12 is paid from a wallet today (pay_from_wallet)
        trading_api.return_wallet_shares(session, order)
        fee.refund_amount, fee.refund_status = fee.amount, FEE_SUCCESS
        fee.reason = "冷静期内解约，退还已收投顾服务费"
    session.flush()


# -- the customer's payments --------------------------------------------------------------------


def owned_fee(session: Session, user: BrokerUser, fee_id: int) -> AdvisoryFee:
    fee = session.get(AdvisoryFee, fee_id)
    if fee is None or fee.broker_user_id != user.id:
        raise NotFound()
    return fee


def _payment_out(session: Session, fee: AdvisoryFee) -> FeePaymentOut:
    order = session.get(TradeOrder, fee.order_id) if fee.order_id else None
    return FeePaymentOut(
        fee_id=fee.id,
        fee_status=fee.status,
        broker_order_no=order.broker_order_no if order else None,
    )


def pay_by_wallet(session: Session, *, user: BrokerUser, body: PayFeeIn) -> FeePaymentOut:
    """payAdvisorFeeByWallet: the trade password first (its lockout, as every trade write);
    a fee already paid answers its payment again."""
    fee = owned_fee(session, user, body.fee_id)
    trading_api.verified_account(session, user, body.trade_password)
    if fee.status == FEE_SUCCESS:
        return _payment_out(session, fee)
    if fee.status != FEE_FAIL:
        raise FeeNotPayable()
    sa = session.get(ServiceAccount, fee.service_account_id)
    assert sa is not None
    if not pay_from_wallet(session, fee, sa):
        raise WalletInsufficient()
    return _payment_out(session, fee)


def pay_by_sale(session: Session, *, user: BrokerUser, body: PayFeeIn) -> FeePaymentOut:
    """payAdvisorFee: sell enough of the account to its wallet (status P); the charge step pays
    the fee from the wallet once the sale is final.

    The trade password is checked here, before anything else is looked at (its lockout, as
    every trade write), not left to the sale: a fee already paid or being paid, or an account
    with nothing to sell, is answered only to the holder of the password."""
    fee = owned_fee(session, user, body.fee_id)
    account = trading_api.verified_account(session, user, body.trade_password)
    if fee.status in (FEE_SUCCESS, FEE_PROCESSING):
        return _payment_out(session, fee)
    sa = session.get(ServiceAccount, fee.service_account_id)
    assert sa is not None
    held = repo.holdings(session, sa)
    total = sum((h.market_value for h in held), ZERO)
    if sa.financial_account_id is None or total <= 0:
        raise WalletInsufficient()
    # 1 % over the fee covers the redemption fees.
    ratio = min(Decimal(1), (fee.amount * Decimal("1.01") / total).quantize(
        Decimal("0.00000001"), rounding=ROUND_CEILING))  # fmt: skip
    order = trading_api.redeem_po(
        session,
        user=user,
        body=trading_api.RedeemPoIn(
            financial_account_id=sa.financial_account_id,
            po_code=sa.po_code,
            ratio=ratio,
            redeem_to=PAY_WALLET,
            trade_password=body.trade_password,
            trade_uuid=f"{body.trade_uuid[:55]}#feesale",
        ),
        verified=account,
    )
    parent = session.scalar(
        select(TradeOrder).where(TradeOrder.broker_order_no == order.broker_order_no)
    )
    assert parent is not None
    fee.sale_order_id, fee.status = parent.id, FEE_PROCESSING
    session.flush()
    return _payment_out(session, fee)


def pay_by_card(session: Session, *, user: BrokerUser, body: PayFeeByCardIn) -> FeePaymentOut:
    """POST /adviser/buy: an unpaid fee paid by card."""
    fee = owned_fee(session, user, body.fee_id)
    card = trading_api.paying_card(session, user, body.payment_method_id)
    account = trading_api.verified_account(session, user, body.trade_password)

    def run() -> FeePaymentOut:
        if fee.status != FEE_FAIL:
            return _payment_out(session, fee)
        sa = session.get(ServiceAccount, fee.service_account_id)
        assert sa is not None
        fa_id = sa.financial_account_id or (_default_fa(session, user.id) or sa).id
        order = _w12(
            session,
            fee,
            fa_id=fa_id,
            account_id=account.id,
            pay=PAY_CARD,
            card_id=card.id,
            on=today(),
        )
        result = payment_gateway().charge(
            token=card.gateway_token, amount=fee.amount, order_no=order.broker_order_no
        )
        if not result.ok:
            raise WalletInsufficient(f"银行卡扣款失败：{result.reason or '银行未返回原因'}")
        fee.order_id, fee.status, fee.paid_at = order.id, FEE_SUCCESS, now()
        session.flush()
        return _payment_out(session, fee)

    return run_once(
        session,
        user_id=user.id,
        trade_uuid=body.trade_uuid,
        action="adviser.buy",
        request=body,
        schema=FeePaymentOut,
        run=run,
    )


def pay_status(session: Session, *, user: BrokerUser, fee_id: int) -> FeePaymentOut:
    return _payment_out(session, owned_fee(session, user, fee_id))


# -- reads --------------------------------------------------------------------------------------


def fee_out(session: Session, fee: AdvisoryFee) -> FeeOut:
    order = session.get(TradeOrder, fee.order_id) if fee.order_id else None
    return FeeOut(
        fee_id=fee.id,
        service_account_id=fee.service_account_id,
        source=fee.source,
        period_start=fee.period_start,
        period_end=fee.period_end,
        fee_amount=fee.amount,
        fee_status=fee.status,
        refund_amount=fee.refund_amount,
        refund_status=fee.refund_status,
        broker_order_no=order.broker_order_no if order else None,
        create_time=fee.created_at,
        pay_time=fee.paid_at,
    )


def fee_list(
    session: Session, *, user: BrokerUser, service_account_id: int, page: int, size: int
) -> PageOut[FeeOut]:
    sa = repo.owned_account(session, user, service_account_id)
    where = AdvisoryFee.service_account_id == sa.id
    total = session.scalar(select(func.count()).select_from(AdvisoryFee).where(where)) or 0
    rows = session.scalars(
        select(AdvisoryFee).where(where).order_by(AdvisoryFee.id.desc())
        .offset(page_offset(page, size)).limit(size)
    ).all()  # fmt: skip
    return PageOut(
        list=[fee_out(session, f) for f in rows], total=total, page=page, size=size,
        has_more=has_more(page, size, total),
    )  # fmt: skip


def accrual_out(a: AdvisoryFeeAccrual) -> AccrualOut:
    return AccrualOut(
        accrual_date=a.accrual_date,
        assets=a.assets,
        fee_ratio=a.fee_ratio,
        days=a.days,
        amount=a.amount,
        fee_id=a.fee_id,
    )


def charge_list(
    session: Session, *, user: BrokerUser, service_account_id: int, page: int, size: int
) -> PageOut[AccrualOut]:
    sa = repo.owned_account(session, user, service_account_id)
    where = AdvisoryFeeAccrual.service_account_id == sa.id
    total = session.scalar(select(func.count()).select_from(AdvisoryFeeAccrual).where(where)) or 0
    rows = session.scalars(
        select(AdvisoryFeeAccrual).where(where).order_by(AdvisoryFeeAccrual.accrual_date.desc())
        .offset(page_offset(page, size)).limit(size)
    ).all()  # fmt: skip
    return PageOut(
        list=[accrual_out(a) for a in rows], total=total, page=page, size=size,
        has_more=has_more(page, size, total),
    )  # fmt: skip


def debt_list(session: Session, *, user: BrokerUser, service_account_id: int | None) -> DebtListOut:
    if service_account_id is not None:
        repo.owned_account(session, user, service_account_id)
    rows = repo.debts(session, user.id, service_account_id)
    return DebtListOut(
        debt_list=[fee_out(session, f) for f in rows],
        total_debt=sum((f.amount for f in rows), ZERO),
    )


def acc_fee(session: Session, *, user: BrokerUser, service_account_id: int) -> AccFeeOut:
    sa = repo.owned_account(session, user, service_account_id)
    s = session.get(AdvisoryStrategy, sa.po_code)
    assert s is not None
    fees = session.scalars(select(AdvisoryFee).where(AdvisoryFee.service_account_id == sa.id)).all()
    today = now().date()
    return AccFeeOut(
        accrued_fee=repo.uncharged_accruals(session, sa.id),
        charged_fee=sum((f.amount for f in fees), ZERO),
        paid_fee=sum((f.amount for f in fees if f.status == FEE_SUCCESS), ZERO),
        debt_fee=sum((f.amount for f in fees if f.status == FEE_FAIL), ZERO),
        refunded_fee=sum((f.refund_amount for f in fees), ZERO),
        period_start=adviser_fees.period_start(today, s.charge_period),
        period_end=adviser_fees.period_end(today, s.charge_period),
        fee_ratio=adviser_fees.effective_rate(
            mode=s.fee_mode, fee_ratio=s.fee_ratio, discount=s.fee_discount,
            tiers=repo.tiers(session, s.po_code),
            assets=sum((h.market_value for h in repo.holdings(session, sa)), ZERO),
        ),
        charge_period=s.charge_period,
    )  # fmt: skip


def charge_detail(session: Session, *, user: BrokerUser, fee_id: int) -> ChargeDetailOut:
    fee = owned_fee(session, user, fee_id)
    rows = session.scalars(
        select(AdvisoryFeeAccrual)
        .where(AdvisoryFeeAccrual.fee_id == fee.id)
        .order_by(AdvisoryFeeAccrual.accrual_date)
    ).all()
    return ChargeDetailOut(
        **fee_out(session, fee).model_dump(), accrual_list=[accrual_out(a) for a in rows]
    )
