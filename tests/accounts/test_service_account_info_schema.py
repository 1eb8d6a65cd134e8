"""``serviceAccountInfo`` of the financial account list is a typed schema in the OpenAPI
document (docs/advisory.md#the-financial-account-list), not an untyped dict."""

from __future__ import annotations

from fastapi import FastAPI


def test_service_account_info_is_typed(app: FastAPI) -> None:
    schemas = app.openapi()["components"]["schemas"]
    field = schemas["FinancialAccountOut"]["properties"]["serviceAccountInfo"]
    assert {"$ref": "#/components/schemas/ServiceAccountInfoOut"} in field["anyOf"]
    info = schemas["ServiceAccountInfoOut"]
    assert set(info["required"]) == {
        "serviceAccountId", "poCode", "contractStatus", "isAdvisorFeeEnabled",
        "isAdvisorFeePaid", "advisorFee",
    }  # fmt: skip
    assert info["properties"]["advisorFee"]["type"] == "string"
    adjustment = schemas["AdjustmentInProcessOut"]["properties"]
    assert set(adjustment) == {"adjustmentId", "status"}
