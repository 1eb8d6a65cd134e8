"""Reading holdings from what the customer brings (docs/transfers.md#ways-in): a CSV or Excel
file in the template's columns, a screenshot read by OCR, or pasted text. Every way gives the
same rows, each matched to the catalogue (docs/transfers.md#matching) and flagged with what the
customer must correct; nothing is stored until the application is submitted."""

from __future__ import annotations

import csv
import io
import re
import zipfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from opentamp.kit.money import AMOUNT_SCALE, SHARE_SCALE, quantum
from opentamp.models.products import Fund
from opentamp.outside import ocr
from opentamp.outside.oss import image_info
from opentamp.transfers.errors import (
    FileTooLarge,
    NoHoldingsRead,
    NotAnImage,
    NotASpreadsheet,
    OcrUnavailable,
    TooManyRows,
    WrongColumns,
)

MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_IMAGE_BYTES = 5 * 1024 * 1024
MAX_TEXT_CHARS = 20_000
MAX_ROWS = 200
MAX_SHARES = Decimal("99999999999999.99")
MAX_AMOUNT = Decimal("999999999999.99")

#: The template's columns, in order; the header names each column may also go by.
TEMPLATE_COLUMNS = ("基金代码", "基金名称", "持有份额", "持仓成本")
COLUMN_NAMES: dict[str, tuple[str, ...]] = {
    "code": ("基金代码", "代码", "fundcode", "code"),
    "name": ("基金名称", "名称", "基金简称", "fundname", "name"),
    "shares": ("持有份额", "份额", "持仓份额", "shares"),
    "cost": ("持仓成本", "成本", "持仓成本(元)", "持仓成本（元）", "买入金额", "cost"),
}
REQUIRED = {"code": "基金代码", "shares": "持有份额", "cost": "持仓成本"}

#: Row statuses: matched by code, matched by name (check it), not found, figures missing, a
#: pension fund (held through the pension fund account, not transferred; docs/pension.md).
OK, BY_NAME, UNKNOWN, INCOMPLETE, PENSION = "ok", "byName", "unknown", "incomplete", "pension"
#: A figure read with more decimals than money or shares have (2): most often a misread (a
#: thousands separator read as a point), so it is shown as read for the customer to correct,
#: as an amount typed with more decimals is refused (kit/schema.py ``AmountIn``).
TOO_MANY_PLACES = "{what}最多两位小数，请核对后修改"
PENSION_FUND_NOT_TRANSFERRED = (
    "{name}为个人养老金基金，随个人养老金资金账户变更转入，不能通过资产转入"
)

CODE = re.compile(r"(?<!\d)(\d{6})(?!\d)")
NUMBER = re.compile(r"(?<![\d.])(\d{1,3}(?:[,，]\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?![\d.])")


@dataclass
class Row:
    """One recognised holding. ``fund_code``/``fund_name`` are the catalogue's when matched;
    ``given`` is what the source said."""

    line: int
    given: str
    fund_code: str
    fund_name: str
    shares: Decimal | None
    cost: Decimal | None
    status: str
    message: str


def _decimal(text: str | None, *, limit: Decimal) -> Decimal | None:
    """The positive number ``text`` says, exactly as written (None when it says none)."""
    if text is None:
        return None
    cleaned = str(text).strip().replace(",", "").replace("，", "").replace("¥", "")
    cleaned = cleaned.replace("元", "").replace("份", "").strip()
    if not cleaned:
        return None
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        return None
    if not value.is_finite() or value <= 0 or value > limit:
        return None
    return value


@dataclass(frozen=True)
class _Raw:
    line: int
    code: str
    name: str
    shares: str | None
    cost: str | None


