"""Signing a bound card with its payment channel (quick-payment agreement by SMS code, or 招商银行's
own page and its result), and confirming the card's reserved phone."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.accounts.api import (
    BankUnsupported,
    CardRequestExpired,
)
from opentamp.auth.api import normalize_phone
from opentamp.config import get_settings
from opentamp.core import caller
from opentamp.core.sms_codes import check_code, send_code
from opentamp.errors import NotFound
from opentamp.kit.clock import now
from opentamp.kit.masking import mask_phone
from opentamp.kit.ownership import owned
from opentamp.models.accounts import PaymentMethod
from opentamp.models.auth import BrokerUser
from opentamp.models.cards import CardRequest
from opentamp.payments.banks import (
    CMB_CODE,
    CMB_RAISED_DAILY,
    CMB_RAISED_SINGLE,
)
from opentamp.payments.schemas import (
    CmbResultOut,
    CmbSignOut,
    PaymentMethodOut,
    SignSentOut,
)
from opentamp.payments.service import REQUEST_TTL, card_request, method_out, new_serial


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
        serial_no=new_serial(),
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
    request = card_request(session, user, serial_no, "sign")
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


def _cmb_request(
    session: Session, user: BrokerUser, serial_no: str, *, lock: bool = False
) -> tuple[CardRequest, PaymentMethod]:
    """The caller's 招商银行 signing request and its card (404 for anyone else's)."""
    query = select(CardRequest).where(CardRequest.serial_no == serial_no)
    if lock:
        query = query.with_for_update().execution_options(populate_existing=True)
    row = session.scalar(query)
    if row is None or row.broker_user_id != user.id:
        raise NotFound()
    if row.kind != "cmb":
        raise CardRequestExpired()
    return row, owned(session, PaymentMethod, row.payment_method_id, owner_id=user.id)


def cmb_result(session: Session, *, user: BrokerUser, serial_no: str) -> CmbResultOut:
    """GET: the signing's result as it stands, a pure read: SUCCESS once the bank's page came
    back (:func:`cmb_confirm`), PROCESSING until then, expired after REQUEST_TTL."""
    row, card = _cmb_request(session, user, serial_no)
    if row.status != "done" and row.expires_at <= now():
        raise CardRequestExpired()
    status = "SUCCESS" if row.status == "done" else "PROCESSING"
    return CmbResultOut(serial_no=serial_no, status=status, payment_method=method_out(card))


def cmb_confirm(session: Session, *, user: BrokerUser, serial_no: str) -> CmbResultOut:
    """POST: the bank's page came back to cmbVerifyResult and the local bank confirms at once:
    the card is signed and its limits raised. Confirming again changes nothing."""
    row, card = _cmb_request(session, user, serial_no, lock=True)
    if row.status != "done":
        if row.expires_at <= now():
            raise CardRequestExpired()
        card.is_signed, card.signed_at = True, now()
        card.single_limit, card.daily_limit = CMB_RAISED_SINGLE, CMB_RAISED_DAILY
        row.status = "done"
        session.flush()
    return CmbResultOut(serial_no=serial_no, status="SUCCESS", payment_method=method_out(card))


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
    request = card_request(session, user, serial_no, "phone")
    check_code(
        session, phone=request.phone, purpose="card_phone", code=verify_code, subject=serial_no
    )
    card = owned(session, PaymentMethod, request.payment_method_id, owner_id=user.id)
    card.phone, card.phone_tail = request.phone, request.phone[-4:]
    request.status = "done"
    session.flush()
    return method_out(card)
