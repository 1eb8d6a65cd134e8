"""The trade password: six digits, argon2, locked for a day after five wrong tries; the failure
count survives the failed request."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from argon2 import PasswordHasher, Type, extract_parameters
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from opentamp.accounts import trade_password
from opentamp.accounts.trade_password import (
    TradePasswordInvalid,
    TradePasswordLocked,
    TradePasswordNotSet,
    TradePasswordWrong,
    set_trade_password,
    verify_trade_password,
)
from opentamp.config import Settings
from opentamp.deps import CurrentUser, SessionDep
from opentamp.kit.clock import BEIJING, frozen
from opentamp.kit.envelope import Envelope, api_router, ok
from opentamp.kit.schema import CamelModel
from opentamp.models.accounts import Account
from tests.factories import (
    login,
    make_account,
    make_user,
    peppered_hash_of_the_former_cost,
)


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


def test_the_hash_is_peppered_and_cheap(session: Session, monkeypatch: pytest.MonkeyPatch) -> None:
    account = make_account(session)
    set_trade_password(account, password="135790")
    stored = account.trade_password_hash or ""
    assert stored.startswith(trade_password.PEPPERED)
    params = extract_parameters(stored[len(trade_password.PEPPERED) :])
    assert (params.type, params.memory_cost, params.time_cost) == (Type.ID, 1024, 1)
    # The same hash under another pepper (a stolen table without the key) matches nothing.
    monkeypatch.setattr(
        trade_password, "get_settings", lambda: Settings(trade_password_pepper="another key")
    )
    with pytest.raises(TradePasswordWrong):
        verify_trade_password(session, account, password="135790")


def test_the_pepper_may_come_from_a_key_file(
    session: Session, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    key_file = tmp_path / "pepper.key"
    key_file.write_text("a key of the deployment\n", encoding="utf-8")
    monkeypatch.setattr(
        trade_password, "get_settings", lambda: Settings(trade_password_pepper_file=key_file)
    )
    account = make_account(session)
    set_trade_password(account, password="135790")
    verify_trade_password(session, account, password="135790")
    monkeypatch.setattr(
        trade_password, "get_settings", lambda: Settings(trade_password_pepper="a key of the")
    )
    with pytest.raises(TradePasswordWrong):
        verify_trade_password(session, account, password="135790")


def _unpeppered(password: str) -> str:
    """A hash made before the pepper (the OWASP figures' cost)."""
    return PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1).hash(password)


@pytest.mark.parametrize("made", [_unpeppered, peppered_hash_of_the_former_cost])
def test_a_hash_of_another_kind_is_renewed_at_todays_cost_on_success(
    session: Session, made: Callable[[str], str]
) -> None:
    account = make_account(session)
    old = made("135790")
    account.trade_password_hash = old
    with pytest.raises(TradePasswordWrong):  # a wrong try leaves it as it was
        verify_trade_password(session, account, password="000000")
    assert account.trade_password_hash == old
    verify_trade_password(session, account, password="135790")
    upgraded = account.trade_password_hash or ""
    assert upgraded != old and upgraded.startswith(trade_password.PEPPERED)
    params = extract_parameters(upgraded[len(trade_password.PEPPERED) :])
    assert (params.memory_cost, params.time_cost) == (1024, 1)
    verify_trade_password(session, account, password="135790")
    assert account.trade_password_hash == upgraded  # renewed once
    with pytest.raises(TradePasswordWrong):
        verify_trade_password(session, account, password="000000")