def _match(session: Session, raws: Sequence[_Raw]) -> list[Row]:
    """Match each row to the catalogue: by its 6-digit code, else by its name (exact, then a
    catalogue name contained in it or containing it)."""
    codes = {r.code for r in raws if r.code}
    by_code = {f.code: f for f in session.scalars(select(Fund).where(Fund.code.in_(codes))).all()}
    rows: list[Row] = []
    for raw in raws:
        fund = by_code.get(raw.code)
        status, message = OK, ""
        if fund is None and raw.name:
            fund = _by_name(session, raw.name)
            if fund is not None:
                status = BY_NAME
                message = (
                    f"代码{raw.code}未找到，已按名称匹配，请核对"
                    if raw.code
                    else "已按名称匹配，请核对"
                )
        if fund is None:
            status = UNKNOWN
            message = (
                f"未找到基金{raw.code}，请修改代码或删除该行"
                if raw.code
                else "未识别出基金代码，请修改或删除该行"
            )
        shares = _figure(raw.shares, limit=MAX_SHARES, scale=SHARE_SCALE)
        cost = _figure(raw.cost, limit=MAX_AMOUNT, scale=AMOUNT_SCALE)
        if fund is not None and (shares is None or cost is None):
            status = INCOMPLETE
            message = "请填写持有份额" if shares is None else "请填写持仓成本"
        elif fund is not None and (not _fits(shares, SHARE_SCALE) or not _fits(cost, AMOUNT_SCALE)):
            status = INCOMPLETE
            message = TOO_MANY_PLACES.format(
                what="持有份额" if not _fits(shares, SHARE_SCALE) else "持仓成本"
            )
        if fund is not None and fund.is_pension:
            status = PENSION
            message = PENSION_FUND_NOT_TRANSFERRED.format(name=fund.name) + "，请删除该行"
        rows.append(
            Row(
                line=raw.line,
                given=" ".join(p for p in (raw.code, raw.name) if p),
                fund_code=fund.code if fund else raw.code,
                fund_name=fund.name if fund else raw.name,
                shares=shares,
                cost=cost,
                status=status,
                message=message,
            )
        )
    return rows


def _figure(text: str | None, *, limit: Decimal, scale: int) -> Decimal | None:
    """A figure read: with its ``scale`` decimals when it has no more (1200.5 → 1200.50),
    otherwise as read, never rounded nor cut (docs/transfers.md#matching)."""
    value = _decimal(text, limit=limit)
    if value is None or not _fits(value, scale):
        return value
    return value.quantize(quantum(scale))


def _fits(value: Decimal | None, scale: int) -> bool:
    return value is None or value == value.quantize(quantum(scale))


def _by_name(session: Session, name: str) -> Fund | None:
    name = re.sub(r"\s+", "", name)
    if len(name) < 4:
        return None
    exact = session.scalars(
        select(Fund).where(or_(Fund.name == name, Fund.short_name == name)).limit(2)
    ).all()
    if len(exact) == 1:
        return exact[0]
    like = session.scalars(
        select(Fund).where(or_(Fund.name.contains(name), Fund.short_name.contains(name))).limit(2)
    ).all()
    return like[0] if len(like) == 1 else None


# Files ------------------------------------------------------------------------------------


def _table_rows(data: bytes) -> list[list[str]]:
    if data[:4] == b"PK\x03\x04":
        return _xlsx_rows(data)
    if b"\x00" in data[:4096]:
        raise NotASpreadsheet()
    for encoding in ("utf-8-sig", "gb18030"):
        try:
            text = data.decode(encoding)
            break
        except UnicodeDecodeError:
            continue
    else:
        raise NotASpreadsheet()
    try:
        dialect = csv.Sniffer().sniff(text[:2048], delimiters=",\t;，")
        reader = csv.reader(io.StringIO(text), dialect)
    except csv.Error:
        reader = csv.reader(io.StringIO(text))
    try:
        return [row for row in reader]
    except csv.Error as exc:
        raise NotASpreadsheet() from exc


def _xlsx_rows(data: bytes) -> list[list[str]]:
    from openpyxl import load_workbook

    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except (zipfile.BadZipFile, KeyError, OSError, ValueError) as exc:
        raise NotASpreadsheet() from exc
    try:
        sheet = book.worksheets[0]
        rows: list[list[str]] = []
        for values in sheet.iter_rows(values_only=True):
            rows.append([_cell_text(v) for v in values])
            if len(rows) > MAX_ROWS + 1:
                break
        return rows
    finally:
        book.close()


def _cell_text(value: object) -> str:
    """A cell as its text; a number as Excel shows it, to 15 significant digits (a computed
    2400.0000000000005 is the 2400 on the customer's screen)."""
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.15g}"
    return str(value)


