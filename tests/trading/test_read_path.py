"""The signed-in read path (docs/scale.md#answer-cache): read sessions that only read (without
``BEGIN``/``COMMIT`` on PostgreSQL), a pooled connection the server closed is replaced without
failing the read, answers shared through Redis when it is set, and the world's version spread
over shards."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from fastapi import Response
from pydantic import BaseModel
from sqlalchemy import Engine, select, text, update
from sqlalchemy.orm import Session

from opentamp.core.answers import WORLD_VERSION, AnswerCache, RedisAnswers, answers
from opentamp.db import (
    READ_ONLY,
    WORLD_SCOPE,
    WORLD_SCOPES,
    WORLD_SHARDS,
    ReadOnlySession,
    db,
    transaction,
)
from opentamp.deps import CallCredentials, owner_answer
from opentamp.models.auth import BrokerUser
from opentamp.models.products import Fund
from opentamp.models.versions import DataVersion
from tests.factories import make_fund
from tests.trading.conftest import REDIS_URL, Api, end_other_connections, make_trader


class _Me(BaseModel):
    id: int
    nickname: str | None


def _read_me(raw: str, call: str = "/me") -> dict[str, Any]:
    """``owner_answer`` as a route calls it, on a read session of the server's own."""
    session = db.read_session()
    credentials = CallCredentials(scheme="Bearer", credentials=raw, call=call)

    def read(user: BrokerUser) -> _Me:
        return _Me(id=user.id, nickname=user.nickname)

    try:
        response: Response = asyncio.run(owner_answer(session, credentials, None, read))
        session.commit()
    finally:
        session.close()
    return dict(json.loads(bytes(response.body)))


def test_a_read_session_refuses_to_write(engine: Engine) -> None:
    session = db.read_session()
    try:
        assert session.info[READ_ONLY]
        assert session.execute(text("SELECT 1")).scalar() == 1
        if engine.dialect.name == "postgresql":
            # psycopg in autocommit: no BEGIN before the statements, no COMMIT after
            assert session.connection().connection.driver_connection.autocommit
        with pytest.raises(ReadOnlySession):
            session.execute(update(Fund).where(Fund.code == "none").values(name="x"))
        session.add(DataVersion(scope_id=-1000, version=1))
        with pytest.raises(ReadOnlySession):
            session.flush()
    finally:
        session.rollback()
        session.close()


def test_a_closed_pooled_connection_does_not_fail_the_read(committed: Engine) -> None:
    if committed.dialect.name != "postgresql":
        pytest.skip("the server closing a connection is PostgreSQL's")
    with transaction() as s:
        trader = make_trader(s)
    raw = trader.headers["Authorization"].removeprefix("Bearer ")
    assert _read_me(raw)["data"]["id"] == trader.user.id
    # every other connection of this database ends, the pooled one the read just gave back too
    assert end_other_connections(committed)
    assert _read_me(raw, "/me?again")["data"]["id"] == trader.user.id


def test_the_world_version_is_a_sum_of_shards(committed: Engine) -> None:
    with transaction() as s:
        make_fund(s)
    with transaction() as s:
        before = s.scalar(select(WORLD_VERSION))
    for n in range(24):
        with transaction() as s:
            s.execute(update(Fund).where(Fund.code == "none").values(name=f"x{n}"))
    with transaction() as s:
        assert s.scalar(select(WORLD_VERSION)) == before + 24
        shards = s.scalars(
            select(DataVersion.scope_id).where(
                DataVersion.scope_id.between(WORLD_SCOPES.start, WORLD_SCOPES.stop - 1),
                DataVersion.version > 0,
            )
        ).all()
    # 24 commits over 8 shards at random: all on one shard has a chance of 8 ** -23
    assert len(shards) > 1


def test_the_world_bumps_fewer_shards_when_told(committed: Engine) -> None:
    with pytest.raises(ValueError):
        db.use_world_shards(0)
    with pytest.raises(ValueError):
        db.use_world_shards(WORLD_SHARDS + 1)
    with transaction() as s:
        make_fund(s)
    with transaction() as s:
        before = dict(s.execute(select(DataVersion.scope_id, DataVersion.version)).all())
        world = s.scalar(select(WORLD_VERSION))
    db.use_world_shards(1)
    try:
        for n in range(12):
            with transaction() as s:
                s.execute(update(Fund).where(Fund.code == "none").values(name=f"x{n}"))
    finally:
        db.use_world_shards(WORLD_SHARDS)
    with transaction() as s:
        after = dict(s.execute(select(DataVersion.scope_id, DataVersion.version)).all())
        # the readers' sum still sees every bump
        assert s.scalar(select(WORLD_VERSION)) == world + 12
    changed = {scope for scope, version in after.items() if before.get(scope) != version}
    assert changed == {WORLD_SCOPE}


def test_answers_are_shared_through_redis(
    me: Api, session: Session, redis_answers: RedisAnswers
) -> None:
    fund = make_fund(session)
    path = "/account/getAccountAsset"
    first = me.get(path, financialAccountId=me.trader.fa.id)
    # another process (a store of its own on the same Redis) is answered what this one kept
    answers.use(RedisAnswers(REDIS_URL))
    assert me.get(path, financialAccountId=me.trader.fa.id) == first
    kept = list(redis_answers._redis.scan_iter(match="answer:*", count=1000))
    assert kept
    me.buy_fund(fund.code, "100.00")
    after = me.get(path, financialAccountId=me.trader.fa.id)
    assert after["data"] != first["data"]


def test_an_unreachable_redis_is_only_a_miss(me: Api) -> None:
    answers.use(RedisAnswers("redis://127.0.0.1:9/0"))
    try:
        first = me.get("/account/getAccount")
        assert first["code"] == 0
        assert me.get("/account/getAccount") == first
    finally:
        answers.use(AnswerCache())
