"""Bank cards and payment (issue of accounts; docs/product.md#entities payment method,
docs/product.md#roles card limit, docs/product.md#constants agreements;
docs/architecture.md#the-pieces).

Binding a card is three steps, one per screen: ``sendNewCardVerifyCode`` checks the card with
the payment gateway (3001 when the bank refuses it) and texts a code to the bank's reserved
phone; ``checkNewCardVerifyCode`` spends the code; ``paymentMethod/bind`` binds the verified
card, signed for quick payment. A user binds one card, or up to max(5, the broker's limit) when
the broker allows several (docs/product.md#roles). Only the card's tail and a digest are kept.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from datetime import timedelta

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from opentamp.accounts import api as accounts
from opentamp.accounts.api import (
    BankUnsupported,
    CardAlreadyBound,
    CardBindFailed,
    CardLimitReached,
    CardNoInvalid,
    CardRequestExpired,
    CardUnbindBlocked,
    verify_trade_password,
)
from opentamp.auth.api import normalize_phone
from opentamp.core import caller
from opentamp.core.sms_codes import check_code, send_code
from opentamp.errors import NotFound
from opentamp.kit.clock import now
from opentamp.kit.masking import mask_card_tail, mask_phone
from opentamp.kit.ownership import owned
from opentamp.models.accounts import Account, PaymentMethod
from opentamp.models.auth import BrokerUser
from opentamp.models.cards import CardRequest
from opentamp.models.holdings import Holding
from opentamp.models.platform import Broker
from opentamp.outside.payment import card_fingerprint, payment_gateway
from opentamp.payments.banks import (
    BANKS,
    BY_CODE,
    Bank,
    bank_of_card,
    card_show_name,
)
from opentamp.payments.schemas import (
    Agreement,
    AgreementGroup,
    AgreementsOut,
    BankOut,
    CardCodeOut,
    PaymentMethodOut,
    PaymentMethodsOut,
    VerifiedOut,
)

REQUEST_TTL = timedelta(minutes=30)
MULTI_CARD_MIN = 5
MERGED_AGREEMENT = "银行授权支付服务协议"
STATUS_NAMES = {
    "DRAFT": "待提交",
    "SUBMITTED": "审核中",
    "APPROVED": "已完成",
    "REJECTED": "未通过",
}


def bank_out(bank: Bank) -> BankOut:
    return BankOut(
        bank_no=bank.code,
        bank_name=bank.name,
        bank_short_name=bank.short_name,
        color=bank.color,
        single_limit=bank.single_limit,
        daily_limit=bank.daily_limit,
    )


def banks() -> list[BankOut]:
    return [bank_out(b) for b in BANKS]


def _clean_card_no(card_no: str) -> str:
    digits = card_no.replace(" ", "")
    if not digits.isdigit() or not 16 <= len(digits) <= 19:
        raise CardNoInvalid()
    return digits


def open_bank(card_no: str) -> BankOut:
    """The bank that issued a card (getOpenBankName), by its number's prefix."""
    bank = bank_of_card(_clean_card_no(card_no))
    if bank is None:
        raise BankUnsupported("未能识别发卡银行，请手动选择银行")
    return bank_out(bank)


def card_limit(broker: Broker) -> int:
    """docs/product.md#roles: 1, or max(5, configured limit) when multi-card binding is on."""
    if broker.disable_bind_multi_cards:
        return 1
    return max(MULTI_CARD_MIN, broker.user_bank_card_bind_limit)


def method_out(card: PaymentMethod) -> PaymentMethodOut:
    bank = BY_CODE.get(card.bank_no)
    short = bank.short_name if bank else card.bank_no
    return PaymentMethodOut(
        payment_method_id=card.id,
        payment_type=f"bank:{card.bank_no}",
        payment_no=mask_card_tail(card.card_tail),
        name=short,
        bank_no=card.bank_no,
        bank_name=bank.name if bank else short,
        bank_card_tail=card.card_tail,
        bank_card_show_name=card_show_name(card.bank_no, card.card_tail),
        bank_card_phone_tail=card.phone_tail,
        phone=mask_phone(card.phone) if card.phone else f"*******{card.phone_tail}",
        color=bank.color if bank else "gray",
        is_signed=card.is_signed,
        single_limit=card.single_limit,
        daily_limit=card.daily_limit,
        bind_date=card.created_at.date(),
        unbind_date=card.unbound_at.date() if card.unbound_at else None,
    )


