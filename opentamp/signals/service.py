"""Signals and follow plans (docs/signals.md): publication by a lead manager, the follow plan's
setting (确认跟车, 修改跟车, 恢复跟车, 暂停), its records, and the purchase and sale a customer
makes by hand on a signal. The daily follows are in :mod:`opentamp.signals.follow`."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.core import caller
from opentamp.core.calendar import get_calendar
from opentamp.core.market_day import market_date
from opentamp.kit.clock import as_beijing, now
from opentamp.kit.money import amount_text, round_amount
from opentamp.kit.pagination import has_more, page_bounds, page_offset
from opentamp.market import api as market
from opentamp.models.accounts import FinancialAccount, PaymentMethod
from opentamp.models.auth import BrokerUser
from opentamp.models.catalogue import ProductSignal
from opentamp.models.orders import PAY_CARD, TradeOrder
from opentamp.models.products import Portfolio
from opentamp.models.signals import (
    CREATE,
    INIT,
    OPEN,
    PAUSE,
    RESUME,
    UPDATE,
    SignalFollowPlan,
    SignalFollowRecord,
)
from opentamp.payments.api import card_show_name
from opentamp.pension import api as pension
from opentamp.products import api as products
from opentamp.rules import signals as signal_rules
from opentamp.signals import repository as repo
from opentamp.signals.errors import (
    DisclosureMissing,
    DisclosureMissingFund,
    FinancialAccountMissing,
    FollowActionInvalid,
    FollowAmountAboveCardLimit,
    FollowAmountBelowMinimum,
    FollowPlanNotFound,
    MultipleOutOfBands,
    NotABuySignal,
    NotASellSignal,
    PaymentMethodMissing,
    SellPartInvalid,
    SignalAlreadySold,
    SignalDateInvalid,
    SignalDateTaken,
    SignalNotFound,
    SignalProductNotFound,
    SignalProductPaused,
    WalletEmpty,
)
from opentamp.signals.follow import follow_now
from opentamp.signals.schemas import (
    BandOut,
    FollowedProductOut,
    FollowPlanOut,
    FollowRecordOut,
    FollowRecordsOut,
    FollowSettingIn,
    FollowSignalOut,
    PublishIn,
    SignalBuyIn,
    SignalOut,
    SignalRedeemIn,
)
from opentamp.trading import api as trading

ZERO = Decimal("0.00")
STATUS_TEXT = {INIT: "未跟车", OPEN: "跟车中", PAUSE: "已暂停"}
ACTION_TEXT = {CREATE: "确认跟车", UPDATE: "修改跟车", RESUME: "恢复跟车", "PAUSE": "暂停跟车"}
BAND_LABELS = (
    ("decrease", "减少", signal_rules.MIN_MULTIPLE, signal_rules.STANDARD_MULTIPLE),
    ("standard", "标准", signal_rules.STANDARD_MULTIPLE, signal_rules.STANDARD_MULTIPLE),
    ("increase", "增加", signal_rules.STANDARD_MULTIPLE, signal_rules.MAX_MULTIPLE),
)


# -- products and signals ------------------------------------------------------------------


def signal_product(session: Session, code: str | None) -> Portfolio:
    po = products.portfolio(session, code) if code else None
    if po is None or po.kind != "signal":
        raise SignalProductNotFound()
    return po


def multiple_out(value: Decimal) -> Decimal:
    """A multiple or part as written: 1.5, 0.8, 1 (no trailing zeros)."""
    return value.normalize()


def band_of(s: ProductSignal) -> str:
    if s.signal_type == "SELL":
        return "sell"
    return signal_rules.multiple_band(s.auto_follow_buy_rate)


def signal_out(s: ProductSignal) -> SignalOut:
    return SignalOut(
        sig_id=s.sig_id,
        po_code=s.product_code,
        sig_date=s.sig_date,
        signal_type=s.signal_type,
        auto_follow_buy_rate=multiple_out(s.auto_follow_buy_rate),
        band=band_of(s),
        description=s.description,
    )


def bands() -> list[BandOut]:
    return [
        BandOut(band=b, label=label, min_rate=lo, max_rate=hi) for b, label, lo, hi in BAND_LABELS
    ]


def first_signal_day(session: Session) -> date:
    """The first day a new signal may carry: the next trading day the pipeline has not run."""
    calendar = get_calendar()
    ran = market_date(session)
    today = as_beijing(now()).date()
    start = ran if ran is not None else calendar.previous_trading_day(today)
    return calendar.next_trading_day(start)


def publish(session: Session, *, body: PublishIn) -> ProductSignal:
    """A lead manager's signal (docs/signals.md#publication): the product is a signal product
    open for purchase; a buy multiple within the bands, or a sell part in (0, 1]; one signal a
    product per trading day, on a day the pipeline has not run. The follows of a signal of
    today are placed at once while today's cut-off allows; otherwise on its day's pipeline."""
    po = signal_product(session, body.po_code)
    if po.status in trading.NO_BUY:
        raise SignalProductPaused()
    if body.signal_type == "BUY":
        rate = body.auto_follow_buy_rate
        if rate is None or not signal_rules.MIN_MULTIPLE <= rate <= signal_rules.MAX_MULTIPLE:
            raise MultipleOutOfBands()
    else:
        rate = body.sell_ratio if body.sell_ratio is not None else body.auto_follow_buy_rate
        if rate is None or not signal_rules.sell_part_valid(rate):
            raise SellPartInvalid()
    first = first_signal_day(session)
    day = body.sig_date or first
    if day < first or not get_calendar().is_trading_day(day):
        raise SignalDateInvalid(first=f"{first}")
    if repo.signal_on(session, po.code, day) is not None:
        raise SignalDateTaken(code=po.code, day=f"{day}")
    signal = ProductSignal(
        sig_id=f"{po.code}-{day:%Y%m%d}",
        product_code=po.code,
        sig_date=day,
        signal_type=body.signal_type,
        auto_follow_buy_rate=rate,
        description=body.description or default_description(body.signal_type, rate),
    )
    session.add(signal)
    session.flush()
    market.bump_market_version(session)
    follow_now(session, signal)
    return signal


def default_description(signal_type: str, rate: Decimal) -> str:
    if signal_type == "SELL":
        return f"主理人建议卖出持有份额的{format((rate * 100).normalize(), 'f')}%。"
    return f"主理人建议本次按标准跟车金额的{format(rate.normalize(), 'f')}倍买入。"


# -- follow plans --------------------------------------------------------------------------


def min_amount(po: Portfolio) -> Decimal:
    return signal_rules.min_base(po.min_purchase_amount)


def _plan_out(
    session: Session, user: BrokerUser, po: Portfolio, plan: SignalFollowPlan | None
) -> FollowPlanOut:
    status = plan.status if plan else INIT
    action = CREATE if plan is None else (RESUME if plan.status == PAUSE else UPDATE)
    count, total = (
        repo.follow_totals(session, [plan.id]).get(plan.id, (0, ZERO)) if plan else (0, ZERO)
    )
    latest = repo.latest_signal(session, po.code)
    card = (
        session.get(PaymentMethod, plan.payment_method_id)
        if plan and plan.pay_type == PAY_CARD and plan.payment_method_id
        else None
    )
    return FollowPlanOut(
        follow_plan_id=plan.id if plan else None,
        po_code=po.code,
        po_name=po.name,
        manager_name=po.manager_name,
        financial_account_id=plan.financial_account_id if plan else None,
        status=status,
        action=action,
        is_set_config=plan is not None,
        base_amount=plan.base_amount if plan else None,
        pay_type=plan.pay_type if plan else None,
        payment_method_id=plan.payment_method_id if plan else None,
        bank_card_show_name=card_show_name(card.bank_no, card.card_tail) if card else "",
        min_amount=min_amount(po),
        min_purchase_amount=po.min_purchase_amount,
        bands=bands(),
        wallet_name=caller.broker_of(session, user).wallet_name,
        follow_count=count,
        total_followed=round_amount(total),
        latest_signal_info=signal_out(latest) if latest else None,
        created_at=plan.created_at if plan else None,
        updated_at=plan.updated_at if plan else None,
    )


def follow_setting(
    session: Session, *, user: BrokerUser, po_code: str, financial_account_id: int | None
) -> FollowPlanOut:
    """GET /trade/signalPo/followSetting (and /account/getFollowSetting): the caller's plan on
    the product in the account (status INIT when there is none)."""
    po = signal_product(session, po_code)
    if financial_account_id is not None:
        trading.financial_account_of(session, user, financial_account_id)
    plan = repo.plan_of(
        session, user_id=user.id, code=po.code, financial_account_id=financial_account_id
    )
    return _plan_out(session, user, po, plan)


def _check_disclosure(session: Session, po: Portfolio) -> None:
    """A product needs its disclosure files (not a black box, whose components are not shown);
    each component fund its own."""
    if not products.documents(session, po.code):
        raise DisclosureMissing()
    if po.box_mode == "BLACK_BOX":
        return
    for component in products.components(session, po.code):
        if not products.documents(session, component.fund_code):
            raise DisclosureMissingFund()


def set_follow(session: Session, *, user: BrokerUser, body: FollowSettingIn) -> FollowPlanOut:
    """POST /trade/signalPo/followSetting: CREATE (确认跟车), UPDATE (修改跟车), RESUME
    (恢复跟车) or PAUSE, with the follow submission checks of docs/product.md#validation in
    their order; the trade password authorises the orders the plan will place."""
    if body.financial_account_id is None:
        raise FinancialAccountMissing()
    fa = trading.financial_account_of(session, user, body.financial_account_id)
    if body.action != "PAUSE":
        _check_account_kind(session, fa, body.po_code)
    po = signal_product(session, body.po_code)
    plan = repo.plan_of(session, user_id=user.id, code=po.code, financial_account_id=fa.id)
    status = plan.status if plan else INIT
    allowed = {CREATE: status == INIT, UPDATE: status != INIT, RESUME: status == PAUSE}
    allowed["PAUSE"] = status == OPEN
    if not allowed[body.action]:
        raise FollowActionInvalid(status=STATUS_TEXT[status], action=ACTION_TEXT[body.action])
    account = trading.verified_account(session, user, body.trade_password)
    if body.action == "PAUSE":
        assert plan is not None
        plan.status = PAUSE
        session.flush()
        return _plan_out(session, user, po, plan)
    if body.action == RESUME and body.base_amount is None:
        assert plan is not None
        _check_terms(session, user, po, fa, plan.base_amount, plan.pay_type, plan.payment_method_id)
        plan.status = OPEN
        session.flush()
        return _plan_out(session, user, po, plan)
    if body.base_amount is None:
        raise FollowAmountBelowMinimum(min=amount_text(min_amount(po)))
    card_id = _check_terms(
        session, user, po, fa, body.base_amount, body.pay_type, body.payment_method_id
    )
    trading.suitable(
        session,
        account,
        confirmed=body.risk_confirmed,
        level=po.risk_level,
        code=po.code,
        kind="po",
    )
    assert body.pay_type is not None
    if plan is None:
        plan = SignalFollowPlan(
            broker_user_id=user.id,
            account_id=fa.account_id,
            financial_account_id=fa.id,
            product_code=po.code,
        )
        session.add(plan)
    plan.status = OPEN
    plan.base_amount = round_amount(body.base_amount)
    plan.pay_type = body.pay_type
    plan.payment_method_id = card_id
    plan.risk_confirmed = body.risk_confirmed
    plan.updated_at = now()
    session.flush()
    return _plan_out(session, user, po, plan)


def _check_account_kind(session: Session, fa: FinancialAccount, po_code: str) -> None:
    """A signal product is bought as any portfolio: not in the pension account (71125), not in
    a service account, which holds only its own strategy (60115)."""
    pension.check_not_pension_account(fa)
    trading.check_service_account_buy(session, fa, po_code)


def _check_terms(
    session: Session,
    user: BrokerUser,
    po: Portfolio,
    fa: FinancialAccount,
    amount: Decimal,
    pay_type: str | None,
    payment_method_id: int | None,
) -> int | None:
    """The follow submission checks after the account: the product's status, the minimum, the
    payment method (the wallet holding something), the disclosure files. Returns the card."""
    if po.status in trading.NO_BUY:
        raise trading.PurchaseSuspended()
    if amount < min_amount(po):
        raise FollowAmountBelowMinimum(min=amount_text(min_amount(po)))
    if pay_type is None:
        raise PaymentMethodMissing()
    card_id = None
    if pay_type == PAY_CARD:
        if payment_method_id is None:
            raise PaymentMethodMissing()
        card = trading.paying_card(session, user, payment_method_id)
        most = trading.largest_charge_above_limit(card, amount, signal_rules.MAX_MULTIPLE)
        if most is not None:
            raise FollowAmountAboveCardLimit(
                most=amount_text(most),
                multiple=f"{signal_rules.MAX_MULTIPLE.normalize()}",
                limit=amount_text(card.single_limit),
            )
        card_id = card.id
    else:
        wallet = trading.wallet_holding(session, fa, lock=False)
        if trading.available_shares(wallet) <= 0:
            raise WalletEmpty(wallet=caller.broker_of(session, user).wallet_name)
    _check_disclosure(session, po)
    return card_id


# -- reads ---------------------------------------------------------------------------------


def _record_out(
    rec: SignalFollowRecord, order: TradeOrder | None, names: dict[str, str]
) -> FollowRecordOut:
    return FollowRecordOut(
        record_id=rec.id,
        follow_plan_id=rec.plan_id,
        sig_id=rec.sig_id,
        po_code=rec.product_code,
        po_name=names.get(rec.product_code, rec.product_code),
        signal_type=rec.signal_type,
        follow_date=rec.follow_date,
        base_amount=rec.base_amount,
        auto_follow_buy_rate=multiple_out(rec.multiple),
        amount=rec.amount,
        status=rec.status,
        fail_reason=rec.fail_reason,
        broker_order_no=order.broker_order_no if order else None,
        order_code=order.order_code if order else None,
        confirm_status=order.confirm_status if order else None,
        pay_status=order.pay_status if order else None,
        # a portfolio order has no shares of its own (each fund's are on its children)
        trade_share=order.trade_share if order and order.trade_share > 0 else None,
        confirmed_amount=order.confirmed_amount if order else None,
        confirmed_shares=order.confirmed_shares if order else None,
        fee=order.fee if order else None,
        created_at=rec.created_at,
    )


def _names(session: Session, codes: set[str]) -> dict[str, str]:
    out = {}
    for code in codes:
        po = products.portfolio(session, code)
        out[code] = po.name if po else code
    return out


def follow_records(
    session: Session,
    *,
    user: BrokerUser,
    po_code: str | None,
    follow_plan_id: int | None,
    sig_id: str | None,
    financial_account_id: int | None,
    page: int | None,
    size: int | None,
) -> FollowRecordsOut:
    """GET /trade/signalPo/followHistory: the caller's follows, newest first."""
    page, size = page_bounds(page, size, base=1, default_size=20)
    if follow_plan_id is not None:
        plan = session.get(SignalFollowPlan, follow_plan_id)
        if plan is None or plan.broker_user_id != user.id:
            raise FollowPlanNotFound()
    if financial_account_id is not None:
        trading.financial_account_of(session, user, financial_account_id)
    rows, total = repo.records(
        session,
        user_id=user.id,
        code=po_code,
        plan_id=follow_plan_id,
        sig_id=sig_id,
        financial_account_id=financial_account_id,
        offset=page_offset(page, size),
        limit=size,
    )
    names = _names(session, {r.product_code for r, _o in rows})
    return FollowRecordsOut(
        list=[_record_out(r, o, names) for r, o in rows],
        total=total,
        page=page,
        size=size,
        has_more=has_more(page, size, total),
    )


