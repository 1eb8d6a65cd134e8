"""The ``opentamp adviser files`` and ``opentamp adviser charge`` commands (docs/advisory.md),
run in-process on the test database (real commits): a new version of the agreement's files
that accounts in force must re-sign, and a MANUAL fee paid from the wallet or left as a debt;
each audited with the actor ``cli``, refusals included."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session
from typer.testing import CliRunner

from opentamp.advisory import contracts
from opentamp.cli import app
from opentamp.models.advisory import (
    HALF_DISCRETIONARY,
    IN_FORCE,
    AdvisoryFee,
    AdvisoryFile,
    ServiceAccount,
)
from opentamp.models.auth import BrokerUser
from opentamp.models.holdings import Holding
from opentamp.models.operators import OperatorAudit
from opentamp.models.orders import ADVISER_FEE, TradeOrder
from opentamp.models.platform import Broker
from opentamp.models.products import WALLET_FUND_CODE
from opentamp.operators.api import ADVISER, create_operator
from tests.advisory.conftest import OPERATOR_PASSWORD, strategy
from tests.factories import make_financial_account, make_fund, make_portfolio, make_team
from tests.trading.conftest import make_holding, make_trader, make_wallet_fund

runner = CliRunner()


@pytest.mark.concurrent
def test_files_and_charge(committed: Engine) -> None:
    with Session(committed) as s:
        wallet = make_wallet_fund(s)
        fund = make_fund(s, name="命令行基金")
        t = make_trader(s)
        broker_id = t.user.broker_id
        team = make_team(s, broker=s.get_one(Broker, broker_id))
        po = make_portfolio(
            s, name="命令行投顾", components=[(fund, Decimal("1"))], team_id=team.id
        )
        strategy(s, po, HALF_DISCRETIONARY)
        create_operator(s, broker_id=broker_id, login="tougu", display_name="陈静",
                        password=OPERATOR_PASSWORD, roles=[ADVISER])  # fmt: skip
        fa = make_financial_account(s, account=t.account, name="投顾", type="service")
        sa = ServiceAccount(broker_user_id=t.user.id, account_id=t.account.id, po_code=po.code,
                            financial_account_id=fa.id, contract_no=f"TGP{fa.id}",
                            contract_status=IN_FORCE,
                            signed_file_ids=list(s.scalars(select(AdvisoryFile.id).where(
                                AdvisoryFile.po_code == po.code)).all()))  # fmt: skip
        s.add(sa)
        s.flush()
        make_holding(s, trader=t, fund=wallet, lots=[(date(2026, 10, 1), "30.00")], fa=fa)
        s.commit()
        po_code, sa_id, user_id, fa_id = po.code, sa.id, t.user.id, fa.id
    broker = ["--broker", str(broker_id), "--operator", "tougu"]

    def run(*args: str, code: int = 0) -> str:
        result = runner.invoke(app, ["adviser", *args, *broker])
        assert result.exit_code == code, result.output
        return result.output

    # -- files: version 2, the account in force must re-sign -----------------------------------
    out = run("files", "--strategy", po_code, "--file", "基金投顾服务协议=/files/agreement-v2.pdf",
              "--file", "风险揭示书=/files/risk-v2.pdf")  # fmt: skip
    assert "files version 2" in out
    with Session(committed) as s:
        rows = s.scalars(
            select(AdvisoryFile).where(AdvisoryFile.po_code == po_code, AdvisoryFile.version == 2)
        ).all()
        assert {(f.name, f.file_url) for f in rows} == {
            ("基金投顾服务协议", "/files/agreement-v2.pdf"),
            ("风险揭示书", "/files/risk-v2.pdf"),
        }
        user = s.get(BrokerUser, user_id)
        assert user is not None
        assert [i.po_code for i in contracts.need_resign_list(s, user=user)] == [po_code]
    assert "不存在" in run("files", "--strategy", "ZH999999", "--file", "a=/b.pdf", code=1)
    bad = run("files", "--strategy", po_code, "--file", "没有地址", code=1)
    assert "文件格式应为 名称=URL" in bad
    assert "文件格式应为 名称=URL" in run(
        "files", "--strategy", po_code, "--file", "协议= ", code=1
    )
    for url in ("ftp://host/a.pdf", "//host/a.pdf", "agreement.pdf", "https://"):
        refused = run("files", "--strategy", po_code, "--file", f"协议={url}", code=1)
        assert "须为以 http://、https:// 或 / 开头的文件地址" in refused
    with Session(committed) as s:
        assert s.scalar(select(func.max(AdvisoryFile.version))
                        .where(AdvisoryFile.po_code == po_code)) == 2  # fmt: skip

    # -- charge: paid from the wallet, then a debt when the wallet falls short ------------------
    paid = run(
        "charge", "--service-account", str(sa_id), "--amount", "12.50", "--reason", "专项服务"
    )
    assert "12.50 S" in paid
    owed = run(
        "charge", "--service-account", str(sa_id), "--amount", "20.00", "--reason", "专项服务"
    )
    assert "20.00 F" in owed
    assert "金额" in run("charge", "--service-account", str(sa_id), "--amount", "abc",
                         "--reason", "x", code=1)  # fmt: skip
    assert run("charge", "--service-account", "99999999", "--amount", "1.00", "--reason", "x",
               code=1)  # fmt: skip
    with Session(committed) as s:
        fees = s.scalars(
            select(AdvisoryFee).where(AdvisoryFee.service_account_id == sa_id)
            .order_by(AdvisoryFee.id)
        ).all()  # fmt: skip
        assert [(f.source, f.amount, f.status, f.reason) for f in fees] == [
            ("MANUAL", Decimal("12.50"), "S", "专项服务"),
            ("MANUAL", Decimal("20.00"), "F", "专项服务"),
        ]
        w12 = s.get(TradeOrder, fees[0].order_id)
        assert w12 is not None and w12.order_code == ADVISER_FEE
        held = s.scalar(
            select(Holding).where(
                Holding.financial_account_id == fa_id, Holding.fund_code == WALLET_FUND_CODE
            )
        )
        assert held is not None and held.shares == Decimal("17.50")
        audits = s.scalars(
            select(OperatorAudit)
            .where(OperatorAudit.action.like("adviser.%"))
            .order_by(OperatorAudit.id)
        ).all()
        assert all(a.actor == "cli" for a in audits)
        # the malformed --file and --amount are refused before anything runs
        assert [(a.action, a.outcome) for a in audits] == [
            ("adviser.files", "ok"),
            ("adviser.files", "advisory_strategy_unknown"),
            ("adviser.manual_fee", "ok"),
            ("adviser.manual_fee", "ok"),
            ("adviser.charge", "not_found"),
        ]


@pytest.mark.concurrent
def test_announce_reaches_the_holders_as_notices(committed: Engine) -> None:
    """``opentamp adviser announce``: the holders of the strategy have its notice once the
    command has committed (docs/notices.md#the-events), stamped when it was published."""
    from datetime import datetime

    from opentamp.kit.clock import BEIJING, frozen
    from opentamp.notices.api import deliver
    from opentamp.notices.service import notices, unread

    with Session(committed) as s:
        fund = make_fund(s, name="公告基金")
        holder, stranger = make_trader(s), make_trader(s)
        broker_id = holder.user.broker_id
        team = make_team(s, broker=s.get_one(Broker, broker_id))
        po = make_portfolio(s, name="公告投顾", components=[(fund, Decimal("1"))], team_id=team.id)
        strategy(s, po, HALF_DISCRETIONARY)
        create_operator(s, broker_id=broker_id, login="tougu", display_name="陈静",
                        password=OPERATOR_PASSWORD, roles=[ADVISER])  # fmt: skip
        fa = make_financial_account(s, account=holder.account, name="投顾", type="service")
        s.add(ServiceAccount(broker_user_id=holder.user.id, account_id=holder.account.id,
                             po_code=po.code, financial_account_id=fa.id,
                             contract_no=f"TGP{fa.id}", contract_status=IN_FORCE,
                             signed_file_ids=[]))  # fmt: skip
        s.commit()
        po_code, holder_id, stranger_id = po.code, holder.user.id, stranger.user.id
    published_at = datetime(2026, 11, 25, 16, 40, tzinfo=BEIJING)
    with frozen(published_at):
        result = runner.invoke(app, [
            "adviser", "announce", "--strategy", po_code, "--title", "调仓说明会通知",
            "--content", "本周五15:00线上说明会。", "--broker", str(broker_id),
            "--operator", "tougu",
        ])  # fmt: skip
    assert result.exit_code == 0, result.output
    with Session(committed) as s:
        holder_user = s.get_one(BrokerUser, holder_id)
        page = notices(s, user=holder_user, category="ADVISORY", page=1, size=10)
        [notice] = page.list
        assert (notice.kind, notice.category, notice.title, notice.content) == (
            "adviser.announcement", "ADVISORY", "调仓说明会通知", "本周五15:00线上说明会。",
        )  # fmt: skip
        assert notice.create_time == published_at
        assert unread(s, user=holder_user).total == 1
        assert unread(s, user=s.get_one(BrokerUser, stranger_id)).total == 0
        assert deliver(s) == 0  # the evening's delivery: nothing twice
        s.commit()
        assert notices(s, user=holder_user, category="ADVISORY", page=1, size=10).total == 1
