"""Every way in ends in the same rows (docs/transfers.md#ways-in, #matching), and bad input is
refused with its own code, writing nothing."""

from __future__ import annotations

import asyncio
import io

import pytest
from openpyxl import Workbook, load_workbook
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from opentamp.models.products import Fund
from opentamp.models.transfers import TransferApplication
from opentamp.outside import ocr
from opentamp.transfers import recognition
from tests.factories import make_fund
from tests.trading.conftest import Api
from tests.transfers.conftest import holdings_png, upload

CSV = (
    "基金代码,基金名称,持有份额,持仓成本\n"
    '005827,易方达蓝筹精选混合,"1,200.50",2400.00\n'
    "999999,不存在的基金,100,100\n"
    "161725,招商中证白酒指数,3000,3150.80\n"
).encode()


def test_csv_rows_matched_and_unknown_code_flagged_with_the_rest_kept(
    me: Api, funds: tuple[Fund, Fund]
) -> None:
    data = upload(me, "/transfer/external/uploadFile", "h.csv", CSV)["data"]
    rows = data["rows"]
    assert [(r["fundCode"], r["status"]) for r in rows] == [
        ("005827", "ok"),
        ("999999", "unknown"),
        ("161725", "ok"),
    ]
    assert rows[0]["shares"] == "1200.50" and rows[0]["cost"] == "2400.00"
    assert rows[2]["fundName"] == "招商中证白酒指数" and rows[2]["cost"] == "3150.80"
    assert rows[1]["message"] == "未找到基金999999，请修改代码或删除该行"
    assert rows[1]["line"] == 3
    assert data["flagged"] == 1


def test_excel_with_codes_stored_as_numbers(me: Api, funds: tuple[Fund, Fund]) -> None:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["代码", "名称", "份额", "成本"])
    sheet.append([5827, "蓝筹", 1000, 1100.5])  # Excel dropped the leading zeros
    sheet.append([161725, "", 10.25, None])
    out = io.BytesIO()
    book.save(out)
    rows = upload(me, "/transfer/external/uploadFile", "h.xlsx", out.getvalue())["data"]["rows"]
    assert [(r["fundCode"], r["shares"], r["cost"], r["status"]) for r in rows] == [
        ("005827", "1000.00", "1100.50", "ok"),
        ("161725", "10.25", None, "incomplete"),
    ]
    assert rows[1]["message"] == "请填写持仓成本"


def test_name_without_code_is_matched_by_name(me: Api, funds: tuple[Fund, Fund]) -> None:
    text = "易方达蓝筹精选混合  800.00  900.00\n你好\n161725 招商白酒 50 60"
    rows = me.post("/transfer/external/uploadText", {"text": text})["data"]["rows"]
    assert [(r["fundCode"], r["status"], r["shares"], r["cost"]) for r in rows] == [
        ("005827", "byName", "800.00", "900.00"),
        ("161725", "ok", "50.00", "60.00"),
    ]


def test_a_figure_with_more_than_two_decimals_is_flagged_as_read(
    me: Api, funds: tuple[Fund, Fund]
) -> None:
    """Money and shares have two decimals: 100.129 is neither rounded to 100.13 nor cut to
    100.12, but shown as read for the customer to correct, as a typed amount is refused."""
    text = "005827 蓝筹 1200.5 100.129\n161725 白酒 30.255 60\n005827 蓝筹 10 20.1"
    rows = me.post("/transfer/external/uploadText", {"text": text})["data"]["rows"]
    assert [(r["shares"], r["cost"], r["status"], r["message"]) for r in rows] == [
        ("1200.50", "100.129", "incomplete", "持仓成本最多两位小数，请核对后修改"),
        ("30.255", "60.00", "incomplete", "持有份额最多两位小数，请核对后修改"),
        ("10.00", "20.10", "ok", ""),
    ]


