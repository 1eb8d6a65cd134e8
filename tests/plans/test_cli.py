"""``opentamp plans require-signing``: a strategy's manual changed, its plans must sign the new
period's file before they buy again (the marking itself: tests/plans/test_execution.py); the
command is audited with the actor ``cli`` and refuses what is not a strategy."""

from __future__ import annotations

from decimal import Decimal

import pytest
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session
from typer.testing import CliRunner

from opentamp.cli import app
from opentamp.models.operators import OperatorAudit
from tests.factories import make_fund, make_portfolio

runner = CliRunner()


@pytest.mark.concurrent
def test_require_signing_is_audited_and_refuses_what_is_not_a_strategy(
    committed: Engine,
) -> None:
    with Session(committed) as s:
        fund = make_fund(s)
        cl = make_portfolio(s, code="CL900010", components=[(fund, Decimal("1"))], kind="strategy")
        zh = make_portfolio(s, code="ZH900010", components=[(fund, Decimal("1"))])
        cl_code, zh_code = cl.code, zh.code
        s.commit()
    done = runner.invoke(app, ["plans", "require-signing", cl_code])
    assert done.exit_code == 0, done.output
    assert f"strategy {cl_code}: 0 plan(s)" in done.output
    for code in (zh_code, "CL000000"):
        refused = runner.invoke(app, ["plans", "require-signing", code])
        assert refused.exit_code == 1 and f"策略 {code} 不存在" in refused.output
    with Session(committed) as s:
        rows = s.scalars(
            select(OperatorAudit).where(OperatorAudit.action == "plans.require_signing")
        )
        (row,) = list(rows)
        assert (row.target_kind, row.target_id, row.actor) == ("strategy", cl_code, "cli")