def followed_products(session: Session, *, user: BrokerUser) -> list[FollowedProductOut]:
    """GET /trade/getFollowSignal: every signal product the caller has a plan on."""
    plans = repo.plans_of(session, user.id)
    totals = repo.follow_totals(session, [p.id for p in plans])
    out = []
    for plan in plans:
        po = signal_product(session, plan.product_code)
        latest = repo.latest_signal(session, po.code)
        count, total = totals.get(plan.id, (0, ZERO))
        out.append(
            FollowedProductOut(
                follow_plan_id=plan.id,
                po_code=po.code,
                po_name=po.name,
                manager_name=po.manager_name,
                financial_account_id=plan.financial_account_id,
                financial_account_name=_account_name(session, plan.financial_account_id),
                status=plan.status,
                base_amount=plan.base_amount,
                pay_type=plan.pay_type,
                follow_count=count,
                total_followed=round_amount(total),
                latest_signal_info=signal_out(latest) if latest else None,
            )
        )
    return out


def _account_name(session: Session, financial_account_id: int) -> str:
    fa = session.get(FinancialAccount, financial_account_id)
    return fa.name if fa else ""


def follow_signal(
    session: Session, *, user: BrokerUser, po_code: str, financial_account_id: int | None
) -> FollowSignalOut:
    """GET /account/followSignal: the product's latest signal and the caller's follow of it."""
    setting = follow_setting(
        session, user=user, po_code=po_code, financial_account_id=financial_account_id
    )
    latest_follow = None
    if setting.latest_signal_info and setting.follow_plan_id is not None:
        found = follow_records(
            session,
            user=user,
            po_code=po_code,
            follow_plan_id=setting.follow_plan_id,
            sig_id=setting.latest_signal_info.sig_id,
            financial_account_id=None,
            page=1,
            size=1,
        )
        latest_follow = found.list[0] if found.list else None
    return FollowSignalOut(
        po_code=setting.po_code,
        latest_signal_info=setting.latest_signal_info,
        status=setting.status,
        is_set_config=setting.is_set_config,
        latest_follow=latest_follow,
    )