def _columns(header: Sequence[str]) -> dict[str, int]:
    names = [re.sub(r"\s+", "", h).lower() for h in header]
    found: dict[str, int] = {}
    for key, aliases in COLUMN_NAMES.items():
        for i, name in enumerate(names):
            if name in {a.lower() for a in aliases}:
                found[key] = i
                break
    return found


def read_file(session: Session, data: bytes) -> list[Row]:
    """The rows of a CSV (UTF-8 or GB18030) or an .xlsx file with the template's header."""
    if len(data) > MAX_FILE_BYTES:
        raise FileTooLarge(limit="2MB")
    if not data.strip():
        raise NotASpreadsheet()
    table = [r for r in _table_rows(data) if any(c.strip() for c in r)]
    if not table:
        raise NotASpreadsheet()
    columns = _columns(table[0])
    missing = [label for key, label in REQUIRED.items() if key not in columns]
    if missing:
        raise WrongColumns(missing="、".join(missing))
    body = table[1:]
    if len(body) > MAX_ROWS:
        raise TooManyRows(limit=MAX_ROWS)

    def cell(row: Sequence[str], key: str) -> str:
        i = columns.get(key)
        return row[i].strip() if i is not None and i < len(row) else ""

    raws = []
    for n, row in enumerate(body, start=2):
        code = cell(row, "code")
        if code.isdigit() and len(code) < 6:  # a spreadsheet drops leading zeros
            code = code.zfill(6)
        raws.append(_Raw(n, code, cell(row, "name"), cell(row, "shares"), cell(row, "cost")))
    return _match(session, raws)


# Text and screenshots ----------------------------------------------------------------------


def _lines_to_raws(lines: Iterable[str]) -> list[_Raw]:
    """A holding per line: a 6-digit code, the name before it, and the first two figures after
    it (shares, then cost); a line without a code but with a name and two figures is kept for
    matching by name."""
    raws: list[_Raw] = []
    for n, line in enumerate(lines, start=1):
        text = line.strip()
        if not text:
            continue
        code_match = CODE.search(text)
        if code_match:
            name = text[: code_match.start()]
            rest = text[code_match.end() :]
            code = code_match.group(1)
        else:
            first = NUMBER.search(text)
            if first is None:
                continue
            name, rest, code = text[: first.start()], text[first.start() :], ""
        figures = [m.group(1) for m in NUMBER.finditer(rest)]
        name = re.sub(r"[\s|:：,，\"'”“]+", "", name)
        if not code and (not re.search(r"[\u4e00-\u9fff]", name) or len(figures) < 2):
            continue
        if code and not figures and not name:
            continue
        raws.append(
            _Raw(
                n,
                code,
                name,
                figures[0] if figures else None,
                figures[1] if len(figures) > 1 else None,
            )
        )
    return raws


def read_text(session: Session, text: str) -> list[Row]:
    """Pasted text: one holding per line, as :func:`_lines_to_raws` reads it."""
    if len(text) > MAX_TEXT_CHARS:
        raise FileTooLarge(limit=f"{MAX_TEXT_CHARS}字")
    raws = _lines_to_raws(text.splitlines())
    if len(raws) > MAX_ROWS:
        raise TooManyRows(limit=MAX_ROWS)
    return _match(session, raws)


def read_image(session: Session, data: bytes) -> list[Row]:
    """A screenshot of another app's holdings page, read by local OCR."""
    if len(data) > MAX_IMAGE_BYTES:
        raise FileTooLarge(limit="5MB")
    if image_info(data) is None:
        raise NotAnImage()
    try:
        text = ocr.read_text(data)
    except ocr.UnreadableImageError as exc:
        raise NotAnImage() from exc
    except ocr.OcrUnavailableError as exc:
        raise OcrUnavailable() from exc
    raws = _lines_to_raws(text.splitlines())
    if not raws:
        raise NoHoldingsRead()
    return _match(session, raws[:MAX_ROWS])


def template_csv() -> bytes:
    """The template: the header and one example row (UTF-8 with BOM, so Excel opens it)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(TEMPLATE_COLUMNS)
    writer.writerow(["000001", "示例基金（请替换）", "1000.00", "1200.00"])
    return ("\ufeff" + out.getvalue()).encode("utf-8")
