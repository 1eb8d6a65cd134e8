"""Bank cards and payment (issue of accounts; spec 000 §3 payment method, §6 card limit, §9
agreements; docs/architecture.md#the-pieces).

Binding a card is three steps, one per screen: ``sendNewCardVerifyCode`` checks the card with
the payment gateway (3001 when the bank refuses it) and texts a code to the bank's reserved
phone; ``checkNewCardVerifyCode`` spends the code; ``paymentMethod/bind`` binds the verified
card, signed for quick payment. A user binds one card, or up to max(5, the broker's limit) when
the broker allows several (spec 000 §6). Only the card's tail and a digest are kept.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from opentamp.accounts import api as accounts
from opentamp.accounts.api import (
    BankUnsupported,
    CardAlreadyBound,
    CardBindFailed,
    CardChangeInvalid,
    CardLimitReached,
    CardNoInvalid,
    CardRequestExpired,
    CardUnbindBlocked,
    IdentityMismatch,
    normalize_id_no,
    verify_trade_password,
)
from opentamp.auth.api import normalize_phone
from opentamp.config import get_settings
from opentamp.core import caller
from opentamp.core.sms_codes import check_code, send_code
from opentamp.errors import NotFound
from opentamp.kit.clock import now
from opentamp.kit.masking import mask_card_tail, mask_phone
from opentamp.kit.ownership import owned
from opentamp.models.accounts import Account, PaymentMethod
from opentamp.models.auth import BrokerUser
from opentamp.models.cards import CardChangeApplication, CardRequest
from opentamp.models.holdings import Holding
from opentamp.models.platform import Broker
from opentamp.outside.payment import card_fingerprint, payment_gateway
from opentamp.payments.banks import (
    BANKS,
    BY_CODE,
    CMB_CODE,
    CMB_RAISED_DAILY,
    CMB_RAISED_SINGLE,
    Bank,
    bank_of_card,
)
from opentamp.payments.schemas import (
    Agreement,
    AgreementGroup,
    AgreementsOut,
    BankOut,
    CardCodeOut,
    ChangeApplicationOut,
    ChangeSaveIn,
    CmbResultOut,
    CmbSignOut,
    PaymentMethodOut,
    PaymentMethodsOut,
    SignSentOut,
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
    """Spec 000 §6: 1, or max(5, configured limit) when multi-card binding is on."""
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
        bank_card_show_name=f"{short}({card.card_tail})",
        bank_card_phone_tail=card.phone_tail,
        phone=mask_phone(card.phone) if card.phone else f"*******{card.phone_tail}",
        color=bank.color if bank else "gray",
        is_signed=card.is_signed,
        single_limit=card.single_limit,
        daily_limit=card.daily_limit,
        bind_date=card.created_at.date(),
        unbind_date=card.unbound_at.date() if card.unbound_at else None,
    )


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
    银行授权支付服务协议 (spec 000 §9)."""
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


# -- binding ------------------------------------------------------------------------------------


def _serial() -> str:
    return "CB" + secrets.token_hex(10).upper()


def _request(session: Session, user: BrokerUser, serial_no: str, kind: str) -> CardRequest:
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


