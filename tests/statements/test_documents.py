"""Statements and certificates: the PDF's text (read back with pypdf) holds the holdings and
the totals; a certificate verifies, and an altered copy does not."""

from __future__ import annotations

import hashlib
import io
import re
from datetime import date
from decimal import Decimal
from typing import Any

from fastapi.testclient import TestClient
from pypdf import PdfReader
from sqlalchemy.orm import Session

from opentamp.models.orders import TradeOrder
from opentamp.models.products import Fund
from opentamp.statements.documents import trade_size
from opentamp.statements.render import amount
from tests.assets.factories import make_daily_profit, make_holding
from tests.factories import make_portfolio
from tests.statements.conftest import World


def pdf_text(data: bytes) -> str:
    """The PDF's text without whitespace and NULs: fpdf2 writes two-byte glyph codes under an
    embedded encoding CMap, which pypdf reads one byte at a time (the high byte, 0, comes out
    as a NUL before each character; docs/statements.md#pdf)."""
    reader = PdfReader(io.BytesIO(data))
    text = "".join(page.extract_text() for page in reader.pages)
    return re.sub(r"[\s\x00]+", "", text)


def _data(res: Any) -> Any:
    assert res.status_code == 200, res.text
    return res.json()["data"]


#: 000711 at the end of October, as the statement lists it (conftest's world).
HELD_AT_OCTOBER_END = {
    "productCode": "000711",
    "productName": "稳健增长",
    "portfolioName": "",
    "marketValue": "1031.50",
    "accumulatedProfit": "31.50",
}


def october(client: TestClient, api: str, world: World) -> Any:
    """The world's October statement, generated (ready at once: tasks run inline)."""
    return _data(
        client.post(
            api + "/account/genAssetReport",
            json={"financialAccountId": world.fa.id, "reportType": "month", "period": "2026-10"},
            headers=world.headers,
        )
    )


def test_statement_list_and_pdf(client: TestClient, api: str, world: World) -> None:
    listed = _data(
        client.get(
            api + "/account/getAssetReportList",
            params={"reportType": "month"},
            headers=world.headers,
        )
    )
    periods = [(r["financialAccountId"], r["period"], r["status"]) for r in listed]
    # The account's first activity is September (an order of 09-28); November is not over.
    assert periods == [(world.fa.id, "2026-10", None), (world.fa.id, "2026-09", None)]
    assert listed[0]["title"] == "2026年10月对账单"

    report = october(client, api, world)
    assert report["status"] == "ready"
    assert report["marketValue"] == "1031.50"
    assert report["profit"] == "38.50"
    assert report["fees"] == "16.50"
    assert report["dividends"] == "6.00"
    assert report["holdings"] == [HELD_AT_OCTOBER_END]
    res = client.get(
        api + "/account/assetReportFile",
        params={"reportId": report["reportId"]},
        headers=world.headers,
    )
    assert res.status_code == 200
    assert res.headers["content-type"] == "application/pdf"
    text = pdf_text(res.content)
    assert "2026年10月对账单" in text
    assert "李雷" in text
    assert "000711" in text and "稳健增长" in text
    assert "期末资产1,031.50元" in text
    assert "本期收益38.50元" in text
    assert "本期费用16.50元" in text
    assert "本期分红6.00元" in text
    # The cleared fund is not among the holdings at the period's end, but its orders are listed.
    assert "短债优选" in text and "赎回" in text
    again = _data(
        client.get(
            api + "/account/getAssetReportList",
            params={"reportType": "month"},
            headers=world.headers,
        )
    )
    assert again[0]["reportId"] == report["reportId"] and again[0]["status"] == "ready"


def test_statement_periods_refused(client: TestClient, api: str, world: World) -> None:
    for period, report_type in [
        ("2026-11", "month"),
        ("2026", "year"),
        ("2026-13", "month"),
        ("2025-01", "month"),
    ]:
        res = client.post(
            api + "/account/genAssetReport",
            json={"financialAccountId": world.fa.id, "reportType": report_type, "period": period},
            headers=world.headers,
        )
        assert res.status_code == 400, period
        assert res.json()["code"] == 72202


def test_certificate_verifies_and_an_altered_copy_fails(
    client: TestClient, api: str, world: World
) -> None:
    preview = _data(
        client.get(
            api + "/asset/certificationPreview",
            params={"date": "2026-10-31", "financialAccountIds": [world.fa.id]},
            headers=world.headers,
        )
    )
    assert preview["totalAsset"] == "1031.50"
    assert preview["holderName"] == "*雷"
    cert = _data(
        client.post(
            api + "/asset/genAssetCertification",
            json={"date": "2026-10-31", "financialAccountIds": [world.fa.id], "language": "zh"},
            headers=world.headers,
        )
    )
    assert cert["totalAsset"] == "1031.50"
    assert re.fullmatch(r"[0-9A-F]{4}(-[0-9A-F]{4}){3}", cert["verifyCode"])
    res = client.get(
        api + "/asset/certificationFile",
        params={"certificateId": cert["certificateId"]},
        headers=world.headers,
    )
    pdf = res.content
    text = pdf_text(pdf)
    assert "资产证明" in text and "1,031.50" in text and cert["verifyCode"] in text
    assert hashlib.sha256(pdf).hexdigest() == cert["contentSha256"]

    def verify(code: str, data: bytes | None) -> Any:
        body: dict[str, Any] = {"verifyCode": code}
        if data is not None:
            body["sha256"] = hashlib.sha256(data).hexdigest()
        return _data(client.post(api + "/noauth/asset/verifyCertification", json=body))

    good = verify(cert["verifyCode"].lower().replace("-", ""), pdf)
    assert good["genuine"] is True and good["unchanged"] is True
    assert good["totalAsset"] == "1031.50" and good["date"] == "2026-10-31"
    altered = (
        pdf.replace(b"1,031.50", b"9,031.50")
        if b"1,031.50" in pdf
        else pdf[:-10] + b"%%EOF\n\n\n\n\n"
    )
    assert altered != pdf
    bad = verify(cert["verifyCode"], altered)
    assert bad["genuine"] is True and bad["unchanged"] is False
    assert "不一致" in bad["message"]
    forged = verify("0000-0000-0000-0000", pdf)
    assert forged["genuine"] is False
    res = client.post(api + "/noauth/asset/verifyCertification", json={"verifyCode": "abc"})
    assert res.status_code == 400 and res.json()["code"] == 72207