def test_excel_numbers_read_as_excel_shows_them(me: Api, funds: tuple[Fund, Fund]) -> None:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["基金代码", "持有份额", "持仓成本"])
    sheet.append(["005827", 0.1 + 0.2, 2400.0000000000005])  # a computed cell's float
    out = io.BytesIO()
    book.save(out)
    rows = upload(me, "/transfer/external/uploadFile", "h.xlsx", out.getvalue())["data"]["rows"]
    assert [(r["shares"], r["cost"], r["status"]) for r in rows] == [("0.30", "2400.00", "ok")]


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("photo.png", holdings_png([])[:200]),
        ("x.xlsx", b"PK\x03\x04not really a workbook"),
        ("bin.csv", b"\x00\x01\x02\x03binary"),
    ],
)
def test_not_a_spreadsheet(me: Api, funds: tuple[Fund, Fund], name: str, data: bytes) -> None:
    answer = upload(me, "/transfer/external/uploadFile", name, data, status=400)
    assert answer["code"] == 71202 and "CSV 或 Excel" in answer["msg"]


def test_wrong_columns_named(me: Api, funds: tuple[Fund, Fund]) -> None:
    data = "基金代码,基金名称,市值\n005827,蓝筹,100\n".encode()
    answer = upload(me, "/transfer/external/uploadFile", "h.csv", data, status=400)
    assert answer["code"] == 71203
    assert answer["msg"].startswith("表格缺少持有份额、持仓成本列")


def test_too_large(me: Api, funds: tuple[Fund, Fund]) -> None:
    data = CSV + b"#" * (2 * 1024 * 1024)
    answer = upload(me, "/transfer/external/uploadFile", "h.csv", data, status=400)
    assert answer["code"] == 71204 and answer["msg"] == "文件不能超过2MB，请分批上传"


def test_too_many_rows(me: Api, funds: tuple[Fund, Fund]) -> None:
    data = "基金代码,持有份额,持仓成本\n".encode() + b"005827,1,1\n" * 201
    answer = upload(me, "/transfer/external/uploadFile", "h.csv", data, status=400)
    assert answer["code"] == 71205 and "200" in answer["msg"]


needs_ocr = pytest.mark.skipif(not ocr.available(), reason="tesseract-ocr is not installed")


@needs_ocr
def test_screenshot_read_by_ocr(me: Api, funds: tuple[Fund, Fund]) -> None:
    png = holdings_png(
        [
            ("易方达蓝筹精选混合", "005827", "1,200.50", "2,400.00"),
            ("招商中证白酒指数", "161725", "3000.00", "3,150.80"),
            ("某某稳健债券A", "888888", "500.00", "520.00"),
        ]
    )
    data = upload(me, "/transfer/external/uploadImage", "shot.png", png)["data"]
    assert data["source"] == "image"
    assert [(r["fundCode"], r["shares"], r["cost"], r["status"]) for r in data["rows"]] == [
        ("005827", "1200.50", "2400.00", "ok"),
        ("161725", "3000.00", "3150.80", "ok"),
        ("888888", "500.00", "520.00", "unknown"),
    ]
    assert data["rows"][0]["fundName"] == "易方达蓝筹精选混合"


@needs_ocr
def test_image_without_holdings_says_so(me: Api, funds: tuple[Fund, Fund]) -> None:
    answer = upload(me, "/transfer/external/uploadImage", "blank.png", holdings_png([]), status=400)
    assert answer["code"] == 71206
    assert answer["msg"] == "未能从图片中识别出持仓，请上传清晰的持仓页截图，或手动添加基金"


def test_ocr_and_workbooks_are_read_off_the_event_loop(
    me: Api, funds: tuple[Fund, Fund], monkeypatch: pytest.MonkeyPatch
) -> None:
    """OCR takes seconds: on the event loop it would hold every other request of the process."""
    threads: list[str] = []

    def on_a_worker_thread() -> None:
        try:
            asyncio.get_running_loop()
            threads.append("event loop")
        except RuntimeError:
            threads.append("worker")

    def read_text(_data: bytes) -> str:
        on_a_worker_thread()
        return "易方达蓝筹精选混合 005827 1,200.50 2,400.00"

    real_xlsx_rows = recognition._xlsx_rows

    def xlsx_rows(data: bytes) -> list[list[str]]:
        on_a_worker_thread()
        return real_xlsx_rows(data)

    monkeypatch.setattr(ocr, "read_text", read_text)
    monkeypatch.setattr(recognition, "_xlsx_rows", xlsx_rows)
    png = holdings_png([("易方达蓝筹精选混合", "005827", "1,200.50", "2,400.00")])
    rows = upload(me, "/transfer/external/uploadImage", "shot.png", png)["data"]["rows"]
    assert [(r["fundCode"], r["status"]) for r in rows] == [("005827", "ok")]
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["基金代码", "基金名称", "持有份额", "持仓成本"])
    sheet.append(["161725", "", 10, 12])
    out = io.BytesIO()
    book.save(out)
    rows = upload(me, "/transfer/external/uploadFile", "h.xlsx", out.getvalue())["data"]["rows"]
    assert [(r["fundCode"], r["status"]) for r in rows] == [("161725", "ok")]
    assert threads == ["worker", "worker"]


