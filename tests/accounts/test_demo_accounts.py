"""The demo world's accounts (docs/demo.md) and the token command, as a user runs them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.suites import own_sqlite_file

pytestmark = own_sqlite_file


def test_demo_users_and_their_tokens(tmp_path: Path) -> None:
    env = dict(
        os.environ,
        OPENTAMP_DATABASE_URL=f"sqlite:///{tmp_path / 'demo.db'}",
        OPENTAMP_VAR_DIR=str(tmp_path),
    )
    env.pop("OPENTAMP_TEST_DATABASE_URL", None)

    def run(*args: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "opentamp", *args],
            env=env,
            capture_output=True,
            text=True,
            # a bound on a hung command, not a timing check: seeding the demo world's history
            # takes about a minute alone and several on a loaded machine
            timeout=600,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    run("db", "upgrade")
    run("seed", "demo")
    demo = json.loads(run("token", "issue", "--phone", "13800138000"))
    newcomer = json.loads(run("token", "issue", "--phone", "13900139000"))
    assert demo["accountId"] is not None and newcomer["accountId"] is None
    assert len(demo["accessToken"]) >= 32 and demo["expiresIn"] == 7 * 24 * 3600
    assert demo["brokerId"] == 1001 and demo["brokerUserId"] >= 1
    missing = subprocess.run(
        [sys.executable, "-m", "opentamp", "token", "issue", "--phone", "13900000000"],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert missing.returncode != 0 and "13900000000" in missing.stderr

    from sqlalchemy import create_engine, select
    from sqlalchemy.orm import Session

    from opentamp.accounts.trade_password import verify_trade_password
    from opentamp.models.accounts import Account, FinancialAccount, PaymentMethod
    from opentamp.models.auth import BrokerUser

    engine = create_engine(env["OPENTAMP_DATABASE_URL"])
    try:
        with Session(engine) as s:
            account = s.scalar(select(Account).where(Account.id == demo["accountId"]))
            assert account is not None and account.risk_grade5 == 4 and account.holder_type == 1
            verify_trade_password(s, account, password="135790")
            accounts = s.scalars(
                select(FinancialAccount).where(FinancialAccount.account_id == account.id)
            ).all()
            assert [(a.name, a.is_hidden) for a in accounts] == [
                ("默认账户", False),
                ("养老钱", False),
                ("子女教育", False),
                ("小金库", True),
                ("个人养老金", False),  # the pension account (docs/pension.md#the-demo-world)
                ("投顾账户·均衡", False),  # the advisory service account (docs/advisory.md)
                ("智能投顾·稳健增值", False),  # the robo account (docs/robo.md#the-demo)
            ]
            cards = s.scalars(
                select(PaymentMethod).where(PaymentMethod.account_id == account.id)
            ).all()
            assert sorted((c.bank_no, c.is_signed) for c in cards) == [
                ("002", True),
                ("007", False),
            ]
            # 账户安全's 最近登录 has a moment to show: he has used the app before
            user = s.get(BrokerUser, demo["brokerUserId"])
            assert user is not None and user.last_login_at is not None
    finally:
        engine.dispose()