def test_english_certificate(client: TestClient, api: str, world: World) -> None:
    cert = _data(
        client.post(
            api + "/asset/genAssetCertification",
            json={"date": "2026-10-31", "financialAccountIds": [world.fa.id], "language": "en"},
            headers=world.headers,
        )
    )
    pdf = client.get(
        api + "/asset/certificationFile",
        params={"certificateId": cert["certificateId"]},
        headers=world.headers,
    ).content
    assert "CertificateofAssets" in pdf_text(pdf)


def test_certificate_dates_refused(client: TestClient, api: str, world: World) -> None:
    for day in ["2026-11-20", "2026-08-01"]:
        res = client.post(
            api + "/asset/genAssetCertification",
            json={"date": day, "financialAccountIds": [world.fa.id]},
            headers=world.headers,
        )
        assert res.status_code == 400 and res.json()["code"] == 72204, day


def test_another_users_ids_answer_404(
    client: TestClient, api: str, world: World, stranger: dict[str, str]
) -> None:
    report = october(client, api, world)
    cert = _data(
        client.post(
            api + "/asset/genAssetCertification",
            json={"date": "2026-10-31", "financialAccountIds": [world.fa.id]},
            headers=world.headers,
        )
    )
    calls = [
        ("get", "/account/getAssetReport", {"reportId": report["reportId"]}),
        ("get", "/account/assetReportFile", {"reportId": report["reportId"]}),
        ("get", "/asset/certification", {"certificateId": cert["certificateId"]}),
        ("get", "/asset/certificationFile", {"certificateId": cert["certificateId"]}),
        ("get", "/account/getAssetReportList", {"financialAccountId": world.fa.id}),
        ("get", "/asset/certificationPreview", {"financialAccountIds": [world.fa.id]}),
    ]
    for _, path, params in calls:
        res = client.get(api + path, params=params, headers=stranger)
        assert res.status_code == 404, path
    res = client.post(
        api + "/account/genAssetReport",
        json={"financialAccountId": world.fa.id, "reportType": "month", "period": "2026-10"},
        headers=stranger,
    )
    assert res.status_code == 404
    res = client.post(
        api + "/asset/genAssetCertification",
        json={"date": "2026-10-31", "financialAccountIds": [world.fa.id]},
        headers=stranger,
    )
    assert res.status_code == 404


def test_a_portfolio_component_is_listed_as_its_fund_within_the_portfolio(
    session: Session, client: TestClient, api: str, world: World
) -> None:
    """The same fund held by itself and inside a portfolio: two rows of 期末持仓, each named by
    the fund, the component with its portfolio (it was the portfolio's name beside the fund's
    code, twice the same code)."""
    grow = session.get(Fund, "000711")
    assert grow is not None
    portfolio = make_portfolio(session, name="稳健理财组合", components=[(grow, Decimal("1"))])
    inside = make_holding(
        session,
        fa=world.fa,
        fund_code=grow.code,
        portfolio_code=portfolio.code,
        shares="200.00",
        cost="200.00",
        market_value="204.00",
        accumulated_profit="4.00",
        profit_date=date(2026, 10, 30),
    )
    make_daily_profit(
        session,
        holding=inside,
        day=date(2026, 10, 30),
        profit="4.00",
        market_value="204.00",
        accumulated_profit="4.00",
    )
    report = october(client, api, world)
    assert report["holdings"] == [
        HELD_AT_OCTOBER_END,
        {
            "productCode": "000711",
            "productName": "稳健增长",
            "portfolioName": "稳健理财组合",
            "marketValue": "204.00",
            "accumulatedProfit": "4.00",
        },
    ]
    res = client.get(
        api + "/account/assetReportFile",
        params={"reportId": report["reportId"]},
        headers=world.headers,
    )
    assert "稳健增长（稳健理财组合）" in pdf_text(res.content)


def test_a_trade_is_listed_by_its_amount_its_shares_or_a_portfolio_sale_by_its_ratio() -> None:
    """金额/份额 of the transactions table: a portfolio sale has no shares of its own (its
    children's are of different funds), so it is listed by the part it sold."""
    bought = TradeOrder(order_code="022", trade_amount=Decimal("1000.00"), trade_share=Decimal(0))
    sold = TradeOrder(order_code="024", trade_amount=Decimal(0), trade_share=Decimal("1234.50"))
    po_sold = TradeOrder(
        order_code="P03",
        trade_amount=Decimal(0),
        trade_share=Decimal(0),
        ext_meta_info={"ratio": "0.5"},
    )
    assert trade_size(bought) == amount(Decimal("1000.00"))
    assert trade_size(sold) == "1,234.50份"
    assert trade_size(po_sold) == "卖出50.00%"
