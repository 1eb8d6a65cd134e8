"""Advisory membership (投顾会员, docs/membership.md): a yearly membership, bought through WeChat
Pay, under which the strategies of fee mode MEMBER charge no adviser fee (the MEMBER rule of
docs/rules.md: rules/adviser_fees.py). The customer verifies their identity against the opened
account, authorizes WeChat (queryOpenId keeps the openid), buys (an order and the pay step's
parameters) and the page asks the pay status, which settles the order from WeChat's answer:
paid, the term starts (or extends from the current end) in the same transaction."""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.accounts.api import normalize_id_no
from opentamp.advisory import errors
from opentamp.advisory.schemas import (
    MemberBuyIn,
    MemberBuyOut,
    MemberOrderOut,
    MemberPayStatusOut,
    MemberProductOut,
    MemberStatusOut,
    MemberStrategyOut,
    VerifyIdentityIn,
    WechatPayOut,
)
from opentamp.core.idempotency import run_once
from opentamp.errors import NotFound
from opentamp.kit.clock import now
from opentamp.models.accounts import Account
from opentamp.models.advisory import FEE_MEMBER, AdvisoryStrategy
from opentamp.models.auth import BrokerUser
from opentamp.models.membership import PAID, PAY_FAILED, PAYING, Member, MemberOrder
from opentamp.models.products import Portfolio
from opentamp.outside.wechat_pay import PAYERROR, SUCCESS, wechat_pay

#: The membership on sale: code, name, price, term in days.
PRODUCT_CODE, PRODUCT_NAME = "MEMBER_Y", "投顾会员（年卡）"
PRICE, DAYS = Decimal("199.00"), 365
BENEFITS = (
    "会员专属投顾组合免收投顾服务费",
    "投顾组合调仓提醒与组合诊断",
    "会员有效期365天，续费自动顺延",
)
PAY_STATUS_NAMES = {PAYING: "支付中", PAY_FAILED: "支付失败", PAID: "支付成功"}


def _member(session: Session, user: BrokerUser, *, lock: bool = False) -> Member:
    query = select(Member).where(Member.broker_user_id == user.id)
    if lock:
        query = query.with_for_update()
    member = session.scalar(query)
    if member is None:
        member = Member(broker_user_id=user.id)
        session.add(member)
        session.flush()
    return member


def _order_out(o: MemberOrder) -> MemberOrderOut:
    return MemberOrderOut(
        order_no=o.order_no,
        product_code=o.product_code,
        amount=o.amount,
        pay_status=o.pay_status,
        pay_status_name=PAY_STATUS_NAMES[o.pay_status],
        create_time=o.created_at,
        pay_time=o.paid_at,
    )