def test_image_that_is_not_a_picture(me: Api, funds: tuple[Fund, Fund]) -> None:
    answer = upload(me, "/transfer/external/uploadImage", "h.png", CSV, status=400)
    assert answer["code"] == 71207


def test_search_fund_by_code_or_name(me: Api, funds: tuple[Fund, Fund]) -> None:
    by_code = me.get("/transfer/external/searchFund", keyword="0058")["data"]
    assert [h["fundCode"] for h in by_code] == ["005827"]
    by_name = me.get("/transfer/external/searchFund", keyword="白酒")["data"]
    assert [(h["fundCode"], h["fundName"]) for h in by_name] == [("161725", "招商中证白酒指数")]
    assert me.get("/transfer/external/searchFund", keyword="%")["data"] == []


def test_template_download_and_mail(me: Api, session: Session) -> None:
    res = me.client.get(f"{me.base}/transfer/external/formExport", headers=me.trader.headers)
    assert res.status_code == 200
    assert "attachment" in res.headers["content-disposition"]
    sheet = load_workbook(io.BytesIO(res.content)).active
    assert sheet is not None
    assert [c.value for c in sheet[1]] == ["基金代码", "基金名称", "持有份额", "持仓成本"]
    queued = me.post("/transfer/external/sendTemplateEmail", {"email": "li@example.com"})
    assert queued["data"]["subject"] == "持仓转入模板"
    from opentamp.models.transfers import MailOutbox

    mail = session.scalars(select(MailOutbox)).one()
    assert (mail.to_address, mail.broker_user_id) == ("li@example.com", me.trader.user.id)
    bad = me.post("/transfer/external/sendTemplateEmail", {"email": "li@"}, status=400)
    assert bad["code"] == 71213


def test_recognition_stores_nothing(me: Api, session: Session, funds: tuple[Fund, Fund]) -> None:
    upload(me, "/transfer/external/uploadFile", "h.csv", CSV)
    assert session.scalar(select(func.count()).select_from(TransferApplication)) == 0


def test_pasted_text_too_long(me: Api, funds: tuple[Fund, Fund]) -> None:
    answer = me.post("/transfer/external/uploadText", {"text": "0" * 20_001}, status=400)
    assert answer["code"] == 71204 and answer["msg"] == "文件不能超过20000字，请分批上传"


def test_a_pension_fund_is_flagged_not_to_be_transferred(
    me: Api, session: Session, funds: tuple[Fund, Fund]
) -> None:
    """Pension funds come with the pension fund account (docs/pension.md), so a row of one is
    held back on the recognition screen, the rest kept; submitting it anyway is refused."""
    make_fund(session, code="009903", name="测试养老目标日期2045基金中基金(FOF)Y", is_pension=True)
    text = "005827 易方达蓝筹精选混合 100.00 120.00\n009903 测试养老2045 50.00 60.00\n"
    data = me.post("/transfer/external/uploadText", {"text": text})["data"]
    assert [(r["fundCode"], r["status"]) for r in data["rows"]] == [
        ("005827", "ok"),
        ("009903", "pension"),
    ]
    assert data["rows"][1]["message"] == (
        "测试养老目标日期2045基金中基金(FOF)Y为个人养老金基金，随个人养老金资金账户变更转入，"
        "不能通过资产转入，请删除该行"
    )
    assert data["flagged"] == 1
