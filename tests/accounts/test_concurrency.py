"""Concurrent requests against a real server: the SMS limits, opening an account and the broker
maximum of financial accounts hold when requests race."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session

from opentamp.models.accounts import Account, FinancialAccount
from opentamp.models.verification import SmsCode
from tests.factories import login, make_account, make_broker, make_user
from tests.live import live_server
from tests.sms import SmsRecorder

COPIES = 8


def _burst(post, copies: int = COPIES) -> list[dict]:  # type: ignore[no-untyped-def]
    barrier = threading.Barrier(copies)

    def one(i: int) -> dict:
        barrier.wait()
        return post(i)

    with ThreadPoolExecutor(copies) as pool:
        return list(pool.map(one, range(copies)))


@pytest.mark.concurrent
def test_one_code_a_minute_under_a_burst(
    committed: Engine, app: FastAPI, api: str, sms: SmsRecorder
) -> None:
    with Session(committed) as s:
        broker_id = make_broker(s).id
        s.commit()
    phone = "13588880001"
    with live_server(app) as base, httpx.Client(base_url=base, timeout=60) as http:
        answers = _burst(
            lambda _: http.post(
                f"{api}/auth/login/getPhoneVerifyCode", json={"phone": phone, "brokerId": broker_id}
            ).json()
        )
    assert sorted(a["code"] for a in answers) == [0] + [42901] * (COPIES - 1)
    assert len(sms.sent) == 1
    with Session(committed) as s:
        assert s.scalar(select(func.count()).where(SmsCode.phone == phone)) == 1


@pytest.mark.concurrent
def test_one_account_from_a_double_submit(
    committed: Engine, app: FastAPI, api: str, sms: SmsRecorder
) -> None:
    from tests.accounts.test_open_account import opening_form

    with Session(committed) as s:
        user = make_user(s)
        headers = login(s, user)
        form = opening_form(s, user)
        s.commit()
        user_id, phone = user.id, user.phone
    with live_server(app) as base, httpx.Client(base_url=base, headers=headers, timeout=60) as http:
        bind = http.post(f"{api}/tamp/account/prepareBindAccount", json=form).json()["data"]
        code = sms.code(phone)
        answers = _burst(
            lambda _: http.post(
                f"{api}/tamp/account/confirmBindAccount",
                json={"bindId": bind["bindId"], "verifyCode": code},
            ).json()
        )
    assert sum(1 for a in answers if a["code"] == 0) == 1
    assert all(a["code"] in (0, 62022, 50110) for a in answers), answers
    with Session(committed) as s:
        assert s.scalar(select(func.count()).where(Account.broker_user_id == user_id)) == 1
        assert s.scalar(select(func.count()).where(FinancialAccount.broker_user_id == user_id)) == 1


@pytest.mark.concurrent
def test_the_broker_maximum_under_a_burst(committed: Engine, app: FastAPI, api: str) -> None:
    with Session(committed) as s:
        broker = make_broker(s, max_real_financial_accounts=3)
        user = make_user(s, broker=broker)
        make_account(s, user=user)  # 默认账户: one of three
        headers = login(s, user)
        s.commit()
        user_id = user.id
    with live_server(app) as base, httpx.Client(base_url=base, headers=headers, timeout=60) as http:
        answers = _burst(
            lambda i: http.post(
                f"{api}/account/createFinancialAccount", json={"financialAccountName": f"账户{i}"}
            ).json()
        )
    assert sorted(a["code"] for a in answers) == [0, 0] + [62030] * (COPIES - 2)
    with Session(committed) as s:
        assert s.scalar(select(func.count()).where(FinancialAccount.broker_user_id == user_id)) == 3
