"""A phone's daily quota of SMS codes (docs/api.md#messages-and-codes) counts sign-in codes,
which anyone may ask for, apart from the codes of signed-in calls: a stranger who asks for a
phone's ten sign-in codes of the day leaves its owner's trade codes untouched."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from sqlalchemy.orm import Session

from opentamp.core.sms_codes import SmsDailyLimit, quota_kind, send_code
from opentamp.kit.clock import BEIJING, frozen
from tests.sms import SmsRecorder, sms  # noqa: F401  (the sms fixture)

T0 = datetime(2026, 11, 20, 9, 0, tzinfo=BEIJING)
PHONE = "13900001234"


def test_sign_in_codes_do_not_use_up_the_trade_codes(
    session: Session,
    sms: SmsRecorder,  # noqa: F811
) -> None:
    for i in range(10):
        with frozen(T0 + timedelta(minutes=i)):
            send_code(session, phone=PHONE, purpose="login")
    with frozen(T0 + timedelta(minutes=10)), pytest.raises(SmsDailyLimit):
        send_code(session, phone=PHONE, purpose="login")
    for i in range(10):
        with frozen(T0 + timedelta(minutes=11 + i)):
            send_code(session, phone=PHONE, purpose="trade" if i % 2 else "bind_card")
    with frozen(T0 + timedelta(minutes=30)), pytest.raises(SmsDailyLimit):
        send_code(session, phone=PHONE, purpose="id_verify")
    assert len(sms.sent) == 20


def test_every_purpose_but_sign_in_shares_the_account_quota() -> None:
    assert quota_kind("login") == "login"
    kinds = {
        quota_kind(p) for p in ("trade", "bind_card", "sign_card", "id_verify", "open_account")
    }
    assert kinds == {"account"}