# -- by hand -------------------------------------------------------------------------------


def _signal_of(session: Session, po: Portfolio, sig_id: str) -> ProductSignal:
    s = repo.signal(session, sig_id)
    if s is None or s.product_code != po.code:
        raise SignalNotFound()
    return s


def signal_buy(session: Session, *, user: BrokerUser, body: SignalBuyIn) -> trading.OrderOut:
    """POST /trade/signalPo/buy: a purchase of a signal product on a buy signal, as /trade/buyPo
    (every check of a manual purchase), the order remembering the signal."""
    fa = trading.financial_account_of(session, user, body.financial_account_id)
    _check_account_kind(session, fa, body.po_code)
    card = (
        trading.paying_card(session, user, body.payment_method_id)
        if body.pay_type == PAY_CARD
        else None
    )
    account = trading.verified_account(session, user, body.trade_password)

    def place() -> trading.OrderOut:
        trading.require_buy_verify(session, user=user, account=account, ticket=body.verify_ticket)
        po = signal_product(session, body.po_code)
        s = _signal_of(session, po, body.sig_id)
        if s.signal_type != "BUY":
            raise NotABuySignal()
        order = trading.place_po_buy(
            session,
            user=user,
            account=account,
            fa=fa,
            card=card,
            po_code=po.code,
            amount=body.amount,
            pay_type=body.pay_type,
            risk_confirmed=body.risk_confirmed,
            ext_meta_info={"sigId": s.sig_id},
        )
        return trading.order_out(session, order)

    return trading.once(session, user, body, "signal.buy", place)


def signal_redeem(session: Session, *, user: BrokerUser, body: SignalRedeemIn) -> trading.OrderOut:
    """POST /trade/signalPo/redeem: a sale of the part a sell signal instructs (or ``ratio``),
    a signal sell order (isSignalSellOrder)."""
    fa = trading.financial_account_of(session, user, body.financial_account_id)
    account = trading.verified_account(session, user, body.trade_password)

    def place() -> trading.OrderOut:
        po = signal_product(session, body.po_code)
        s = _signal_of(session, po, body.sig_id)
        if s.signal_type != "SELL":
            raise NotASellSignal()
        if session.scalar(select(repo.sold_by_signal(fa.id, s.sig_id))):
            raise SignalAlreadySold()
        order = trading.place_po_sell(
            session,
            user=user,
            account=account,
            fa=fa,
            po_code=po.code,
            ratio=body.ratio or s.auto_follow_buy_rate,
            redeem_to=body.redeem_to,
            payment_method_id=body.payment_method_id,
            signal_sell=True,
            ext_meta_info={"sigId": s.sig_id},
        )
        return trading.order_out(session, order)

    return trading.once(session, user, body, "signal.redeem", place)
