"""Changing a card (换卡): the user proves who they are (ID number and trade password), names the
new card, saves and submits an application with its documents; the daily review approves or
rejects it and an approved one moves the bound card."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.accounts.api import (
    CardChangeInvalid,
    IdentityMismatch,
    normalize_id_no,
    own_upload_keys,
    verify_trade_password,
)
from opentamp.auth.api import normalize_phone
from opentamp.core import caller
from opentamp.core.sms_codes import check_code, send_code
from opentamp.kit.clock import now
from opentamp.kit.masking import mask_phone
from opentamp.kit.ownership import owned
from opentamp.models.accounts import Account, PaymentMethod
from opentamp.models.auth import BrokerUser
from opentamp.models.cards import CardChangeApplication, CardRequest
from opentamp.payments.banks import (
    BY_CODE,
)
from opentamp.payments.schemas import (
    CardCodeOut,
    ChangeApplicationOut,
    ChangeSaveIn,
)
from opentamp.payments.service import (
    STATUS_NAMES,
    card_request,
    check_new_card,
    method_out,
    new_payment_method,
    new_serial,
)


def verify_user(session: Session, *, user: BrokerUser, id_no: str, trade_password: str) -> None:
    """The identity check before a card change: the document number and the trade password."""
    account = caller.require_account(session, user)
    verify_trade_password(session, account, password=trade_password)
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
    bank, fingerprint, token = check_new_card(session, account, card_no, bank_no, number)
    request = CardRequest(
        serial_no=new_serial(),
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
    # Only pictures the caller uploaded (their keys from /utils/uploadOssResource).
    photos = own_upload_keys(session, user=user, keys=body.photos)
    existing = None
    if body.apply_id is not None:
        existing = owned(session, CardChangeApplication, body.apply_id, owner_id=user.id)
        if existing.status != "DRAFT":
            raise CardChangeInvalid(detail="申请已提交，不能修改")
    request = None
    if body.serial_no:
        request = card_request(session, user, body.serial_no, "change")
        if request.payment_method_id != old.id:
            raise CardChangeInvalid(detail="新卡信息与原卡不对应，请重新填写")
        if request.status == "sent":
            # Before any write: a wrong code's count is committed with the failing request.
            check_code(
                session,
                phone=request.phone,
                purpose="change_card",
                code=body.verify_code,
                subject=request.serial_no,
            )
            request.status = "verified"
    if existing is None:
        row = CardChangeApplication(
            broker_user_id=user.id, account_id=account.id, old_payment_method_id=old.id
        )
        session.add(row)
    else:
        row = existing
    if request is not None:
        row.new_request_id = request.id
    row.old_payment_method_id = old.id
    row.reason = body.reason.strip()
    row.photos = photos
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
        card = new_payment_method(session, account, new)
        if old.status == "bound":
            old.status, old.unbound_at = "unbound", now()
        new.status, new.payment_method_id = "done", card.id
        row.status, row.new_payment_method_id = "APPROVED", card.id
        count += 1
    session.flush()
    return count
