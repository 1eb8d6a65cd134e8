"""Money in and out of a service account (docs/advisory.md#deposit-and-withdraw): the SMS
code, the deposit (a P02 over the model's current weights, through the ordinary purchase path),
the proportional withdrawal (P03), single-fund sales where allowed, cancelling, and reading a
parent order."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.advisory import repository as repo
from opentamp.advisory.errors import (
    AnnouncementUnread,
    FeeDebt,
    RatioInvalid,
    SingleFundRedeemClosed,
)
from opentamp.advisory.membership import require_member_for
from opentamp.advisory.schemas import (
    CancelIn,
    CodeSentOut,
    DepositIn,
    FundRedeemIn,
    FundRedeemWriteIn,
    MoneyOrderOut,
    PaymentMethodsOut,
    PreredeemIn,
    PreredeemOut,
    RedeemItemOut,
    ServiceAccountIn,
    WithdrawIn,
)
from opentamp.core import caller
from opentamp.core.sms_codes import check_code, send_code
from opentamp.errors import NotFound
from opentamp.kit.clock import now
from opentamp.kit.masking import mask_phone
from opentamp.models.accounts import PaymentMethod
from opentamp.models.advisory import (
    FEE_PROCESSING,
    REDEEM,
    AdvisoryFee,
    AdvisoryFeeAccrual,
    AdvisoryStrategy,
    ServiceAccount,
)
from opentamp.models.auth import BrokerUser, TradeRequest
from opentamp.models.orders import TradeOrder
from opentamp.models.products import Fund
from opentamp.trading import api as trading_api

SMS_PURPOSE = "trade"
ONE = Decimal(1)


def _subject(sa: ServiceAccount) -> str:
    return f"deposit:{sa.id}"


def send_deposit_code(session: Session, *, user: BrokerUser, body: ServiceAccountIn) -> CodeSentOut:
    """POST /serviceAccount/depositVerifyCode and depositResendVerifyCode."""
    sa = repo.active_account(session, user, body.service_account_id)
    account = caller.require_account(session, user)
    ttl = send_code(
        session,
        phone=account.phone,
        purpose=SMS_PURPOSE,
        subject=_subject(sa),
        sender=caller.broker_of(session, user).short_name,
    )
    return CodeSentOut(phone=mask_phone(account.phone), expires_in=ttl)


def require_clear(session: Session, user: BrokerUser, sa: ServiceAccount) -> None:
    """No unpaid fee, every mandatory announcement read, and for a strategy of fee mode MEMBER
    an active membership."""
    if repo.debts(session, user.id):
        raise FeeDebt()
    strategy = session.get(AdvisoryStrategy, sa.po_code)
    if strategy is not None:
        require_member_for(session, user.id, strategy)
    if repo.unread_mandatory(session, user.id, sa.po_code):
        raise AnnouncementUnread()


def mark_service_order(session: Session, order_no: str, sa: ServiceAccount) -> TradeOrder:
    """extMetaInfo isServiceAccountOrder on the parent and its children."""
    parent = session.scalar(select(TradeOrder).where(TradeOrder.broker_order_no == order_no))
    assert parent is not None
    kids = session.scalars(select(TradeOrder).where(TradeOrder.parent_id == parent.id)).all()
    for order in [parent, *kids]:
        order.ext_meta_info = {
            **(order.ext_meta_info or {}),
            "isServiceAccountOrder": True,
            "serviceAccountId": sa.id,
        }
    session.flush()
    return parent


def _seen(session: Session, user: BrokerUser, trade_uuid: str) -> bool:
    return (
        session.scalar(
            select(TradeRequest.id).where(
                TradeRequest.broker_user_id == user.id, TradeRequest.trade_uuid == trade_uuid
            )
        )
        is not None
    )


def deposit(
    session: Session,
    *,
    user: BrokerUser,
    body: DepositIn,
    weights: Mapping[str, Decimal] | None = None,
    level: int | None = None,
    code_checked: bool = False,
) -> trading_api.OrderOut:
    """POST /serviceAccount/deposit. A robo account (docs/robo.md) deposits at its plan's
    ``weights`` and risk ``level``; ``code_checked``: the SMS code was spent by the caller in
    this transaction (the contract's signature of the first robo deposit)."""
    sa = repo.active_account(session, user, body.service_account_id)
    # the trade password first, as every trade write: a repeat too must carry it
    account = trading_api.verified_account(session, user, body.trade_password)
    if _seen(session, user, body.trade_uuid):  # a repeat answers the first deposit
        return trading_api.once(
            session,
            user,
            body,
            "serviceAccount.deposit",
            lambda: trading_api.OrderOut.model_validate({}),
        )
    require_clear(session, user, sa)
    if not code_checked:
        check_code(
            session,
            phone=account.phone,
            purpose=SMS_PURPOSE,
            code=body.verify_code,
            subject=_subject(sa),
        )
    assert sa.financial_account_id is not None
    fa_id = sa.financial_account_id

    def run() -> trading_api.OrderOut:
        order = trading_api.buy_po(
            session,
            user=user,
            body=trading_api.BuyPoIn(
                financial_account_id=fa_id,
                po_code=sa.po_code,
                amount=body.amount,
                pay_type=body.pay_type,
                payment_method_id=body.payment_method_id,
                trade_password=body.trade_password,
                risk_confirmed=body.risk_confirmed,
                trade_uuid=f"{body.trade_uuid[:54]}#deposit",
            ),
            weights=weights,
            level=level,
            verified=account,
        )
        return trading_api.order_out(
            session, mark_service_order(session, order.broker_order_no, sa)
        )

    return trading_api.once(session, user, body, "serviceAccount.deposit", run)


def deposit_preview(
    session: Session, *, user: BrokerUser, service_account_id: int, amount: Decimal
) -> trading_api.PrepareBuyPoOut:
    """GET /serviceAccount/deposit/preview: the split of a deposit (按模型配置买入) as trading
    previews the strategy's purchase (``/trade/prepareBuyPo``), each fund by its short name."""
    sa = repo.active_account(session, user, service_account_id)
    plan = trading_api.prepare_buy_po(session, po_code=sa.po_code, amount=amount)
    funds = repo.funds(session, [i.fund_code for i in plan.items])
    return plan.model_copy(
        update={
            "items": [
                i.model_copy(update={"fund_name": _short_name(i.fund_code, i.fund_name, funds)})
                for i in plan.items
            ]
        }
    )


def _ratio(ratio: Decimal) -> Decimal:
    if ratio <= 0 or ratio > ONE:
        raise RatioInvalid()
    return ratio


def preredeem(session: Session, *, user: BrokerUser, body: PreredeemIn) -> PreredeemOut:
    sa = repo.active_account(session, user, body.service_account_id)
    ratio = _ratio(body.ratio)
    assert sa.financial_account_id is not None
    est = trading_api.prepare_redeem_po(
        session,
        user=user,
        financial_account_id=sa.financial_account_id,
        po_code=sa.po_code,
        ratio=ratio,
    )
    names = repo.funds(session, [i.fund_code for i in est.items])
    return PreredeemOut(
        ratio=ratio,
        total_amount=est.estimated_amount,
        total_fee=est.estimated_fee,
        adviser_fee=repo.uncharged_accruals(session, sa.id) if ratio == ONE else Decimal("0.00"),
        item_list=[
            RedeemItemOut(
                fund_code=i.fund_code,
                fund_name=names[i.fund_code].short_name,
                shares=i.shares,
                amount=i.estimated_amount,
                fee=i.estimated_fee,
            )
            for i in est.items
        ],
    )


def charge_on_sale(
    session: Session, sa: ServiceAccount, sale_order_id: int, source: str
) -> AdvisoryFee | None:
    """The uncharged accruals become a fee (REDEEM, UNSIGN) paid from the wallet once the sale's
    cash is there (status P until then)."""
    accruals = session.scalars(
        select(AdvisoryFeeAccrual).where(
            AdvisoryFeeAccrual.service_account_id == sa.id, AdvisoryFeeAccrual.fee_id.is_(None)
        )
    ).all()
    amount = sum((a.amount for a in accruals), Decimal("0"))
    if amount <= 0:
        return None
    fee = AdvisoryFee(
        service_account_id=sa.id,
        broker_user_id=sa.broker_user_id,
        source=source,
        period_start=min(a.accrual_date for a in accruals),
        period_end=max(a.accrual_date for a in accruals),
        amount=amount,
        status=FEE_PROCESSING,
        sale_order_id=sale_order_id,
    )
    session.add(fee)
    session.flush()
    for a in accruals:
        a.fee_id = fee.id
    session.flush()
    return fee


def withdraw(session: Session, *, user: BrokerUser, body: WithdrawIn) -> trading_api.OrderOut:
    """POST /serviceAccount/withdraw: sell ``ratio`` of every component (P03); everything
    (ratio 1) also charges the uncharged accruals as a REDEEM fee."""
    sa = repo.active_account(session, user, body.service_account_id)
    ratio = _ratio(body.ratio)
    # the trade password here, before the idempotent run: a wrong try's count must stand
    account = trading_api.verified_account(session, user, body.trade_password)
    assert sa.financial_account_id is not None
    fa_id = sa.financial_account_id

    def run() -> trading_api.OrderOut:
        order = trading_api.redeem_po(
            session,
            user=user,
            body=trading_api.RedeemPoIn(
                financial_account_id=fa_id,
                po_code=sa.po_code,
                ratio=ratio,
                redeem_to=body.redeem_to,
                payment_method_id=body.payment_method_id,
                trade_password=body.trade_password,
                trade_uuid=f"{body.trade_uuid[:53]}#withdraw",
            ),
            verified=account,
        )
        parent = mark_service_order(session, order.broker_order_no, sa)
        if ratio == ONE and body.redeem_to == "wallet":
            charge_on_sale(session, sa, parent.id, REDEEM)
        return trading_api.order_out(session, parent)

    return trading_api.once(session, user, body, "serviceAccount.withdraw", run)


def _service_order(
    session: Session, user: BrokerUser, order_no: str
) -> tuple[TradeOrder, ServiceAccount]:
    order = session.scalar(select(TradeOrder).where(TradeOrder.broker_order_no == order_no))
    if order is None or order.broker_user_id != user.id:
        raise NotFound()
    sa = session.scalar(
        select(ServiceAccount).where(
            ServiceAccount.financial_account_id == order.financial_account_id
        )
    )
    if sa is None:
        raise NotFound()
    return order, sa


def cancel(session: Session, *, user: BrokerUser, body: CancelIn) -> trading_api.OrderOut:
    """POST /serviceAccount/cancel: a deposit or withdrawal before its cut-off."""
    order, _sa = _service_order(session, user, body.broker_order_no)
    return trading_api.cancel_po_order(
        session,
        user=user,
        body=trading_api.CancelOrderIn(
            broker_order_no=order.broker_order_no, trade_password=body.trade_password
        ),
    )


def money_order(session: Session, *, user: BrokerUser, broker_order_no: str) -> MoneyOrderOut:
    order, sa = _service_order(session, user, broker_order_no)
    kids = session.scalars(
        select(TradeOrder).where(TradeOrder.parent_id == order.id).order_by(TradeOrder.id)
    ).all()
    outs = trading_api.orders_out(session, [order, *kids])
    funds = repo.funds(
        session,
        [o.product_code for out in outs for o in (out, *out.children) if o.product_type == "FUND"],
    )
    parent, *children = (_short_named(o, funds) for o in outs)
    return MoneyOrderOut(
        service_account_id=sa.id,
        order=parent.model_dump(mode="json", by_alias=True),
        child_list=[k.model_dump(mode="json", by_alias=True) for k in children],
    )


def _short_named(order: trading_api.OrderOut, funds: Mapping[str, Fund]) -> trading_api.OrderOut:
    """The order (and its children) with each fund named by its short name (远航纯债A), as every
    advisory screen names a component fund (tests/advisory/test_fund_names.py), not by its full
    legal name."""
    name = order.product_name
    return order.model_copy(
        update={
            "product_name": _short_name(order.product_code, name, funds)
            if order.product_type == "FUND"
            else name,
            "children": [_short_named(c, funds) for c in order.children],
        }
    )


def _short_name(code: str, name: str, funds: Mapping[str, Fund]) -> str:
    """How the advisory screens name a component fund: by its short name (远航纯债A), not its
    full legal name; ``name`` where the fund is not found."""
    fund = funds.get(code)
    return fund.short_name if fund else name


def _single_fund(session: Session, user: BrokerUser, sa_id: int, fund_code: str) -> ServiceAccount:
    sa = repo.active_account(session, user, sa_id)
    s = session.get(AdvisoryStrategy, sa.po_code)
    assert s is not None
    if not s.allow_single_fund_redeem:
        raise SingleFundRedeemClosed()
    if fund_code not in {h.fund_code for h in repo.holdings(session, sa)}:
        raise NotFound()
    return sa


def fund_preredeem(session: Session, *, user: BrokerUser, body: FundRedeemIn) -> PreredeemOut:
    sa = _single_fund(session, user, body.service_account_id, body.fund_code)
    holding = next(h for h in repo.holdings(session, sa) if h.fund_code == body.fund_code)
    fund = trading_api.tradable_fund(session, body.fund_code)
    if body.shares > trading_api.available_shares(holding):
        raise RatioInvalid("卖出份额超过可用份额")
    # the ordinary redemption fee: each lot's rate by its holding days (docs/advisory.md)
    est = trading_api.estimate_redemption(session, holding, fund, body.shares)
    return PreredeemOut(
        ratio=(body.shares / holding.shares).quantize(Decimal("0.0001")) if holding.shares else ONE,
        total_amount=est.estimated_amount,
        total_fee=est.estimated_fee,
        adviser_fee=Decimal("0.00"),
        item_list=[
            RedeemItemOut(
                fund_code=fund.code, fund_name=fund.short_name, shares=body.shares,
                amount=est.estimated_amount, fee=est.estimated_fee,
            )
        ],
    )  # fmt: skip


def fund_redeem(
    session: Session, *, user: BrokerUser, body: FundRedeemWriteIn
) -> trading_api.OrderOut:
    sa = _single_fund(session, user, body.service_account_id, body.fund_code)
    assert sa.financial_account_id is not None
    fa = trading_api.financial_account_of(session, user, sa.financial_account_id)
    account = trading_api.verified_account(session, user, body.trade_password)
    _ = account

    def run() -> trading_api.OrderOut:
        holding = trading_api.holding(
            session,
            financial_account_id=fa.id,
            fund_code=body.fund_code,
            portfolio_code=sa.po_code,
            lock=True,
        )
        if holding is None or trading_api.available_shares(holding) < body.shares:
            raise RatioInvalid("卖出份额超过可用份额")
        moment = now()
        order = trading_api.redeem_child(
            session,
            user=user,
            fa=fa,
            holding=holding,
            fund=trading_api.tradable_fund(session, body.fund_code),
            shares=body.shares,
            moment=moment,
            redeem_to="wallet",
            card=None,
            order_no=trading_api.new_order_no(moment),
        )
        order.ext_meta_info = {"isServiceAccountOrder": True, "serviceAccountId": sa.id}
        session.flush()
        return trading_api.order_out(session, order)

    return trading_api.once(session, user, body, "serviceAccount.fundRedeem", run)


def payment_methods(
    session: Session, *, user: BrokerUser, service_account_id: int
) -> PaymentMethodsOut:
    sa = repo.owned_account(session, user, service_account_id)
    cards = session.scalars(
        select(PaymentMethod)
        .where(PaymentMethod.broker_user_id == user.id, PaymentMethod.status == "bound")
        .order_by(PaymentMethod.id)
    ).all()
    wallet = repo.wallet_of(session, sa)
    return PaymentMethodsOut(
        payment_methods=[
            {
                "paymentMethodId": c.id,
                "bankNo": c.bank_no,
                "bankCardTail": c.card_tail,
                "isSigned": c.is_signed,
                "singleLimit": f"{c.single_limit}",
                "dailyLimit": f"{c.daily_limit}",
            }
            for c in cards
        ],
        wallet_shares=trading_api.available_shares(wallet)
        if wallet is not None
        else Decimal("0.00"),
    )
