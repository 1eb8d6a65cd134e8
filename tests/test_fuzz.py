"""A bounded fuzz of every operation of the OpenAPI document (docs/architecture.md#transport):
Schemathesis generates valid and invalid parameters and bodies from the document, signed in as
an investor with an account, and no answer may be a 5xx; every refusal is the error envelope
with a Chinese message (docs/architecture.md#a-request).

Fixed seed, few examples per operation, each test's writes rolled back like any other test's;
the whole run takes a minute or two. Raise ``FUZZ_EXAMPLES`` locally to dig deeper."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from sqlalchemy.orm import Session

from opentamp.app import create_app
from opentamp.config import Settings
from opentamp.outside.oss import LocalObjectStore, use_object_store
from tests.sms import SmsRecorder, sms  # noqa: F401  (the sms fixture)
from tests.trading.conftest import make_trader

FUZZ_EXAMPLES = int(os.environ.get("OPENTAMP_FUZZ_EXAMPLES", "8"))
SEED = 20261126

# The document of a fresh app with the default settings: the same operations the test app serves.
schema = schemathesis.openapi.from_dict(
    create_app(Settings(scheduler=False)).openapi(), config=schemathesis.Config(seed=SEED)
)
schema.config.generation.update(max_examples=FUZZ_EXAMPLES, database="none")


def has_cjk(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


@pytest.fixture
def investor(session: Session, client: TestClient) -> dict[str, str]:
    """Authorization of a signed-in investor with an account, a trade password, a card and a
    financial account, so that the fuzz reaches the services, not only the token check."""
    return make_trader(session).headers


@pytest.fixture(autouse=True)
def _local_outside(tmp_path: Path, sms: SmsRecorder) -> Iterator[None]:  # noqa: F811
    use_object_store(LocalObjectStore(tmp_path))
    yield
    use_object_store(None)


@schema.parametrize()
@settings(
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_no_server_error(
    case: Any, app: FastAPI, client: TestClient, investor: dict[str, str]
) -> None:
    response = case.call(app=app, base_url="http://testserver", headers=investor)
    assert response.status_code < 500, f"{case.method} {case.formatted_path}: {response.text}"
    if response.status_code >= 400:
        body = response.json()
        assert set(body) == {"code", "msg", "error", "data"}, body
        assert has_cjk(body["msg"]), body