def _check_new_card(
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
    bank, fingerprint, token = _check_new_card(session, account, card_no, bank_no, number)
    request = CardRequest(
        serial_no=_serial(),
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
    request = _request(session, user, serial_no, "bind")
    check_code(
        session, phone=request.phone, purpose="bind_card", code=verify_code, subject=serial_no
    )
    request.status = "verified"
    session.flush()
    return VerifiedOut(serial_no=serial_no, verified=True)


def _new_method(session: Session, account: Account, request: CardRequest) -> PaymentMethod:
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
    request = _request(session, user, serial_no, "bind")
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
    card = _new_method(session, account, request)
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
    verify_trade_password(account, password=trade_password)
    holding = session.scalar(
        select(Holding.id).where(Holding.account_id == account.id, Holding.shares > 0).limit(1)
    )
    if holding is not None and _bound_count(session, account.id) <= 1:
        raise CardUnbindBlocked(detail="您当前持有资产，需至少保留一张银行卡用于接收赎回款")
    card.status, card.unbound_at = "unbound", now()
    session.flush()


# -- payment-channel signing --------------------------------------------------------------------


def _open_request(
    session: Session, *, user: BrokerUser, payment_method_id: int, kind: str, phone: str = ""
) -> CardRequest:
    """A verify request (sign, cmb, phone) on one of the user's bound cards, valid for
    REQUEST_TTL; its phone is where the code goes: ``phone`` when given, else the card's
    reserved phone, else the account's."""
    account = caller.require_account(session, user)
    card = owned(session, PaymentMethod, payment_method_id, owner_id=user.id)
    if card.status != "bound":
        raise CardRequestExpired("该银行卡已解绑")
    request = CardRequest(
        serial_no=_serial(),
        kind=kind,
        broker_user_id=user.id,
        account_id=account.id,
        payment_method_id=card.id,
        bank_no=card.bank_no,
        card_tail=card.card_tail,
        phone=phone or card.phone or account.phone,
        expires_at=now() + REQUEST_TTL,
    )
    session.add(request)
    session.flush()
    return request


def prepare_sign(session: Session, *, user: BrokerUser, payment_method_id: int) -> SignSentOut:
    request = _open_request(session, user=user, payment_method_id=payment_method_id, kind="sign")
    ttl = send_code(session, phone=request.phone, purpose="sign_card", subject=request.serial_no)
    return SignSentOut(serial_no=request.serial_no, phone=mask_phone(request.phone), expires_in=ttl)


def confirm_sign(
    session: Session, *, user: BrokerUser, serial_no: str, verify_code: str
) -> PaymentMethodOut:
    request = _request(session, user, serial_no, "sign")
    check_code(
        session, phone=request.phone, purpose="sign_card", code=verify_code, subject=serial_no
    )
    card = owned(session, PaymentMethod, request.payment_method_id, owner_id=user.id)
    card.is_signed, card.signed_at = True, now()
    request.status = "done"
    session.flush()
    return method_out(card)


def cmb_sign(session: Session, *, user: BrokerUser, payment_method_id: int) -> CmbSignOut:
    """招商银行's own signing (一网通): the bank's page confirms and returns to
    cmbVerifyResult; the signed card gets the bank's raised quick-payment limits."""
    card = owned(session, PaymentMethod, payment_method_id, owner_id=user.id)
    if card.bank_no != CMB_CODE:
        raise BankUnsupported("仅招商银行卡支持该签约方式")
    request = _open_request(session, user=user, payment_method_id=card.id, kind="cmb")
    base = get_settings().h5_prefix
    return CmbSignOut(
        serial_no=request.serial_no,
        verify_url=f"{base}/cmbVerifyResult?serialNo={request.serial_no}",
    )


def cmb_result(session: Session, *, user: BrokerUser, serial_no: str) -> CmbResultOut:
    """The local bank confirms at once: the card is signed and its limits raised."""
    row = session.scalar(select(CardRequest).where(CardRequest.serial_no == serial_no))
    if row is None or row.broker_user_id != user.id:
        raise NotFound()
    if row.kind != "cmb":
        raise CardRequestExpired()
    card = owned(session, PaymentMethod, row.payment_method_id, owner_id=user.id)
    if row.status != "done":
        if row.expires_at <= now():
            raise CardRequestExpired()
        card.is_signed, card.signed_at = True, now()
        card.single_limit, card.daily_limit = CMB_RAISED_SINGLE, CMB_RAISED_DAILY
        row.status = "done"
        session.flush()
    return CmbResultOut(serial_no=serial_no, status="SUCCESS", payment_method=method_out(card))


# -- the card's reserved phone --------------------------------------------------------------------


def send_card_phone_code(
    session: Session, *, user: BrokerUser, payment_method_id: int, phone: str
) -> SignSentOut:
    number = normalize_phone(phone)
    request = _open_request(
        session, user=user, payment_method_id=payment_method_id, kind="phone", phone=number
    )
    ttl = send_code(session, phone=number, purpose="card_phone", subject=request.serial_no)
    return SignSentOut(serial_no=request.serial_no, phone=mask_phone(number), expires_in=ttl)


def confirm_card_phone(
    session: Session, *, user: BrokerUser, serial_no: str, verify_code: str
) -> PaymentMethodOut:
    request = _request(session, user, serial_no, "phone")
    check_code(
        session, phone=request.phone, purpose="card_phone", code=verify_code, subject=serial_no
    )
    card = owned(session, PaymentMethod, request.payment_method_id, owner_id=user.id)
    card.phone, card.phone_tail = request.phone, request.phone[-4:]
    request.status = "done"
    session.flush()
    return method_out(card)


# -- changing a card (换卡) -----------------------------------------------------------------------


def verify_user(session: Session, *, user: BrokerUser, id_no: str, trade_password: str) -> None:
    """The identity check before a card change: the document number and the trade password."""
    account = caller.require_account(session, user)
    verify_trade_password(account, password=trade_password)
    if normalize_id_no(id_no) != account.id_no:
        raise IdentityMismatch()


def new_card_check(
    session: Session,
    *,
    user: BrokerUser,
    old_payment_method_id: int,
    card_no: str,
    bank_no: str | None,
    phone: str,
) -> CardCodeOut:
    account = caller.require_account(session, user)
    old = owned(session, PaymentMethod, old_payment_method_id, owner_id=user.id)
    if old.status != "bound":
        raise CardChangeInvalid(detail="原银行卡已解绑，请直接绑定新卡")
    number = normalize_phone(phone)
    bank, fingerprint, token = _check_new_card(session, account, card_no, bank_no, number)
    request = CardRequest(
        serial_no=_serial(),
        kind="change",
        broker_user_id=user.id,
        account_id=account.id,
        payment_method_id=old.id,
        bank_no=bank.code,
        card_tail=card_no.replace(" ", "")[-4:],
        card_fingerprint=fingerprint,
        gateway_token=token,
        phone=number,
        expires_at=now() + timedelta(days=7),
    )
    session.add(request)
    session.flush()
    ttl = send_code(session, phone=number, purpose="change_card", subject=request.serial_no)
    return CardCodeOut(
        serial_no=request.serial_no,
        phone=mask_phone(number),
        bank_no=bank.code,
        bank_name=bank.name,
        bank_card_tail=request.card_tail,
        expires_in=ttl,
    )


def _application_out(session: Session, row: CardChangeApplication) -> ChangeApplicationOut:
    old = session.get(PaymentMethod, row.old_payment_method_id)
    assert old is not None
    new = session.get(CardRequest, row.new_request_id) if row.new_request_id else None
    bank = BY_CODE.get(new.bank_no) if new else None
    return ChangeApplicationOut(
        apply_id=row.id,
        status=row.status,
        status_name=STATUS_NAMES[row.status],
        old_card=method_out(old),
        new_bank_name=bank.name if bank else "",
        new_bank_card_tail=new.card_tail if new else "",
        new_card_verified=bool(new and new.status in ("verified", "done")),
        reason=row.reason,
        photos=list(row.photos),
        reject_reason=row.reject_reason,
        created_at=row.created_at,
        submitted_at=row.submitted_at,
        reviewed_at=row.reviewed_at,
    )


def save_change(session: Session, *, user: BrokerUser, body: ChangeSaveIn) -> ChangeApplicationOut:
    account = caller.require_account(session, user)
    old = owned(session, PaymentMethod, body.old_payment_method_id, owner_id=user.id)
    if old.status != "bound":
        raise CardChangeInvalid(detail="原银行卡已解绑，请直接绑定新卡")
    if body.apply_id is not None:
        row = owned(session, CardChangeApplication, body.apply_id, owner_id=user.id)
        if row.status != "DRAFT":
            raise CardChangeInvalid(detail="申请已提交，不能修改")
    else:
        row = CardChangeApplication(
            broker_user_id=user.id, account_id=account.id, old_payment_method_id=old.id
        )
        session.add(row)
    if body.serial_no:
        request = _request(session, user, body.serial_no, "change")
        if request.payment_method_id != old.id:
            raise CardChangeInvalid(detail="新卡信息与原卡不对应，请重新填写")
        if request.status == "sent":
            check_code(
                session,
                phone=request.phone,
                purpose="change_card",
                code=body.verify_code,
                subject=request.serial_no,
            )
            request.status = "verified"
        row.new_request_id = request.id
    row.old_payment_method_id = old.id
    row.reason = body.reason.strip()
    row.photos = list(body.photos)
    session.flush()
    return _application_out(session, row)


def submit_change(session: Session, *, user: BrokerUser, apply_id: int) -> ChangeApplicationOut:
    row = owned(session, CardChangeApplication, apply_id, owner_id=user.id)
    if row.status != "DRAFT":
        raise CardChangeInvalid(detail="申请已提交")
    new = session.get(CardRequest, row.new_request_id) if row.new_request_id else None
    if new is None or new.status != "verified":
        raise CardChangeInvalid(detail="请先填写并验证新银行卡")
    if not row.reason:
        raise CardChangeInvalid(detail="请填写换卡原因")
    row.status, row.submitted_at = "SUBMITTED", now()
    session.flush()
    return _application_out(session, row)


def change_list(session: Session, *, user: BrokerUser) -> list[ChangeApplicationOut]:
    rows = session.scalars(
        select(CardChangeApplication)
        .where(CardChangeApplication.broker_user_id == user.id)
        .order_by(CardChangeApplication.created_at.desc(), CardChangeApplication.id.desc())
    )
    return [_application_out(session, r) for r in rows]


def change_detail(session: Session, *, user: BrokerUser, apply_id: int) -> ChangeApplicationOut:
    return _application_out(
        session, owned(session, CardChangeApplication, apply_id, owner_id=user.id)
    )


def review_card_changes(session: Session) -> int:
    """The broker's review of submitted applications (run daily): the new card replaces the old
    one; an application whose new card got bound meanwhile is rejected."""
    count = 0
    for row in session.scalars(
        select(CardChangeApplication).where(CardChangeApplication.status == "SUBMITTED")
    ):
        account = session.get(Account, row.account_id)
        old = session.get(PaymentMethod, row.old_payment_method_id)
        new = session.get(CardRequest, row.new_request_id) if row.new_request_id else None
        assert account is not None and old is not None
        row.reviewed_at = now()
        duplicate = new is not None and session.scalar(
            select(PaymentMethod.id).where(
                PaymentMethod.account_id == account.id,
                PaymentMethod.status == "bound",
                PaymentMethod.card_fingerprint == new.card_fingerprint,
            )
        )
        if new is None or duplicate:
            row.status, row.reject_reason = "REJECTED", "新银行卡已绑定或信息不完整"
            continue
        card = _new_method(session, account, new)
        if old.status == "bound":
            old.status, old.unbound_at = "unbound", now()
        new.status, new.payment_method_id = "done", card.id
        row.status, row.new_payment_method_id = "APPROVED", card.id
        count += 1
    session.flush()
    return count
