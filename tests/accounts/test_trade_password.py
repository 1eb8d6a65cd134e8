"""The trade password: six digits, argon2, locked for a day after five wrong tries; the failure
count survives the failed request."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from opentamp.accounts.trade_password import (
    TradePasswordInvalid,
    TradePasswordLocked,
    TradePasswordNotSet,
    TradePasswordWrong,
    set_trade_password,
    verify_trade_password,
)
from opentamp.deps import CurrentUser, SessionDep
from opentamp.kit.clock import BEIJING, frozen
from opentamp.kit.envelope import Envelope, api_router, ok
from opentamp.kit.schema import CamelModel
from opentamp.models.accounts import Account
from tests.factories import login, make_account, make_user


def test_set_and_verify(session: Session) -> None:
    account = make_account(session)
    with pytest.raises(TradePasswordNotSet):
        verify_trade_password(session, account, password="123456")
    for bad in ("12345", "abcdef", "1234567", ""):
        with pytest.raises(TradePasswordInvalid):
            set_trade_password(account, password=bad)
    set_trade_password(account, password="135790")
    assert account.trade_password_hash and "135790" not in account.trade_password_hash
    verify_trade_password(session, account, password="135790")


def test_five_wrong_tries_lock_for_a_day(session: Session) -> None:
    account = make_account(session)
    set_trade_password(account, password="135790")
    start = datetime(2026, 11, 20, 10, 0, tzinfo=BEIJING)
    with frozen(start):
        for left in (4, 3, 2, 1):
            with pytest.raises(TradePasswordWrong) as info:
                verify_trade_password(session, account, password="000000")
            assert info.value.message == f"交易密码错误，还可尝试{left}次"
        with pytest.raises(TradePasswordLocked):
            verify_trade_password(session, account, password="000000")
        with pytest.raises(TradePasswordLocked):  # even the right password, while locked
            verify_trade_password(session, account, password="135790")
    with frozen(start + timedelta(hours=24)):
        verify_trade_password(session, account, password="135790")
        assert account.trade_password_failures == 0


def test_a_right_password_resets_the_count(session: Session) -> None:
    account = make_account(session)
    set_trade_password(account, password="135790")
    for _ in range(3):
        with pytest.raises(TradePasswordWrong):
            verify_trade_password(session, account, password="111111")
    verify_trade_password(session, account, password="135790")
    with pytest.raises(TradePasswordWrong) as info:
        verify_trade_password(session, account, password="111111")
    assert "还可尝试4次" in info.value.message


class PasswordIn(CamelModel):
    password: str


router = api_router()


@router.post("/test/checkPassword")
def check_password(body: PasswordIn, user: CurrentUser, session: SessionDep) -> Envelope[None]:
    account = session.query(Account).filter_by(broker_user_id=user.id).one()
    verify_trade_password(session, account, password=body.password)
    return ok(None)


def test_the_failure_count_survives_the_failed_request(
    app: FastAPI, api: str, client: TestClient, session: Session
) -> None:
    if not any(getattr(r, "path", "") == f"{api}/test/checkPassword" for r in app.routes):
        app.include_router(router, prefix=api)
    user = make_user(session)
    account = make_account(session, user=user)
    set_trade_password(account, password="135790")
    headers = login(session, user)
    res = client.post(f"{api}/test/checkPassword", json={"password": "000000"}, headers=headers)
    assert res.status_code == 400 and res.json()["error"] == "trade_password_wrong"
    session.refresh(account)
    assert account.trade_password_failures == 1
