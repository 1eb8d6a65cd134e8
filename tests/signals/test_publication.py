"""Publication by a lead manager (docs/signals.md#publication): the operator call admits the
role lead_manager only and audits each publication; the command line publishes and audits as
the command line."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session
from typer.testing import CliRunner

from opentamp.models.catalogue import ProductSignal
from opentamp.models.operators import OperatorAudit
from opentamp.models.products import Portfolio
from opentamp.operators import service as operators
from tests.factories import make_broker
from tests.signals.conftest import make_signal_product

pytestmark = pytest.mark.usefixtures("monday")
PASSWORD = "secret2026pass"


@pytest.fixture(autouse=True)
def _fast_hasher(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(operators, "_hasher", PasswordHasher(time_cost=1, memory_cost=1024))
    yield


def operator_headers(
    session: Session, client: TestClient, api: str, login: str, *roles: str
) -> dict[str, str]:
    broker = make_broker(session)
    operators.create_operator(
        session,
        broker_id=broker.id,
        login=login,
        display_name=login,
        password=PASSWORD,
        roles=roles,
    )
    answer = client.post(
        f"{api}/operator/auth/login",
        json={"brokerId": broker.id, "login": login, "password": PASSWORD},
    ).json()
    return {"Authorization": f"Bearer {answer['data']['accessToken']}"}


def test_a_lead_manager_publishes_and_is_audited(
    session: Session, client: TestClient, api: str, product: Portfolio
) -> None:
    headers = operator_headers(session, client, api, "zhuli", "lead_manager")
    body = {"poCode": product.code, "autoFollowBuyRate": "1.5", "description": "低位加仓"}
    res = client.post(f"{api}/operator/signal/publish", json=body, headers=headers).json()
    assert res["code"] == 0
    assert res["data"] == {
        "sigId": f"{product.code}-20261123", "poCode": product.code, "sigDate": "2026-11-23",
        "signalType": "BUY", "autoFollowBuyRate": "1.5", "band": "increase",
        "description": "低位加仓",
    }  # fmt: skip
    row = session.scalars(
        select(OperatorAudit).where(OperatorAudit.action == "signal.publish")
    ).one()
    assert [row.login, row.target_kind, row.target_id, row.outcome] == [
        "zhuli", "signal", f"{product.code}-20261123", "ok",
    ]  # fmt: skip
    assert row.detail is not None and row.detail["autoFollowBuyRate"] == "1.5000"
    # a second signal the same day: refused, nothing written
    res = client.post(f"{api}/operator/signal/publish", json=body, headers=headers)
    assert res.status_code == 409 and res.json()["msg"] == f"{product.code}在2026-11-23已有发车"


def test_an_adviser_is_refused(
    session: Session, client: TestClient, api: str, product: Portfolio
) -> None:
    headers = operator_headers(session, client, api, "tougu", "adviser")
    body = {"poCode": product.code, "autoFollowBuyRate": "1.5"}
    res = client.post(f"{api}/operator/signal/publish", json=body, headers=headers)
    assert res.status_code == 403 and res.json()["code"] == 67005
    assert session.scalars(select(ProductSignal)).all() == []


@pytest.mark.concurrent
def test_the_command_line_publishes(committed: Engine) -> None:
    from opentamp.cli import app

    with Session(committed) as s:
        code = make_signal_product(s).code
        s.commit()
    runner = CliRunner()
    result = runner.invoke(
        app, ["signal", "publish", "--po", code, "--sell", "0.3", "--date", "2026-11-24"]
    )
    assert result.exit_code == 0, result.output
    assert '"signalType":"SELL"' in result.output and '"band":"sell"' in result.output
    result = runner.invoke(app, ["signal", "publish", "--po", code, "--multiple", "3"])
    assert result.exit_code == 1 and "发车倍数须在50%至200%之间" in result.output
    with Session(committed) as s:
        signals = s.scalars(select(ProductSignal).where(ProductSignal.product_code == code)).all()
        assert [(x.signal_type, x.auto_follow_buy_rate) for x in signals] == [
            ("SELL", Decimal("0.3"))
        ]
        rows = s.scalars(
            select(OperatorAudit).where(OperatorAudit.action == "signal.publish")
        ).all()
        assert [(r.actor, r.outcome) for r in rows][-2:] == [
            ("cli", "ok"),
            ("cli", "signal_multiple_out_of_bands"),
        ]
