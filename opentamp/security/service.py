"""Account security (账户安全): the trade password set, changed (old password) or reset
(document number + SMS code), the payment verification method (payAuthMode), login notices,
and the phones on file. Sensitive steps spend a ticket of opentamp/core/tickets.py."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.accounts import api as accounts
from opentamp.accounts.api import (
    LOCK_FOR,
    MAX_FAILURES,
    IdentityMismatch,
    TradePasswordExists,
    TradePasswordInvalid,
    TradePasswordWeak,
    normalize_id_no,
    set_trade_password,
    user_setting,
    verify_trade_password,
)
from opentamp.auth.api import PhoneInvalid, normalize_phone
from opentamp.core import caller
from opentamp.core.sms_codes import check_code, send_code
from opentamp.core.tickets import TICKET_TTL, SecurityTicketInvalid, issue_ticket, spend_ticket
from opentamp.kit.clock import now
from opentamp.kit.masking import mask_phone
from opentamp.models.accounts import Account
from opentamp.models.auth import BrokerUser
from opentamp.models.preferences import UserSetting
from opentamp.payments.api import method_out
from opentamp.security.schemas import (
    IdSmsSentOut,
    PasswordSetOut,
    PhoneOut,
    PhonesOut,
    SecuritySettingOut,
    TeamSettingOut,
    TicketOut,
)

VERIFY_METHODS = {"PASSWORD": "交易密码", "PASSWORD_SMS": "交易密码+短信验证码"}


def weak_password_reason(password: str, account: Account) -> bool:
    """Six equal digits, a run up or down (123456, 654321), or the birthday (YYMMDD, MMDDYY)."""
    if len(set(password)) == 1:
        return True
    steps = {int(b) - int(a) for a, b in zip(password, password[1:], strict=False)}
    if steps in ({1}, {-1}):
        return True
    if account.birth_date is not None:
        born = account.birth_date
        if password in (f"{born:%y%m%d}", f"{born:%m%d%y}"):
            return True
    return False


def setting(session: Session, *, user: BrokerUser) -> SecuritySettingOut:
    account = caller.require_account(session, user, allow_institution=True)
    row = session.get(UserSetting, user.id)
    locked_until = account.trade_password_locked_until
    locked = locked_until is not None and locked_until > now()
    return SecuritySettingOut(
        has_trade_password=bool(account.trade_password_hash),
        trade_verify_method=account.trade_verify_method,
        trade_password_locked=locked,
        locked_until=locked_until if locked else None,
        login_notify=bool(row and row.login_notify),
        phone=mask_phone(user.phone),
        last_login_at=user.last_login_at,
    )


def update_setting(session: Session, *, user: BrokerUser, login_notify: bool) -> SecuritySettingOut:
    user_setting(session, user).login_notify = login_notify
    session.flush()
    return setting(session, user=user)


def verify_password(session: Session, *, user: BrokerUser, password: str, scene: str) -> TicketOut:
    account = caller.require_account(session, user)
    verify_trade_password(session, account, password=password)
    ticket = issue_ticket(session, user_id=user.id, scene=scene)
    return TicketOut(ticket=ticket, expires_in=int(TICKET_TTL.total_seconds()))


def set_password(
    session: Session, *, user: BrokerUser, password: str, ticket: str | None
) -> PasswordSetOut:
    """First set needs nothing more; a change needs the old password's ticket, a reset the
    ID + SMS ticket."""
    account = caller.require_account(session, user, lock=True)
    if not password.isdigit() or len(password) != 6:
        raise TradePasswordInvalid()
    if weak_password_reason(password, account):
        raise TradePasswordWeak()
    scene = "set"
    if account.trade_password_hash:
        if not ticket:
            raise TradePasswordExists()
        try:
            spend_ticket(session, user_id=user.id, scene="changeTradePassword", raw=ticket)
            scene = "change"
        except SecurityTicketInvalid:  # a reset's ticket is the other way in
            spend_ticket(session, user_id=user.id, scene="resetTradePassword", raw=ticket)
            scene = "reset"
    set_trade_password(account, password=password)
    session.flush()
    return PasswordSetOut(has_trade_password=True, scene=scene)


def send_id_sms(session: Session, *, user: BrokerUser, scene: str) -> IdSmsSentOut:
    account = caller.require_account(session, user, allow_institution=True)
    ttl = send_code(session, phone=account.phone, purpose="id_verify", subject=scene)
    return IdSmsSentOut(phone=mask_phone(account.phone), expires_in=ttl)


def verify_id_sms(
    session: Session, *, user: BrokerUser, scene: str, id_no: str, verify_code: str
) -> TicketOut:
    account = caller.require_account(session, user, allow_institution=True)
    check_code(session, phone=account.phone, purpose="id_verify", code=verify_code, subject=scene)
    if normalize_id_no(id_no) != account.id_no:
        raise IdentityMismatch()  # the code is spent: a wrong number costs a new code
    ticket = issue_ticket(session, user_id=user.id, scene=scene)
    return TicketOut(ticket=ticket, expires_in=int(TICKET_TTL.total_seconds()))


def change_verify_method(
    session: Session, *, user: BrokerUser, method: str, password: str
) -> SecuritySettingOut:
    account = caller.require_account(session, user)
    verify_trade_password(session, account, password=password)
    account.trade_verify_method = method
    session.flush()
    return setting(session, user=user)


def team_setting() -> TeamSettingOut:
    return TeamSettingOut(
        verify_methods=[{"value": k, "label": v} for k, v in VERIFY_METHODS.items()],
        password_length=6,
        max_password_failures=MAX_FAILURES,
        lock_hours=int(LOCK_FOR.total_seconds() // 3600),
    )


def phones(session: Session, *, user: BrokerUser) -> PhonesOut:
    account = caller.account_of(session, user)
    cards = accounts.bound_cards(session, account.id) if account else []
    return PhonesOut(
        login_phone=mask_phone(user.phone),
        account_phone=mask_phone(account.phone) if account else None,
        cards=[
            {
                "paymentMethodId": c.id,
                "bankCardShowName": method_out(c).bank_card_show_name,
                "phone": method_out(c).phone,
            }
            for c in cards
        ],
    )


def send_new_phone_code(session: Session, *, user: BrokerUser, phone: str) -> IdSmsSentOut:
    number = normalize_phone(phone)
    _check_phone_free(session, user, number)
    ttl = send_code(session, phone=number, purpose="update_phone", subject=str(user.id))
    return IdSmsSentOut(phone=mask_phone(number), expires_in=ttl)


def _check_phone_free(session: Session, user: BrokerUser, number: str) -> None:
    if number == user.phone:
        raise PhoneInvalid("新手机号不能与当前手机号相同")
    taken = session.scalar(
        select(BrokerUser.id).where(
            BrokerUser.broker_id == user.broker_id, BrokerUser.phone == number
        )
    )
    if taken is not None:
        raise PhoneInvalid("该手机号已注册，请更换其他手机号")


def update_phone(
    session: Session, *, user: BrokerUser, phone: str, verify_code: str, ticket: str
) -> PhoneOut:
    """Change the login phone and the account's reserved phone together: the identity check's
    ticket first, then the code sent to the new phone."""
    number = normalize_phone(phone)
    check_code(
        session, phone=number, purpose="update_phone", code=verify_code, subject=str(user.id)
    )
    _check_phone_free(session, user, number)
    spend_ticket(session, user_id=user.id, scene="updatePhone", raw=ticket)
    user.phone = number
    account = caller.account_of(session, user)
    if account is not None:
        account.phone = number
    session.flush()
    return PhoneOut(phone=mask_phone(number))
