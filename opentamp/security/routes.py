from __future__ import annotations

from fastapi import Depends

from opentamp.accounts.api import check_trade_password_first
from opentamp.deps import CurrentUser, SessionDep, claimed_ids
from opentamp.kit.envelope import Envelope, api_router, ok
from opentamp.security import service
from opentamp.security.schemas import (
    IdSmsSendIn,
    IdSmsSentOut,
    IdSmsVerifyIn,
    NewPhoneIn,
    PasswordSetIn,
    PasswordSetOut,
    PasswordVerifyIn,
    PhoneOut,
    PhonesOut,
    SecuritySettingIn,
    SecuritySettingOut,
    TeamSettingOut,
    TicketOut,
    UpdatePhoneIn,
    VerifyMethodIn,
)

router = api_router(
    tags=["security"],
    dependencies=[Depends(check_trade_password_first), Depends(claimed_ids)],
)


@router.get("/security/setting")
def get_security_setting(user: CurrentUser, session: SessionDep) -> Envelope[SecuritySettingOut]:
    """Trade password state (set, locked until), the payment verification method, login
    notices."""
    return ok(service.setting(session, user=user))


@router.post("/security/setting")
def post_security_setting(
    body: SecuritySettingIn, user: CurrentUser, session: SessionDep
) -> Envelope[SecuritySettingOut]:
    """登录提醒: an SMS on every new sign-in."""
    return ok(service.update_setting(session, user=user, login_notify=body.login_notify))


@router.post("/security/pwd/verify")
def verify_password(
    body: PasswordVerifyIn, user: CurrentUser, session: SessionDep
) -> Envelope[TicketOut]:
    """Check the trade password (five wrong tries lock it for a day); a ticket for the change."""
    return ok(service.verify_password(session, user=user, password=body.password, scene=body.scene))


@router.post("/security/pwd/set")
def set_password(
    body: PasswordSetIn, user: CurrentUser, session: SessionDep
) -> Envelope[PasswordSetOut]:
    """Set the trade password (six digits, not too simple); to change or reset it, the ticket
    of the old password or of the ID + SMS check."""
    return ok(service.set_password(session, user=user, password=body.password, ticket=body.ticket))


@router.post("/security/IDSms/send")
def send_id_sms(
    body: IdSmsSendIn, user: CurrentUser, session: SessionDep
) -> Envelope[IdSmsSentOut]:
    """A code to the account's reserved phone for an identity check."""
    return ok(service.send_id_sms(session, user=user, scene=body.scene))


@router.post("/security/IDSms/verify")
def verify_id_sms(
    body: IdSmsVerifyIn, user: CurrentUser, session: SessionDep
) -> Envelope[TicketOut]:
    """Document number + SMS code: a ticket for the scene (reset password, change phone …)."""
    return ok(
        service.verify_id_sms(
            session, user=user, scene=body.scene, id_no=body.id_no, verify_code=body.verify_code
        )
    )


@router.post("/security/changeTradeVerifyMethod")
def change_trade_verify_method(
    body: VerifyMethodIn, user: CurrentUser, session: SessionDep
) -> Envelope[SecuritySettingOut]:
    """payAuthMode: 交易密码, or 交易密码 + 短信验证码 for every trade."""
    return ok(
        service.change_verify_method(session, user=user, method=body.method, password=body.password)
    )


@router.get("/security/teamSetting")
def team_setting(user: CurrentUser) -> Envelope[TeamSettingOut]:
    return ok(service.team_setting())


@router.get("/account/getPaymentPhones")
def get_payment_phones(user: CurrentUser, session: SessionDep) -> Envelope[PhonesOut]:
    """The phones on file (masked): login, account reserved, and each card's."""
    return ok(service.phones(session, user=user))


@router.post("/account/updatePhone/sendCode")
def update_phone_send_code(
    body: NewPhoneIn, user: CurrentUser, session: SessionDep
) -> Envelope[IdSmsSentOut]:
    """A code to the new phone."""
    return ok(service.send_new_phone_code(session, user=user, phone=body.phone))


@router.post("/account/updatePhone")
def update_phone(body: UpdatePhoneIn, user: CurrentUser, session: SessionDep) -> Envelope[PhoneOut]:
    """Change the phone: the identity ticket and the new phone's code."""
    return ok(
        service.update_phone(
            session, user=user, phone=body.phone, verify_code=body.verify_code, ticket=body.ticket
        )
    )