def paying_card(cards: Sequence[PaymentMethod]) -> PaymentMethod | None:
    """The card that pays unless the user picks another (a purchase, a plan's charge, a wallet
    top-up): the first signed card in binding order, else the first bound card, as the trade
    screens start from (web/src/features/trade/components/pay-choice.tsx usePayChoice).
    ``cards`` are the bound cards in binding order (``bound_cards``)."""
    return next((c for c in cards if c.is_signed), cards[0] if cards else None)


def payment_methods(session: Session, *, user: BrokerUser) -> PaymentMethodsOut:
    account = caller.require_account(session, user, allow_institution=True)
    cards = accounts.bound_cards(session, account.id)
    limit = card_limit(caller.broker_of(session, user))
    return PaymentMethodsOut(
        payment_methods=[method_out(c) for c in cards],
        bind_limit=limit,
        can_bind_more=len(cards) < limit,
    )


def history_payment_methods(session: Session, *, user: BrokerUser) -> list[PaymentMethodOut]:
    account = caller.require_account(session, user, allow_institution=True)
    rows = session.scalars(
        select(PaymentMethod)
        .where(PaymentMethod.account_id == account.id, PaymentMethod.status == "unbound")
        .order_by(PaymentMethod.unbound_at.desc())
    )
    return [method_out(c) for c in rows]


def agreements(*, bank_no: str | None, h5_base: str) -> AgreementsOut:
    """The payment agreements of a bank; several merge into one entry named
    银行授权支付服务协议 (docs/product.md#constants)."""
    bank = BY_CODE.get(bank_no or "")
    bank_name = bank.name if bank else "银行"
    docs = [
        Agreement(
            name=f"{bank_name}快捷支付服务协议",
            url=f"{h5_base}/serviceProtocol?protocolType=quickPayment&bankNo={bank_no or ''}",
        ),
        Agreement(
            name="委托扣款授权书",
            url=f"{h5_base}/serviceProtocol?protocolType=entrustedPayment&bankNo={bank_no or ''}",
        ),
    ]
    name = MERGED_AGREEMENT if len(docs) > 1 else docs[0].name
    return AgreementsOut(payment_agreement=AgreementGroup(name=name, agreements=docs))


def new_serial() -> str:
    return "CB" + secrets.token_hex(10).upper()


def card_request(session: Session, user: BrokerUser, serial_no: str, kind: str) -> CardRequest:
    row = session.scalar(
        select(CardRequest).where(CardRequest.serial_no == serial_no).with_for_update()
    )
    if row is None or row.broker_user_id != user.id:
        raise NotFound()
    if row.kind != kind or row.expires_at <= now() or row.status == "done":
        raise CardRequestExpired()
    return row


def _bound_count(session: Session, account_id: int) -> int:
    return int(
        session.scalar(
            select(func.count())
            .select_from(PaymentMethod)
            .where(PaymentMethod.account_id == account_id, PaymentMethod.status == "bound")
        )
        or 0
    )


def check_new_card(
    session: Session, account: Account, card_no: str, bank_no: str | None, phone: str
) -> tuple[Bank, str, str]:
    """(bank, fingerprint, gateway token) of a card that may be bound, or raise."""
    digits = _clean_card_no(card_no)
    detected = bank_of_card(digits)
    chosen = BY_CODE.get(bank_no or "")
    if bank_no and chosen is None:
        raise BankUnsupported()
    if detected and chosen and detected.code != chosen.code:
        raise CardNoInvalid(f"卡号与所选银行不一致，该卡为{detected.name}卡")
    bank = detected or chosen
    if bank is None:
        raise BankUnsupported("未能识别发卡银行，请选择银行后重试")
    fingerprint = card_fingerprint(digits)
    duplicate = session.scalar(
        select(PaymentMethod.id).where(
            PaymentMethod.account_id == account.id,
            PaymentMethod.status == "bound",
            PaymentMethod.card_fingerprint == fingerprint,
        )
    )
    if duplicate is not None:
        raise CardAlreadyBound()
    result = payment_gateway().verify_card(
        card_no=digits, name=account.name, id_no=account.id_no, phone=phone
    )
    if not result.ok:
        raise CardBindFailed(detail=result.reason or "银行卡校验失败")
    return bank, fingerprint, result.token


