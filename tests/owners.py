"""The ownership sweeps' one pass over a table of calls (docs/architecture.md#transport): each
call by a stranger with the owner's ids answers 404 and writes nothing; then each call by the
owner is not refused alike, so the 404 was the ownership check's."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.db import Base

#: (method, path, fields): the query of a GET, the JSON body of a write; a string field naming a
#: placeholder takes its id, ``UUID`` a fresh trade id.
Call = tuple[str, str, dict[str, Any]]

_uuids = itertools.count(1)


def fill(value: Any, ids: Mapping[str, Any]) -> Any:
    if isinstance(value, dict):
        return {k: fill(v, ids) for k, v in value.items()}
    if isinstance(value, list):
        return [fill(v, ids) for v in value]
    if value == "UUID":
        return f"sweep-{next(_uuids)}"
    return ids.get(value, value) if isinstance(value, str) else value


def _placeholders(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set().union(*(_placeholders(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_placeholders(v) for v in value))
    return {value} if isinstance(value, str) else set()


def snapshot(session: Session, tables: Iterable[str]) -> dict[str, Any]:
    """Every row of ``tables``, read afresh."""
    session.expire_all()
    wanted = set(tables)
    return {
        t.name: session.execute(select(t).order_by(*t.primary_key.columns)).all()
        for t in Base.metadata.sorted_tables
        if t.name in wanted
    }


def call(client: TestClient, url: str, method: str, fields: Any, headers: Any) -> Any:
    if method == "GET":
        return client.get(url, params=fields, headers=headers)
    return client.request(method, url, json=fields, headers=headers)


def sweep(
    session: Session,
    client: TestClient,
    api: str,
    calls: list[Call],
    *,
    owner: tuple[Mapping[str, Any], Any],
    stranger: tuple[Mapping[str, Any], Any],
    watched: Iterable[str],
    crossed: Iterable[str] = (),
) -> None:
    """``owner`` and ``stranger``: the ids each names and their bearer headers. The stranger
    calls with the owner's ids, every one of them; then the owner calls with their own ids but
    one of ``crossed``, which the stranger names with an id of their own (a financial account,
    a fee): each answers 404, so no id of a request is merely accepted. (A card is crossed
    where the SMS code is sent for it, tests/advisory/test_owners.py.)"""
    before = snapshot(session, watched)
    refused = {}
    for method, path, fields in calls:
        res = call(client, f"{api}{path}", method, fill(fields, owner[0]), stranger[1])
        assert res.status_code == 404, (path, res.text)
        refused[path] = res.json()["code"]
    for key in crossed:
        for method, path, fields in calls:
            if key in _placeholders(fields):
                ids = {**owner[0], key: stranger[0][key]}
                res = call(client, f"{api}{path}", method, fill(fields, ids), owner[1])
                assert res.status_code == 404, (key, path, res.text)
    assert snapshot(session, watched) == before
    for method, path, fields in calls:
        res = call(client, f"{api}{path}", method, fill(fields, owner[0]), owner[1])
        assert (res.status_code, res.json()["code"]) != (404, refused[path]), (path, res.text)
