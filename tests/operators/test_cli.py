"""The ``opentamp operator`` commands, run in-process on the test database (real commits), each
action audited with the actor ``cli``, refusals included."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session
from typer.testing import CliRunner

from opentamp.cli import app
from opentamp.models.operators import Operator, OperatorAudit, OperatorRole
from opentamp.operators import service
from tests.factories import make_broker
from tests.operators.conftest import PASSWORD

runner = CliRunner()


@pytest.mark.concurrent
def test_operator_commands(committed: Engine) -> None:
    with Session(committed) as s:
        broker_id = make_broker(s).id
        s.commit()
    broker = ["--broker", str(broker_id)]

    def run(*args: str, stdin: str | None = None, code: int = 0) -> str:
        result = runner.invoke(app, ["operator", *args], input=stdin)
        assert result.exit_code == code, result.output
        return result.output

    created = run(
        "create",
        "--login",
        "zhuli",
        "--name",
        "王磊",
        "--role",
        "adviser",
        "--role",
        "lead_manager",
        "--password-stdin",
        *broker,
        stdin=f"{PASSWORD}\n",
    )
    assert "operator zhuli created: adviser, lead_manager" in created
    # asked for twice when not read from standard input
    run("create", "--login", "tougu", "--name", "陈静", "--role", "adviser", *broker,
        stdin=f"{PASSWORD}\n{PASSWORD}\n")  # fmt: skip
    weak = run(
        "create", "--login", "weak", "--name", "x", "--role", "adviser", "--password-stdin",
        *broker, stdin="short\n", code=1,
    )  # fmt: skip
    assert "密码须为10至64位" in weak
    assert "lead_manager, operator" in run(
        "roles", "zhuli", "--add", "operator", "--remove", "adviser", *broker
    )
    assert "操作员不存在" in run("disable", "nobody", *broker, code=1)
    assert "operator tougu disabled" in run("disable", "tougu", *broker)
    lines = [json.loads(line) for line in run("audit", "--limit", "10", *broker).splitlines()]
    assert [(r["action"], r["login"], r["outcome"], r["actor"]) for r in lines] == [
        ("operator.disable", "tougu", "ok", "cli"),
        ("operator.disable", "nobody", "operator_not_found", "cli"),
        ("operator.roles", "zhuli", "ok", "cli"),
        ("operator.create", "weak", "operator_password_weak", "cli"),
        ("operator.create", "tougu", "ok", "cli"),
        ("operator.create", "zhuli", "ok", "cli"),
    ]
    assert "short" not in json.dumps(lines) and PASSWORD not in json.dumps(lines)
    only = run("audit", "--login", "zhuli", "--limit", "1", *broker).splitlines()
    assert [json.loads(line)["action"] for line in only] == ["operator.roles"]

    with Session(committed) as s:
        zhuli = s.scalar(select(Operator).where(Operator.login == "zhuli"))
        tougu = s.scalar(select(Operator).where(Operator.login == "tougu"))
        assert zhuli is not None and tougu is not None and tougu.status == "disabled"
        roles = s.scalars(select(OperatorRole.role).where(OperatorRole.operator_id == zhuli.id))
        assert sorted(roles) == ["lead_manager", "operator"]
        assert s.scalar(select(Operator).where(Operator.login == "weak")) is None
        assert all(r.operator_id is None for r in s.scalars(select(OperatorAudit)))
        assert service.sign_in(
            s, broker_id=broker_id, login="zhuli", password=PASSWORD
        ).operator.roles == {"lead_manager", "operator"}
