from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Query

from opentamp.accounts.api import check_trade_password_first
from opentamp.config import get_settings
from opentamp.deps import CurrentUser, SessionDep, claimed_ids
from opentamp.kit.envelope import Envelope, api_router, ok
from opentamp.kit.ownership import require_self
from opentamp.kit.params import Id
from opentamp.payments import card_change, service, signing
from opentamp.payments.schemas import (
    AgreementsOut,
    ApplyIdIn,
    BankOut,
    CardCodeOut,
    CardPhoneIn,
    ChangeApplicationOut,
    ChangeSaveIn,
    CmbResultOut,
    CmbSignOut,
    NewCardCheckIn,
    NewCardCodeIn,
    PaymentMethodIdIn,
    PaymentMethodOut,
    PaymentMethodsOut,
    SerialCodeIn,
    SerialIn,
    SignSentOut,
    UnbindIn,
    VerifiedOut,
    VerifyUserIn,
    VerifyUserOut,
)

router = api_router(
    tags=["payments"],
    dependencies=[Depends(check_trade_password_first), Depends(claimed_ids)],
)
BrokerUserId = Annotated[Id | None, Query(alias="brokerUserId")]


@router.get("/account/banks")
def list_banks(user: CurrentUser) -> Envelope[list[BankOut]]:
    """The banks cards can be bound from (selectBank): codes, names, colours and limits."""
    return ok(service.banks())


@router.get("/utils/getOpenBankName")
def get_open_bank_name(
    user: CurrentUser, card_no: Annotated[str, Query(alias="cardNo", min_length=12, max_length=23)]
) -> Envelope[BankOut]:
    """The bank that issued a card number (by its prefix)."""
    return ok(service.open_bank(card_no))


@router.post("/account/sendNewCardVerifyCode")
def send_new_card_verify_code(
    body: NewCardCodeIn, user: CurrentUser, session: SessionDep
) -> Envelope[CardCodeOut]:
    """Check a new card with the bank (3001 when refused) and text the bank's code."""
    return ok(
        service.send_new_card_code(
            session, user=user, card_no=body.card_no, bank_no=body.bank_no, phone=body.phone
        )
    )


@router.post("/account/checkNewCardVerifyCode")
def check_new_card_verify_code(
    body: SerialCodeIn, user: CurrentUser, session: SessionDep
) -> Envelope[VerifiedOut]:
    return ok(
        service.check_new_card_code(
            session, user=user, serial_no=body.serial_no, verify_code=body.verify_code
        )
    )


@router.post("/account/paymentMethod/bind")
def bind_payment_method(
    body: SerialIn, user: CurrentUser, session: SessionDep
) -> Envelope[PaymentMethodOut]:
    """Bind the verified card (signed for quick payment)."""
    return ok(service.bind_card(session, user=user, serial_no=body.serial_no))


@router.post("/account/paymentMethod/unbind")
def unbind_payment_method(body: UnbindIn, user: CurrentUser, session: SessionDep) -> Envelope[None]:
    """Unbind a card with the trade password; the last card stays while assets are held."""
    service.unbind_card(
        session,
        user=user,
        payment_method_id=body.payment_method_id,
        trade_password=body.trade_password,
    )
    return ok(None)


@router.post("/account/paymentMethod/prepareSign")
def prepare_sign(
    body: PaymentMethodIdIn, user: CurrentUser, session: SessionDep
) -> Envelope[SignSentOut]:
    """Re-sign a card's payment channel: text the bank's code."""
    return ok(signing.prepare_sign(session, user=user, payment_method_id=body.payment_method_id))


@router.post("/account/paymentMethod/confirmSign")
def confirm_sign(
    body: SerialCodeIn, user: CurrentUser, session: SessionDep
) -> Envelope[PaymentMethodOut]:
    return ok(
        signing.confirm_sign(
            session, user=user, serial_no=body.serial_no, verify_code=body.verify_code
        )
    )


@router.get("/account/getPaymentMethods")
def get_payment_methods(
    user: CurrentUser, session: SessionDep, broker_user_id: BrokerUserId = None
) -> Envelope[PaymentMethodsOut]:
    """The bound cards (tail only), the card limit and whether another may be bound."""
    require_self(user.id, broker_user_id)
    return ok(service.payment_methods(session, user=user))


@router.get("/account/getHistoryPaymentMethods")
def get_history_payment_methods(
    user: CurrentUser, session: SessionDep, broker_user_id: BrokerUserId = None
) -> Envelope[list[PaymentMethodOut]]:
    """Cards bound before and since unbound."""
    require_self(user.id, broker_user_id)
    return ok(service.history_payment_methods(session, user=user))