def _status_out(session: Session, user: BrokerUser, member: Member | None) -> MemberStatusOut:
    moment = now()
    active = bool(member and member.expires_at and member.expires_at > moment)
    last = session.scalar(
        select(MemberOrder)
        .where(MemberOrder.broker_user_id == user.id)
        .order_by(MemberOrder.created_at.desc(), MemberOrder.id.desc())
        .limit(1)
    )
    days_left = 0
    if active and member and member.expires_at:
        days_left = -((moment - member.expires_at) // timedelta(days=1))  # whole days, rounded up
    return MemberStatusOut(
        is_member=active,
        identity_verified=bool(member and member.identity_verified_at),
        open_id_bound=bool(member and member.openid),
        open_id=member.openid if member else "",
        starts_at=member.starts_at if member else None,
        expires_at=member.expires_at if member else None,
        days_left=days_left,
        last_order=_order_out(last) if last else None,
    )


def is_member(session: Session, user_id: int) -> bool:
    """An active membership now (paid, not yet expired)."""
    expires = session.scalar(select(Member.expires_at).where(Member.broker_user_id == user_id))
    return expires is not None and expires > now()


def require_member_for(session: Session, user_id: int, strategy: AdvisoryStrategy) -> None:
    """A strategy of fee mode MEMBER charges no adviser fee because its investors are members:
    it is signed and topped up only under an active membership (docs/membership.md)."""
    if strategy.fee_mode == FEE_MEMBER and not is_member(session, user_id):
        raise errors.MemberRequired()


def user_product_status(session: Session, *, user: BrokerUser) -> MemberStatusOut:
    member = session.scalar(select(Member).where(Member.broker_user_id == user.id))
    return _status_out(session, user, member)


def product_info(session: Session) -> MemberProductOut:
    rows = session.execute(
        select(AdvisoryStrategy.po_code, Portfolio.name)
        .join(Portfolio, Portfolio.code == AdvisoryStrategy.po_code)
        .where(AdvisoryStrategy.fee_mode == FEE_MEMBER)
        .order_by(AdvisoryStrategy.po_code)
    )
    return MemberProductOut(
        product_code=PRODUCT_CODE,
        product_name=PRODUCT_NAME,
        price=PRICE,
        days=DAYS,
        benefits=list(BENEFITS),
        strategies=[MemberStrategyOut(po_code=c, po_name=n) for c, n in rows],
    )


def verify_identity(
    session: Session, *, user: BrokerUser, body: VerifyIdentityIn
) -> MemberStatusOut:
    account = session.scalar(select(Account).where(Account.broker_user_id == user.id))
    if account is None:
        raise errors.MemberNoAccount()
    if body.name.strip() != account.name or normalize_id_no(body.id_no) != normalize_id_no(
        account.id_no
    ):
        raise errors.MemberIdentityMismatch()
    member = _member(session, user, lock=True)
    if member.identity_verified_at is None:
        member.identity_verified_at = now()
    session.flush()
    return _status_out(session, user, member)


def remember_openid(session: Session, *, user: BrokerUser, openid: str) -> None:
    """queryOpenId: the openid WeChat gave for this user's code, for paying inside WeChat."""
    member = _member(session, user, lock=True)
    member.openid = openid
    session.flush()


def buy(session: Session, *, user: BrokerUser, body: MemberBuyIn) -> MemberBuyOut:
    """Place a membership order with WeChat Pay and hand back the pay step's parameters."""
    if body.product_code != PRODUCT_CODE:
        raise errors.MemberProductUnknown()
    member = _member(session, user)
    if member.identity_verified_at is None:
        raise errors.MemberIdentityUnverified()
    if not member.openid or member.openid != body.open_id:
        raise errors.MemberOpenIdInvalid()

    def run() -> MemberBuyOut:
        order = MemberOrder(
            order_no="M" + now().strftime("%Y%m%d%H%M%S") + secrets.token_hex(4).upper(),
            broker_user_id=user.id,
            product_code=PRODUCT_CODE,
            amount=PRICE,
            openid=member.openid,
            prepay_id="",
        )
        order.prepay_id = wechat_pay().unified_order(
            out_trade_no=order.order_no,
            amount=PRICE,
            openid=member.openid,
            description=PRODUCT_NAME,
        )
        session.add(order)
        session.flush()
        params = wechat_pay().pay_params(order.prepay_id)
        return MemberBuyOut(
            order=_order_out(order),
            pay=WechatPayOut(
                app_id=params.app_id,
                timestamp=params.timestamp,
                nonce=params.nonce,
                prepay_id=params.prepay_id,
                sign_type=params.sign_type,
                sign=params.sign,
            ),
        )

    return run_once(
        session,
        user_id=user.id,
        trade_uuid=body.trade_uuid,
        action="adviser.member.buy",
        request=body,
        schema=MemberBuyOut,
        run=run,
    )


def _extend(member: Member, moment: datetime) -> None:
    start = member.expires_at if member.expires_at and member.expires_at > moment else moment
    if not (member.expires_at and member.expires_at > moment):
        member.starts_at = moment
    member.expires_at = start + timedelta(days=DAYS)


def pay_status(session: Session, *, user: BrokerUser, order_no: str) -> MemberPayStatusOut:
    """The order's status; while paying, WeChat is asked and its answer settles the order (paid:
    the membership starts or extends, in the same transaction)."""
    order = session.scalar(
        select(MemberOrder)
        .where(MemberOrder.order_no == order_no, MemberOrder.broker_user_id == user.id)
        .with_for_update()
    )
    if order is None:
        raise NotFound()
    if order.pay_status == PAYING:
        state = wechat_pay().query_order(order.order_no)
        if state.state == SUCCESS:
            moment = now()
            member = _member(session, user, lock=True)
            order.pay_status, order.paid_at = PAID, moment
            order.transaction_id = state.transaction_id
            _extend(member, moment)
            session.flush()
        elif state.state == PAYERROR:
            order.pay_status = PAY_FAILED
            session.flush()
    member_row = session.scalar(select(Member).where(Member.broker_user_id == user.id))
    return MemberPayStatusOut(
        order=_order_out(order), status=_status_out(session, user, member_row)
    )
