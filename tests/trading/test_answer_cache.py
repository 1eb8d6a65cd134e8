"""The versioned answer cache (docs/scale.md#answer-cache): a signed-in read's answer is
remembered under its token, the owner's and the world's data versions and the call; every
commit that writes bumps the versions of what it wrote, so the next read after any write
answers afresh, a remembered answer costs one statement, and a revoked token is refused before
anything remembered is looked at."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event, select, text, update
from sqlalchemy.orm import Session

from opentamp.core.answers import WORLD_VERSION
from opentamp.db import transaction
from opentamp.models.products import Fund
from opentamp.models.versions import DataVersion
from tests.factories import make_fund
from tests.trading.conftest import Api, Trader, make_trader


def _version(session: Session, scope: int) -> int:
    return session.scalar(select(DataVersion.version).where(DataVersion.scope_id == scope)) or 0


def _world(session: Session) -> int:
    return session.scalar(select(WORLD_VERSION)) or 0


class Statements:
    def __init__(self, session: Session) -> None:
        self.n = 0
        self.seen: list[str] = []
        self.connection = session.connection()
        event.listen(self.connection, "before_cursor_execute", self._count)

    def _count(self, _conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        if not statement.startswith(("SAVEPOINT", "RELEASE SAVEPOINT", "ROLLBACK TO")):
            self.n += 1
            self.seen.append(statement)

    def close(self) -> None:
        event.remove(self.connection, "before_cursor_execute", self._count)


@pytest.fixture
def statements(session: Session) -> Iterator[Statements]:
    counter = Statements(session)
    yield counter
    counter.close()


def _holdings(me: Api) -> dict[str, Any]:
    return me.get("/account/getAccountAssetDetailByConfig", financialAccountId=me.trader.fa.id)


def test_a_purchase_is_in_the_very_next_read(me: Api, session: Session) -> None:
    fund = make_fund(session)
    before = me.get("/account/getAccountAsset", financialAccountId=me.trader.fa.id)["data"]
    assert me.get("/account/getAccountAsset", financialAccountId=me.trader.fa.id)["data"] == before
    me.buy_fund(fund.code, "100.00")
    after = me.get("/account/getAccountAsset", financialAccountId=me.trader.fa.id)["data"]
    assert after != before


def test_a_remembered_answer_costs_one_statement_and_the_holdings_list_three(
    me: Api, session: Session, statements: Statements
) -> None:
    fund = make_fund(session)
    me.buy_fund(fund.code, "100.00")
    session.commit()
    statements.n, statements.seen = 0, []
    first = _holdings(me)
    assert first["data"]["pendingCount"] == 1
    # the token with the versions and the financial account, the holdings, the waiting orders
    assert statements.n <= 3, "\n".join(s[:90] for s in statements.seen)
    statements.n, statements.seen = 0, []
    again = _holdings(me)
    assert again == first
    assert statements.n == 1, statements.seen


def test_a_write_of_no_one_user_is_seen_too(me: Api, session: Session) -> None:
    fund = make_fund(session)
    me.buy_fund(fund.code, "100.00")
    names = [i["productName"] for g in _holdings(me)["data"]["groups"] for i in g["items"]]
    world = _world(session)
    fund.name = fund.short_name = "改名后的基金"
    session.flush()
    me.get("/account/getAccount")  # any request's commit: the write above is committed
    assert _world(session) > world
    renamed = [i["productName"] for g in _holdings(me)["data"]["groups"] for i in g["items"]]
    assert names and renamed != names


def test_every_write_bumps_the_versions_of_what_it_wrote(session: Session, trader: Trader) -> None:
    user_id = trader.user.id
    session.commit()
    mine, world = _version(session, user_id), _world(session)
    session.execute(text("SELECT 1"))
    session.commit()  # nothing written: nothing bumped
    assert (_version(session, user_id), _world(session)) == (mine, world)
    trader.fa.name = "改名账户"
    session.commit()  # a row of the user's
    assert _version(session, user_id) == mine + 1
    assert _world(session) == world
    session.execute(update(Fund).where(Fund.code == "nothing").values(name="x"))
    session.commit()  # a statement whose rows the session cannot see: the world's
    assert _world(session) == world + 1


def test_a_revoked_token_is_refused_with_an_answer_remembered(
    me: Api, client: TestClient, api: str
) -> None:
    assert me.get("/account/getAccount")["code"] == 0
    res = client.post(f"{api}/auth/logout", headers=me.trader.headers)
    assert res.status_code == 200, res.text
    again = client.get(f"{api}/account/getAccount", headers=me.trader.headers)
    assert again.status_code == 401


def test_jobs_bump_the_world(committed: Any) -> None:
    with transaction() as s:
        before = _world(s)
    with transaction() as s:
        trader = make_trader(s)
        user_id = trader.user.id
    with transaction() as s:
        assert _version(s, user_id) >= 1
        s.execute(update(Fund).where(Fund.code == "none").values(name="x"))
    with transaction() as s:
        assert _world(s) > before