@router.get("/account/getAgreements")
def get_agreements(
    user: CurrentUser,
    bank_no: Annotated[str | None, Query(alias="bankNo")] = None,
    agreement_type: Annotated[str, Query(alias="agreementType")] = "paymentAgreement",
) -> Envelope[AgreementsOut]:
    """A bank's payment agreements, merged as 银行授权支付服务协议 when several."""
    return ok(service.agreements(bank_no=bank_no, h5_base=get_settings().h5_prefix))


@router.post("/payment/cmb/sign")
def cmb_sign(
    body: PaymentMethodIdIn, user: CurrentUser, session: SessionDep
) -> Envelope[CmbSignOut]:
    """招商银行 signing on the bank's page; raises the card's quick-payment limits."""
    return ok(signing.cmb_sign(session, user=user, payment_method_id=body.payment_method_id))


@router.get("/payment/cmb/verifyResult")
def cmb_verify_result(
    user: CurrentUser,
    session: SessionDep,
    serial_no: Annotated[str, Query(alias="serialNo", min_length=8, max_length=32)],
) -> Envelope[CmbResultOut]:
    """The 招商银行 signing's result as it stands (SUCCESS or PROCESSING); changes nothing."""
    return ok(signing.cmb_result(session, user=user, serial_no=serial_no))


@router.post("/payment/cmb/verifyResult")
def cmb_verify_confirm(
    body: SerialIn, user: CurrentUser, session: SessionDep
) -> Envelope[CmbResultOut]:
    """The bank's page came back (cmbVerifyResult): sign the card and raise its limits; once."""
    return ok(signing.cmb_confirm(session, user=user, serial_no=body.serial_no))


@router.post("/payment/changeBankCardPhone/sendSms")
def change_card_phone_send(
    body: CardPhoneIn, user: CurrentUser, session: SessionDep
) -> Envelope[SignSentOut]:
    """Change a card's reserved phone: a code to the new phone."""
    return ok(
        signing.send_card_phone_code(
            session, user=user, payment_method_id=body.payment_method_id, phone=body.phone
        )
    )


@router.post("/payment/changeBankCardPhone/confirm")
def change_card_phone_confirm(
    body: SerialCodeIn, user: CurrentUser, session: SessionDep
) -> Envelope[PaymentMethodOut]:
    return ok(
        signing.confirm_card_phone(
            session, user=user, serial_no=body.serial_no, verify_code=body.verify_code
        )
    )


@router.post("/onlineChangeCard/verifyUser")
def online_change_verify_user(
    body: VerifyUserIn, user: CurrentUser, session: SessionDep
) -> Envelope[VerifyUserOut]:
    """The identity check before a card change: document number and trade password."""
    card_change.verify_user(
        session, user=user, id_no=body.id_no, trade_password=body.trade_password
    )
    return ok(VerifyUserOut(verified=True))


@router.post("/onlineChangeCard/newCardCheck")
def online_change_new_card(
    body: NewCardCheckIn, user: CurrentUser, session: SessionDep
) -> Envelope[CardCodeOut]:
    return ok(
        card_change.new_card_check(
            session,
            user=user,
            old_payment_method_id=body.old_payment_method_id,
            card_no=body.card_no,
            bank_no=body.bank_no,
            phone=body.phone,
        )
    )


@router.post("/onlineChangeCard/save")
def online_change_save(
    body: ChangeSaveIn, user: CurrentUser, session: SessionDep
) -> Envelope[ChangeApplicationOut]:
    return ok(card_change.save_change(session, user=user, body=body))


@router.post("/onlineChangeCard/submit")
def online_change_submit(
    body: ApplyIdIn, user: CurrentUser, session: SessionDep
) -> Envelope[ChangeApplicationOut]:
    """Submit for the broker's review (the next daily run approves it)."""
    return ok(card_change.submit_change(session, user=user, apply_id=body.apply_id))


@router.get("/onlineChangeCard/list")
def online_change_list(
    user: CurrentUser, session: SessionDep
) -> Envelope[list[ChangeApplicationOut]]:
    return ok(card_change.change_list(session, user=user))


@router.get("/onlineChangeCard/detail")
def online_change_detail(
    user: CurrentUser,
    session: SessionDep,
    apply_id: Annotated[Id, Query(alias="applyId")],
) -> Envelope[ChangeApplicationOut]:
    return ok(card_change.change_detail(session, user=user, apply_id=apply_id))
