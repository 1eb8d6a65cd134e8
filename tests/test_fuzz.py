"""A bounded fuzz of every operation of the OpenAPI document (docs/architecture.md#transport):
Schemathesis generates valid and invalid parameters and bodies from the document (and calls
with methods the path does not take), signed in as an investor with an account. No answer may
be a 5xx; every answer must match the schema documented for its status, with a status and a
content type the operation documents (docs/api.md#messages-and-codes); a 405 names the allowed
methods in ``Allow``; and every refusal is the error envelope with a Chinese message
(docs/architecture.md#a-request).

Fixed seed, few examples per operation, each test's writes rolled back like any other test's;
the whole run takes a minute or two. Raise ``OPENTAMP_FUZZ_EXAMPLES`` locally to dig deeper;
``OPENTAMP_FUZZ_LOG=path`` appends one JSON line per call (operation, status, failed checks),
from which the run's figures are counted."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
    unsupported_method,
)
from sqlalchemy.orm import Session

from opentamp.app import create_app
from opentamp.config import Settings
from opentamp.outside.oss import LocalObjectStore, use_object_store
from tests.sms import SmsRecorder, sms  # noqa: F401  (the sms fixture)
from tests.trading.conftest import make_trader

FUZZ_EXAMPLES = int(os.environ.get("OPENTAMP_FUZZ_EXAMPLES", "8"))
FUZZ_LOG = os.environ.get("OPENTAMP_FUZZ_LOG", "")
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    unsupported_method,
]
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
    failed: list[str] = []
    try:
        case.validate_response(response, checks=CHECKS)
    except BaseException as exc:
        failed = [type(e).__name__ for e in getattr(exc, "exceptions", [exc])]
        raise
    finally:
        if FUZZ_LOG:
            with open(FUZZ_LOG, "a", encoding="utf-8") as log:
                line = {"op": case.operation.label, "method": case.method}
                line |= {"status": response.status_code, "failed": failed}
                log.write(json.dumps(line) + "\n")
    assert response.status_code < 500, f"{case.method} {case.formatted_path}: {response.text}"
    if response.status_code == 405:
        assert response.headers.get("allow"), f"{case.method} {case.formatted_path}: no Allow"
    if response.status_code >= 400:
        body = response.json()
        assert set(body) == {"code", "msg", "error", "data"}, body
        assert has_cjk(body["msg"]), body
