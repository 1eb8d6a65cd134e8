"""The dictionary serves the products' and the suitability rules' own label tables, not copies of
them: a type or a risk name changed there is what /utils/dict answers."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from opentamp.products.api import FUND_TYPE_NAMES
from opentamp.rules.suitability import GRADE_NAMES, LEVEL_NAMES
from tests.dictionary.test_routes import API
from tests.factories import login, make_user


def test_fund_types_and_risk_names_are_the_products_and_suitability_tables(
    client: TestClient, session: Session
) -> None:
    headers = login(session, make_user(session))
    data = client.get(
        API + "/utils/dict", params={"dictType": "fundType,riskLevel,riskGrade"}, headers=headers
    ).json()["data"]
    groups = {g["groupCode"]: {i["value"]: i["label"] for i in g["items"]} for g in data}
    assert groups["fundType"] == {str(t): name for t, name in FUND_TYPE_NAMES.items()}
    assert groups["fundType"]["9"] == "短债型"
    assert groups["riskLevel"] == {str(n): f"R{n} {name}" for n, name in LEVEL_NAMES.items()}
    assert groups["riskLevel"]["2"] == "R2 中低风险"
    assert groups["riskGrade"] == {str(n): f"C{n} {name}" for n, name in GRADE_NAMES.items()}
    assert groups["riskGrade"]["5"] == "C5 进取型"
