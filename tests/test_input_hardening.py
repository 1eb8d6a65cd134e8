"""Inputs no honest client sends (docs/architecture.md#a-request): each answers a 4xx envelope
with a Chinese message, never a 500 and never English, and writes nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from opentamp.app import create_app
from opentamp.config import Settings
from opentamp.models.accounts import FinancialAccount
from opentamp.models.telemetry import ClientMetric, TraceLog
from tests.factories import (
    login,
    make_account,
    make_financial_account,
    make_team,
    make_user,
)

JSON = {"Content-Type": "application/json"}


def has_cjk(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


def refused(res: Any, status: int = 400) -> dict[str, Any]:
    """The error envelope of a refused request, with a Chinese message."""
    assert res.status_code == status, res.text
    body = res.json()
    assert set(body) == {"code", "msg", "error", "data"} and body["data"] is None, body
    assert has_cjk(body["msg"]), body
    return body


@pytest.fixture
def signed_in(session: Session) -> tuple[dict[str, str], FinancialAccount]:
    user = make_user(session)
    account = make_account(session, user=user)
    fa = make_financial_account(session, account=account, name="日常")
    return login(session, user), fa


# -- nesting ------------------------------------------------------------------------------------


def test_a_deeply_nested_body_is_refused_before_sign_in(client: TestClient, api: str) -> None:
    deep = b"[" * 5000 + b"]" * 5000
    body = refused(client.post(f"{api}/auth/login/phone", content=deep, headers=JSON))
    assert body["msg"] == "请求内容嵌套层级过深"
    nested: Any = "x"
    for _ in range(40):  # shallow enough for the parser, too deep for a payload
        nested = {"a": nested}
    res = client.post(f"{api}/auth/login/phone", json={"phone": "13900000000", "x": nested})
    assert refused(res)["msg"] == "请求内容嵌套层级过深"


# -- control characters -------------------------------------------------------------------------


def test_nul_in_account_names_is_refused(
    client: TestClient,
    api: str,
    session: Session,
    signed_in: tuple[dict[str, str], FinancialAccount],
) -> None:
    headers, fa = signed_in
    res = client.post(
        f"{api}/account/createFinancialAccount",
        json={"financialAccountName": "养老\u0000"},
        headers=headers,
    )
    assert refused(res)["msg"] == "financialAccountName 含有不允许的控制字符"
    res = client.put(
        f"{api}/account/updateFinancialAccount",
        json={"financialAccountId": fa.id, "financialAccountName": "a\u0007b"},
        headers=headers,
    )
    refused(res)
    names = session.scalars(
        select(FinancialAccount.name).where(FinancialAccount.account_id == fa.account_id)
    ).all()
    assert "日常" in names and not any("\x00" in n or "\x07" in n for n in names)


def test_nul_in_reports_and_trace_logs_is_refused(
    client: TestClient,
    api: str,
    session: Session,
    signed_in: tuple[dict[str, str], FinancialAccount],
) -> None:
    headers, _ = signed_in
    refused(client.post(f"{api}/noauth/saveMetrics", json={"type": "metric", "name": "a\u0000"}))
    # inside free-form JSON too, in a member's name or value
    refused(
        client.post(f"{api}/noauth/saveMetrics", json={"type": "metric", "extra": {"k\u0000": "v"}})
    )
    refused(
        client.post(
            f"{api}/tamp/traceLogs",
            json={"event": "privacyConsent", "traceInfo": {"step": ["ok", "\u001b[2J"]}},
            headers=headers,
        )
    )
    # half a surrogate pair cannot be stored as text either
    raw = b'{"type": "metric", "message": "a\\ud800b"}'
    refused(client.post(f"{api}/noauth/saveMetrics", content=raw, headers=JSON))
    assert session.scalar(select(func.count()).select_from(ClientMetric)) == 0
    assert session.scalar(select(func.count()).select_from(TraceLog)) == 0


def test_tabs_and_newlines_stay_allowed_in_free_text(
    client: TestClient, api: str, session: Session
) -> None:
    stack = "TypeError: x is undefined\n\tat render (app.js:1:2)\r\n\tat main (app.js:3:4)"
    res = client.post(f"{api}/noauth/saveMetrics", json={"type": "jsError", "stack": stack})
    assert res.status_code == 200, res.text
    assert session.scalar(select(ClientMetric.stack)) == stack


def test_nul_in_the_query_string_and_the_path_is_refused(
    client: TestClient, api: str, session: Session
) -> None:
    team = make_team(session)
    res = client.get(f"{api}/noauth/store/search", params={"teamId": team.id, "keyword": "a\x00"})
    assert refused(res)["msg"] == "keyword 含有不允许的控制字符"
    refused(client.get(f"{api}/noauth/store/search?teamId={team.id}&keyword=%01"))
    refused(client.get(f"{api}/noauth/store/search?teamId={team.id}&key%00word=a"))
    refused(client.get("/h5/opentamp-trade-h5/a%00b"))


# -- size ---------------------------------------------------------------------------------------


def test_a_body_over_the_limit_is_refused_before_parsing(
    client: TestClient, api: str, settings: Settings
) -> None:
    limit = settings.max_json_body_bytes
    big = b'{"phone": "' + b"1" * limit + b'"}'
    body = refused(client.post(f"{api}/auth/login/phone", content=big, headers=JSON), 413)
    assert body == {
        "code": 41300,
        "msg": "请求内容过大",
        "error": "payload_too_large",
        "data": None,
    }

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted while read
        yield b'{"phone": "'
        for _ in range(limit // 65536 + 1):
            yield b"1" * 65536
        yield b'"}'

    refused(client.post(f"{api}/auth/login/phone", content=chunks(), headers=JSON), 413)


def test_uploads_have_their_own_limit(
    client: TestClient,
    api: str,
    settings: Settings,
    signed_in: tuple[dict[str, str], FinancialAccount],
) -> None:
    headers, _ = signed_in
    assert settings.max_multipart_body_bytes > settings.max_json_body_bytes
    # a picture over the JSON limit reaches the upload's own check (5 MB, accounts/uploads.py)
    res = client.post(
        f"{api}/utils/uploadOssResource",
        files={"file": ("a.png", b"\x89PNG" + b"0" * (2 << 20), "image/png")},
        headers=headers,
    )
    assert res.status_code == 400 and res.json()["msg"] == "仅支持 JPG、PNG 格式的图片"
    too_big = b"0" * settings.max_multipart_body_bytes
    res = client.post(
        f"{api}/utils/uploadOssResource",
        files={"file": ("a.png", too_big, "image/png")},
        headers=headers,
    )
    refused(res, 413)
    boundary = "b0undary"
    head = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n'
        "Content-Type: image/png\r\n\r\n"
    ).encode()

    def streamed() -> Iterator[bytes]:  # no Content-Length: counted while the form is read
        yield head
        for _ in range(settings.max_multipart_body_bytes // (1 << 20) + 1):
            yield b"0" * (1 << 20)
        yield f"\r\n--{boundary}--\r\n".encode()

    res = client.post(
        f"{api}/utils/uploadOssResource",
        content=streamed(),
        headers={**headers, "Content-Type": f"multipart/form-data; boundary={boundary}"},
    )
    refused(res, 413)


# -- encoding and syntax ------------------------------------------------------------------------


def test_invalid_utf8_is_refused_in_chinese(client: TestClient, api: str) -> None:
    res = client.post(f"{api}/auth/login/phone", content=b'{"phone": "\xff\xfe"}', headers=JSON)
    assert refused(res)["msg"] == "请求内容不是有效的 UTF-8 编码"
    res = client.get(f"{api}/noauth/store/search?keyword=%FF%FE")
    assert refused(res)["msg"] == "请求参数不是有效的 UTF-8 编码"


def test_what_is_not_json_is_refused_in_chinese(client: TestClient, api: str) -> None:
    for raw in (b"{oops", b'{"phone": NaN}', b'{"phone": Infinity}', b'{"a": 1} x'):
        res = client.post(f"{api}/auth/login/phone", content=raw, headers=JSON)
        assert refused(res)["msg"] == "请求内容不是有效的 JSON", raw
    for number in (b"1e999999999", b"0." + b"1" * 100):
        res = client.post(
            f"{api}/noauth/saveMetrics",
            content=b'{"type": "metric", "value": ' + number + b"}",
            headers=JSON,
        )
        assert refused(res)["msg"] == "请求内容中的数字超出范围", number


def test_a_malformed_upload_is_refused_in_chinese(
    client: TestClient, api: str, signed_in: tuple[dict[str, str], FinancialAccount]
) -> None:
    headers, _ = signed_in
    res = client.post(
        f"{api}/utils/uploadOssResource",
        content=b"--x\r\nnot a part",
        headers={**headers, "Content-Type": "multipart/form-data; boundary=x"},
    )
    refused(res)


def test_numbers_in_free_form_json_are_stored(
    client: TestClient,
    api: str,
    session: Session,
    signed_in: tuple[dict[str, str], FinancialAccount],
) -> None:
    headers, _ = signed_in
    res = client.post(
        f"{api}/noauth/saveMetrics", json={"type": "metric", "extra": {"ratio": 0.25, "n": [1.5]}}
    )
    assert res.status_code == 200, res.text
    assert session.scalar(select(ClientMetric.extra)) == {"ratio": 0.25, "n": [1.5]}
    res = client.post(
        f"{api}/tamp/traceLogs", json={"event": "x", "traceInfo": {"t": 1.25}}, headers=headers
    )
    assert res.status_code == 200, res.text
    assert session.scalar(select(TraceLog.trace_info)) == {"t": 1.25}


# -- whole numbers ------------------------------------------------------------------------------

INT32_MAX = 2**31 - 1
INT64_MAX = 2**63 - 1
#: Request names of ids whose columns are INTEGER (brokers, teams, fund companies).
INTEGER_COLUMN_IDS = {"teamId", "brokerId", "broker", "companyId"}


def integer_inputs(doc: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    """Every integer a request may carry: (operation, name, schema), query and body alike."""
    components = doc["components"]["schemas"]
    found: list[tuple[str, str, dict[str, Any]]] = []

    def walk(schema: dict[str, Any], where: str, name: str, seen: frozenset[str]) -> None:
        if "$ref" in schema:
            ref = schema["$ref"].rsplit("/", 1)[-1]
            if ref not in seen:
                walk(components[ref], where, name, seen | {ref})
            return
        for alternative in schema.get("anyOf", []) + schema.get("allOf", []):
            walk(alternative, where, name, seen)
        if schema.get("type") == "integer":
            found.append((where, name, schema))
        for key, member in schema.get("properties", {}).items():
            walk(member, where, key, seen)
        if "items" in schema:
            walk(schema["items"], where, name, seen)
        if isinstance(schema.get("additionalProperties"), dict):
            walk(schema["additionalProperties"], where, name, seen)

    for path, item in doc["paths"].items():
        for method, operation in item.items():
            where = f"{method.upper()} {path}"
            for parameter in operation.get("parameters", []):
                walk(parameter["schema"], where, parameter["name"], frozenset())
            for content in operation.get("requestBody", {}).get("content", {}).values():
                walk(content["schema"], where, "", frozenset())
    return found


def test_every_integer_input_is_bounded_by_its_column(settings: Settings) -> None:
    # a new app: other tests mount probe routes on the shared one (tests/platform)
    doc = json.loads(json.dumps(create_app(settings).openapi()))
    inputs = integer_inputs(doc)
    assert len(inputs) > 100  # the walk reaches query strings and bodies
    # FastAPI writes the bounds of a body's members as floats (9223372036854775807 becomes
    # 9.223372036854776e18), hence the comparison with float(INT64_MAX)
    unbounded = [
        f"{where} {name}"
        for where, name, schema in inputs
        if "enum" not in schema
        and not (
            -float(INT64_MAX)
            <= schema.get("minimum", -(2**64))
            <= schema.get("maximum", 2**64)
            <= float(INT64_MAX)
        )
    ]
    assert unbounded == []
    too_wide = [
        f"{where} {name}"
        for where, name, schema in inputs
        if name in INTEGER_COLUMN_IDS and schema.get("maximum", 2**64) > INT32_MAX
    ]
    assert too_wide == []


def test_ids_beyond_their_columns_answer_400_not_500(
    client: TestClient,
    api: str,
    session: Session,
    signed_in: tuple[dict[str, str], FinancialAccount],
) -> None:
    headers, fa = signed_in
    for team_id in (2**31, 2**63, 2**64):
        res = client.get(f"{api}/noauth/team/detail", params={"teamId": team_id})
        assert refused(res)["msg"] == "teamId 不能大于 2147483647"
        refused(client.get(f"{api}/noauth/utils/exchangeTeamParam", params={"brokerId": team_id}))
        refused(client.get(f"{api}/noauth/store/search", params={"teamId": team_id}))
        res = client.post(
            f"{api}/auth/login/phone",
            json={"phone": "13900000000", "verifyCode": "123456", "teamId": team_id},
        )
        refused(res)
        res = client.post(f"{api}/noauth/saveMetrics", json={"type": "metric", "broker": team_id})
        refused(res)
    for fa_id in (2**63, 2**64, -1, 0):
        res = client.get(
            f"{api}/trade/getShares", params={"financialAccountId": fa_id}, headers=headers
        )
        refused(res)
        res = client.put(
            f"{api}/account/updateFinancialAccount",
            json={"financialAccountId": fa_id, "financialAccountName": "新名字"},
            headers=headers,
        )
        assert refused(res)["error"] == "invalid_params"
    res = client.put(
        f"{api}/account/updateFinancialAccount",
        json={"financialAccountId": 2**63, "financialAccountName": "新名字"},
        headers=headers,
    )
    assert refused(res)["msg"] == "financialAccountId 不能大于 9223372036854775807"
    assert session.get(FinancialAccount, fa.id).name == "日常"  # type: ignore[union-attr]
    # the largest id a column holds is only missing
    res = client.get(f"{api}/noauth/team/detail", params={"teamId": INT32_MAX})
    assert res.status_code == 404
    res = client.get(
        f"{api}/trade/getShares", params={"financialAccountId": INT64_MAX}, headers=headers
    )
    assert res.status_code == 404