def send_new_card_code(
    session: Session, *, user: BrokerUser, card_no: str, bank_no: str | None, phone: str
) -> CardCodeOut:
    account = caller.require_account(session, user)
    number = normalize_phone(phone)
    limit = card_limit(caller.broker_of(session, user))
    if _bound_count(session, account.id) >= limit:
        raise CardLimitReached(limit=limit)
    bank, fingerprint, token = check_new_card(session, account, card_no, bank_no, number)
    request = CardRequest(
        serial_no=new_serial(),
        kind="bind",
        broker_user_id=user.id,
        account_id=account.id,
        bank_no=bank.code,
        card_tail=card_no.replace(" ", "")[-4:],
        card_fingerprint=fingerprint,
        gateway_token=token,
        phone=number,
        expires_at=now() + REQUEST_TTL,
    )
    session.add(request)
    session.flush()
    ttl = send_code(
        session,
        phone=number,
        purpose="bind_card",
        subject=request.serial_no,
        sender=bank.short_name,
    )
    return CardCodeOut(
        serial_no=request.serial_no,
        phone=mask_phone(number),
        bank_no=bank.code,
        bank_name=bank.name,
        bank_card_tail=request.card_tail,
        expires_in=ttl,
    )


def check_new_card_code(
    session: Session, *, user: BrokerUser, serial_no: str, verify_code: str
) -> VerifiedOut:
    request = card_request(session, user, serial_no, "bind")
    check_code(
        session, phone=request.phone, purpose="bind_card", code=verify_code, subject=serial_no
    )
    request.status = "verified"
    session.flush()
    return VerifiedOut(serial_no=serial_no, verified=True)


def new_payment_method(session: Session, account: Account, request: CardRequest) -> PaymentMethod:
    bank = BY_CODE[request.bank_no]
    moment = now()
    card = PaymentMethod(
        broker_user_id=account.broker_user_id,
        account_id=account.id,
        bank_no=request.bank_no,
        card_tail=request.card_tail,
        card_fingerprint=request.card_fingerprint,
        phone_tail=request.phone[-4:],
        phone=request.phone,
        gateway_token=request.gateway_token,
        is_signed=True,
        signed_at=moment,
        status="bound",
        single_limit=bank.single_limit,
        daily_limit=bank.daily_limit,
        created_at=moment,
    )
    session.add(card)
    session.flush()
    return card


def bind_card(session: Session, *, user: BrokerUser, serial_no: str) -> PaymentMethodOut:
    account = caller.require_account(session, user, lock=True)
    request = card_request(session, user, serial_no, "bind")
    if request.status != "verified":
        raise CardRequestExpired("请先完成短信验证")
    limit = card_limit(caller.broker_of(session, user))
    if _bound_count(session, account.id) >= limit:
        raise CardLimitReached(limit=limit)
    duplicate = session.scalar(
        select(PaymentMethod.id).where(
            PaymentMethod.account_id == account.id,
            PaymentMethod.status == "bound",
            PaymentMethod.card_fingerprint == request.card_fingerprint,
        )
    )
    if duplicate is not None:
        raise CardAlreadyBound()
    card = new_payment_method(session, account, request)
    request.status, request.payment_method_id = "done", card.id
    session.flush()
    return method_out(card)


def unbind_card(
    session: Session, *, user: BrokerUser, payment_method_id: int, trade_password: str
) -> None:
    """Unbind with the trade password; the last card stays while anything is held, so that
    redemptions have somewhere to go."""
    account = caller.require_account(session, user, lock=True)
    card = owned(session, PaymentMethod, payment_method_id, owner_id=user.id)
    if card.status != "bound":
        raise CardUnbindBlocked(detail="该银行卡已解绑")
    verify_trade_password(session, account, password=trade_password)
    holding = session.scalar(
        select(Holding.id).where(Holding.account_id == account.id, Holding.shares > 0).limit(1)
    )
    if holding is not None and _bound_count(session, account.id) <= 1:
        raise CardUnbindBlocked(detail="您当前持有资产，需至少保留一张银行卡用于接收赎回款")
    card.status, card.unbound_at = "unbound", now()
    session.flush()
