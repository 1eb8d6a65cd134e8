"""Statements (对账单) and asset certificates (资产证明) as PDF (docs/statements.md).

A statement is asked for (``genAssetReport``) and rendered by the task ``statements.render``
(docs/scale.md#tasks): at once on SQLite, by a worker on PostgreSQL; the client polls its
status and opens the file when it is ready. A certificate is rendered in its request (the call
``/asset/genAssetCertification`` has a 60 s timeout) and carries a verification code: an HMAC
with the server's key over the document's id and the digest of the certified figures. The
public ``/noauth/asset/verifyCertification`` finds the document by its code, checks the HMAC
(the code was issued here) and compares the SHA-256 of a copy with the issued PDF's (the copy
is unchanged)."""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Sequence
from datetime import date, timedelta
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.core import caller
from opentamp.core.signing import secret_key
from opentamp.core.tasks import defer, task
from opentamp.kit.clock import now, today
from opentamp.kit.masking import mask_id_no, mask_name
from opentamp.kit.money import shares_text
from opentamp.kit.ownership import owned
from opentamp.models.accounts import Account, FinancialAccount
from opentamp.models.auth import BrokerUser
from opentamp.models.orders import ADVISER_FEE, DIVIDEND, PO_ADJUST, TradeOrder
from opentamp.models.statements import (
    CERTIFICATE,
    FAILED,
    MONTH,
    PENDING,
    READY,
    StatementDocument,
)
from opentamp.rules.order_words import order_words, status_words
from opentamp.statements import figures
from opentamp.statements.errors import (
    CertificateAccountsInvalid,
    CertificateDateInvalid,
    DocumentNotFound,
    DocumentNotReady,
    PeriodInvalid,
    VerifyCodeInvalid,
)
from opentamp.statements.render import Document, Table, amount, render
from opentamp.statements.schemas import (
    CertAccountOut,
    CertificationOut,
    CertificationPreviewOut,
    ReportDetailOut,
    ReportHoldingOut,
    ReportOut,
    VerifyOut,
)

ZERO = Decimal("0.00")
SCOPES = ["summary", "holdings", "transactions", "adjustments", "report", "adviserCharge"]
#: Statement periods listed at most (months, years).
LIST_MONTHS = 36
LIST_YEARS = 10
#: The financial account type of an advisory service account (docs/advisory.md).
SERVICE_ACCOUNT = "service"


def trade_size(order: TradeOrder) -> str:
    """金额/份额 of a trade: its amount, else its shares; a portfolio sale has neither (its
    shares are each fund's, on its children, and do not add up): the ratio it sold."""
    if order.trade_amount:
        return amount(order.trade_amount)
    if order.trade_share:
        return f"{shares_text(order.trade_share)}份"
    ratio = (order.ext_meta_info or {}).get("ratio")
    return f"卖出{Decimal(str(ratio)) * 100:.2f}%" if ratio else "--"


# -- periods -----------------------------------------------------------------------------------


def period_bounds(report_type: str, period: str) -> tuple[date, date]:
    """``2026-10`` → (2026-10-01, 2026-10-31); ``2026`` → (2026-01-01, 2026-12-31); the period
    must have ended before today."""
    try:
        if report_type == MONTH:
            year, month = (int(x) for x in period.split("-"))
            if len(period) != 7:
                raise ValueError(period)
            start = date(year, month, 1)
            end = (start.replace(day=28) + timedelta(days=4)).replace(day=1) - timedelta(days=1)
        else:
            if len(period) != 4:
                raise ValueError(period)
            start = date(int(period), 1, 1)
            end = date(int(period), 12, 31)
    except ValueError:
        raise PeriodInvalid() from None
    if end >= today():
        raise PeriodInvalid()
    return start, end


def title_of(report_type: str, period: str) -> str:
    if report_type == MONTH:
        year, month = period.split("-")
        return f"{year}年{int(month)}月对账单"
    return f"{period}年度对账单"


def _periods(report_type: str, first: date, last: date) -> list[str]:
    out: list[str] = []
    if report_type == MONTH:
        y, m = last.year, last.month
        while (y, m) >= (first.year, first.month) and len(out) < LIST_MONTHS:
            out.append(f"{y:04d}-{m:02d}")
            y, m = (y, m - 1) if m > 1 else (y - 1, 12)
    else:
        y = last.year
        while y >= first.year and len(out) < LIST_YEARS:
            out.append(f"{y:04d}")
            y -= 1
    return out


def _statement_key(
    user_id: int, account_id: int, report_type: str, period: str, scopes: Sequence[str]
) -> str:
    mask = sum(1 << i for i, s in enumerate(SCOPES) if s in scopes)
    return f"{user_id}:{account_id}:{report_type}:{period}:{mask}"


# -- statements --------------------------------------------------------------------------------


def report_list(
    session: Session,
    *,
    user: BrokerUser,
    report_type: str,
    financial_account_id: int | None,
    service_accounts: bool,
) -> list[ReportOut]:
    """The statement periods of the user's accounts (or of one), newest first, each with its
    document's status once asked for. ``service_accounts``: the advisory service accounts only
    (getAdUserReportList), else every other account (getAssetReportList)."""
    accounts = [
        a
        for a in figures.accounts_of(session, user.id)
        if (a.type == SERVICE_ACCOUNT) == service_accounts
    ]
    if financial_account_id is not None:
        owned(session, FinancialAccount, financial_account_id, owner_id=user.id)
        accounts = [a for a in accounts if a.id == financial_account_id]
    yesterday = today() - timedelta(days=1)
    last = (
        yesterday.replace(day=1) - timedelta(days=1)
        if report_type == MONTH
        else date(yesterday.year - 1, 12, 31)
    )
    docs = {
        d.statement_key: d
        for d in session.scalars(
            select(StatementDocument).where(
                StatementDocument.broker_user_id == user.id,
                StatementDocument.kind == report_type,
            )
        )
    }
    out: list[ReportOut] = []
    for account in accounts:
        first = figures.first_day(session, user_id=user.id, account_ids=[account.id])
        if first is None or first > last:
            continue
        for period in _periods(report_type, first, last):
            start, end = period_bounds(report_type, period)
            doc = docs.get(_statement_key(user.id, account.id, report_type, period, SCOPES))
            out.append(
                ReportOut(
                    report_id=doc.id if doc else None,
                    financial_account_id=account.id,
                    account_name=account.name,
                    report_type=report_type,
                    period=period,
                    title=title_of(report_type, period),
                    start_date=start,
                    end_date=end,
                    status=doc.status if doc else None,
                    scopes=SCOPES,
                )
            )
    out.sort(key=lambda r: (r.end_date, -r.financial_account_id), reverse=True)
    return out


def generate_report(
    session: Session,
    *,
    user: BrokerUser,
    financial_account_id: int,
    report_type: str,
    period: str,
    scopes: Sequence[str] | None,
) -> ReportDetailOut:
    """Ask for a statement: the document row (one per account and period) and its rendering
    task. A ready document is answered as it is; a failed one is tried again."""
    account = owned(session, FinancialAccount, financial_account_id, owner_id=user.id)
    start, end = period_bounds(report_type, period)
    first = figures.first_day(session, user_id=user.id, account_ids=[account.id])
    if first is None or first > end:
        raise PeriodInvalid(
            "该账户在{period}没有资产和交易记录", period=title_of(report_type, period)[:-3]
        )
    wanted = [s for s in SCOPES if s in set(scopes or SCOPES)]
    key = _statement_key(user.id, account.id, report_type, period, wanted)
    doc = session.scalars(
        select(StatementDocument).where(StatementDocument.statement_key == key)
    ).one_or_none()
    if doc is None:
        doc = StatementDocument(
            broker_user_id=user.id,
            kind=report_type,
            financial_account_id=account.id,
            account_ids=[account.id],
            scopes=wanted,
            period=period,
            as_of=end,
            statement_key=key,
            language="zh",
            status=PENDING,
        )
        session.add(doc)
        session.flush()
    elif doc.status == FAILED:
        doc.status = PENDING
        session.flush()
    if doc.status == PENDING:
        defer(session, render_statement, key=f"statements.render:{doc.id}", document_id=doc.id)
        session.refresh(doc)
    return report_detail(session, user=user, report_id=doc.id)


def _statement(session: Session, user: BrokerUser, report_id: int) -> StatementDocument:
    doc = session.get(StatementDocument, report_id)
    if doc is None or doc.broker_user_id != user.id or doc.kind == CERTIFICATE:
        raise DocumentNotFound()
    return doc


def report_detail(session: Session, *, user: BrokerUser, report_id: int) -> ReportDetailOut:
    doc = _statement(session, user, report_id)
    account = session.get(FinancialAccount, doc.financial_account_id)
    assert account is not None
    summary = _summary(session, doc) if doc.status == READY else None
    held = (
        figures.holdings_at(session, user_id=user.id, account_ids=[account.id], day=doc.as_of)
        if doc.status == READY
        else []
    )
    return ReportDetailOut(
        report_id=doc.id,
        financial_account_id=account.id,
        account_name=account.name,
        report_type=doc.kind,
        period=doc.period,
        title=title_of(doc.kind, doc.period),
        status=doc.status,
        scopes=doc.scopes,
        market_value=summary["market_value"] if summary else ZERO,
        profit=summary["profit"] if summary else ZERO,
        dividends=summary["dividends"] if summary else ZERO,
        fees=summary["fees"] if summary else ZERO,
        holdings_count=int(summary["holdings"]) if summary else 0,
        orders_count=int(summary["orders"]) if summary else 0,
        holdings=[
            ReportHoldingOut(
                product_code=h.fund_code,
                product_name=h.fund_name,
                portfolio_name=h.portfolio_name,
                market_value=h.market_value,
                accumulated_profit=h.accumulated_profit,
            )
            for h in held
        ],
        ready_at=doc.ready_at,
        file_name=f"{account.name}{title_of(doc.kind, doc.period)}.pdf",
    )


def report_file(session: Session, *, user: BrokerUser, report_id: int) -> tuple[bytes, str]:
    doc = _statement(session, user, report_id)
    if doc.status != READY or doc.pdf is None:
        raise DocumentNotReady()
    return doc.pdf, f"{title_of(doc.kind, doc.period)}.pdf"


def _summary(session: Session, doc: StatementDocument) -> dict[str, Decimal]:
    assert doc.financial_account_id is not None
    start, end = period_bounds(doc.kind, doc.period)
    ids = [doc.financial_account_id]
    held = figures.holdings_at(session, user_id=doc.broker_user_id, account_ids=ids, day=end)
    book = figures.period_figures(
        session, user_id=doc.broker_user_id, account_ids=ids, start=start, end=end
    )
    orders = figures.orders_in(
        session, user_id=doc.broker_user_id, account_ids=ids, start=start, end=end
    )
    return {
        "market_value": sum((h.market_value for h in held), ZERO),
        "profit": book.total,
        "dividends": book.dividends,
        "fees": book.fees,
        "holdings": Decimal(len(held)),
        "orders": Decimal(len(orders)),
    }


def _holder(session: Session, user_id: int) -> Account | None:
    return session.scalars(select(Account).where(Account.broker_user_id == user_id)).one_or_none()


def statement_document(session: Session, doc: StatementDocument) -> Document:
    """The statement's content: the summary, the holdings at the period's end, the orders,
    the dividends, the adjustments, the profit by product and the adviser's fees."""
    assert doc.financial_account_id is not None
    account = session.get(FinancialAccount, doc.financial_account_id)
    assert account is not None
    holder = _holder(session, doc.broker_user_id)
    user = session.get(BrokerUser, doc.broker_user_id)
    assert user is not None
    wallet_name = caller.broker_of(session, user).wallet_name
    start, end = period_bounds(doc.kind, doc.period)
    ids = [account.id]
    uid = doc.broker_user_id
    held = figures.holdings_at(session, user_id=uid, account_ids=ids, day=end)
    book = figures.period_figures(session, user_id=uid, account_ids=ids, start=start, end=end)
    orders = figures.orders_in(session, user_id=uid, account_ids=ids, start=start, end=end)
    scopes = set(doc.scopes or SCOPES)
    total = sum((h.market_value for h in held), ZERO)
    facts = [
        ("客户姓名", holder.name if holder else ""),
        ("账户", account.name),
        ("对账期间", f"{start.isoformat()} 至 {end.isoformat()}"),
    ]
    if "summary" in scopes:
        facts += [
            ("期末资产", f"{amount(total)} 元"),
            ("本期收益", f"{amount(book.total)} 元"),
            ("本期分红", f"{amount(book.dividends)} 元"),
            ("本期费用", f"{amount(book.fees)} 元"),
            ("持仓数", str(len(held))),
            ("交易笔数", str(len(orders))),
        ]
    tables: list[Table] = []
    if "holdings" in scopes:
        tables.append(
            Table(
                title="期末持仓",
                header=["产品代码", "产品名称", "市值（元）", "累计收益（元）"],
                rows=[
                    [
                        h.fund_code,
                        h.label,
                        amount(h.market_value),
                        amount(h.accumulated_profit),
                    ]
                    for h in held
                ]
                + ([["合计", "", amount(total), ""]] if held else []),
                empty="期末无持仓",
                widths=[18, 42, 20, 20],
            )
        )
    if "transactions" in scopes:
        trades = [o for o in orders if o.order_code not in (DIVIDEND, PO_ADJUST, ADVISER_FEE)]
        tables.append(
            Table(
                title="交易记录",
                header=["交易日", "业务", "产品", "金额/份额", "费用", "状态"],
                rows=[
                    [
                        o.trade_date.isoformat(),
                        order_words(
                            o.order_code, wallet_name=wallet_name, ext_meta_info=o.ext_meta_info
                        ),
                        o.fund_code or o.portfolio_code,
                        trade_size(o),
                        amount(o.fee),
                        status_words(o.confirm_status),
                    ]
                    for o in trades
                ],
                empty="本期无交易",
                widths=[16, 16, 16, 20, 14, 14],
            )
        )
        dividends = [o for o in orders if o.order_code == DIVIDEND]
        tables.append(
            Table(
                title="分红记录",
                header=["除息日", "产品", "分红金额（元）", "方式"],
                rows=[
                    [
                        o.trade_date.isoformat(),
                        o.fund_code,
                        amount(o.confirmed_amount or o.trade_amount),
                        "现金分红" if o.redeem_to else "红利再投资",
                    ]
                    for o in dividends
                ],
                empty="本期无分红",
                widths=[20, 20, 30, 30],
            )
        )
    if "adjustments" in scopes:
        adjustments = [o for o in orders if o.order_code == PO_ADJUST]
        tables.append(
            Table(
                title="调仓记录",
                header=["交易日", "组合", "状态"],
                rows=[
                    [o.trade_date.isoformat(), o.portfolio_code, status_words(o.confirm_status)]
                    for o in adjustments
                ],
                empty="本期无调仓",
                widths=[30, 40, 30],
            )
        )
    if "report" in scopes:
        tables.append(
            Table(
                title="收益明细",
                header=["产品", "本期收益", "价格变动", "分红", "费用"],
                rows=[
                    [
                        p.product_name,
                        amount(p.total),
                        amount(p.price_change),
                        amount(p.dividends),
                        amount(p.fees),
                    ]
                    for p in book.products
                ]
                + (
                    [
                        [
                            "合计",
                            amount(book.total),
                            amount(book.price_change),
                            amount(book.dividends),
                            amount(book.fees),
                        ]
                    ]
                    if book.products
                    else []
                ),
                empty="本期无收益记录",
                widths=[32, 17, 17, 17, 17],
            )
        )
    if "adviserCharge" in scopes:
        charges = [o for o in orders if o.order_code == ADVISER_FEE]
        tables.append(
            Table(
                title="投顾服务费",
                header=["扣费日", "金额（元）", "状态"],
                rows=[
                    [
                        o.trade_date.isoformat(),
                        amount(o.trade_amount),
                        status_words(o.confirm_status),
                    ]
                    for o in charges
                ],
                empty="本期无投顾服务费",
                widths=[30, 40, 30],
            )
        )
    return Document(
        title=title_of(doc.kind, doc.period),
        subtitle=f"{account.name} · {start.isoformat()} 至 {end.isoformat()}",
        facts=facts,
        tables=tables,
        footer=[
            "本对账单的收益为每日收益之和；市值为期末最后一个估值日的市值。",
            f"生成时间：{now().strftime('%Y-%m-%d %H:%M')}",
        ],
        created=now(),
    )


@task("statements.render", attempts=3, backoff_seconds=4)
def render_statement(session: Session, *, document_id: int) -> None:
    """Render a statement's PDF (safe to run twice: a ready document is left as it is)."""
    doc = session.get(StatementDocument, document_id, with_for_update=True)
    if doc is None or doc.status == READY:
        return
    pdf = render(statement_document(session, doc))
    doc.pdf = pdf
    doc.content_sha256 = hashlib.sha256(pdf).hexdigest()
    doc.total_asset = sum(
        (
            h.market_value
            for h in figures.holdings_at(
                session,
                user_id=doc.broker_user_id,
                account_ids=[doc.financial_account_id or 0],
                day=doc.as_of,
            )
        ),
        ZERO,
    )
    doc.status = READY
    doc.ready_at = now()
    session.flush()


# -- certificates ------------------------------------------------------------------------------


def _cert_accounts(
    session: Session, user: BrokerUser, account_ids: Sequence[int]
) -> list[FinancialAccount]:
    if not account_ids:
        raise CertificateAccountsInvalid()
    return [
        owned(session, FinancialAccount, i, owner_id=user.id) for i in dict.fromkeys(account_ids)
    ]


def _cert_bounds(session: Session, user: BrokerUser) -> tuple[date | None, date]:
    ids = [a.id for a in figures.accounts_of(session, user.id)]
    first = figures.first_day(session, user_id=user.id, account_ids=ids) if ids else None
    return first, today() - timedelta(days=1)


def _cert_figures(
    session: Session, user: BrokerUser, day: date, accounts: Sequence[FinancialAccount]
) -> tuple[list[CertAccountOut], list[figures.HoldingFigure]]:
    held = figures.holdings_at(
        session, user_id=user.id, account_ids=[a.id for a in accounts], day=day
    )
    rows = [
        CertAccountOut(
            financial_account_id=a.id,
            account_name=a.name,
            total_asset=sum((h.market_value for h in held if h.financial_account_id == a.id), ZERO),
        )
        for a in accounts
    ]
    return rows, held


def certification_preview(
    session: Session,
    *,
    user: BrokerUser,
    day: date | None,
    account_ids: Sequence[int],
    language: str,
) -> CertificationPreviewOut:
    """The figures a certificate of ``day`` would carry (default: every account, yesterday)."""
    first, last = _cert_bounds(session, user)
    day = day or last
    if day > last or (first is not None and day < first):
        raise CertificateDateInvalid()
    accounts = (
        _cert_accounts(session, user, account_ids)
        if account_ids
        else figures.accounts_of(session, user.id)
    )
    rows, _ = _cert_figures(session, user, day, accounts)
    holder = _holder(session, user.id)
    return CertificationPreviewOut(
        date=day,
        language=language,
        holder_name=mask_name(holder.name) if holder else "",
        id_no=mask_id_no(holder.id_no) if holder else "",
        accounts=rows,
        total_asset=sum((r.total_asset for r in rows), ZERO),
        min_date=first,
        max_date=last,
    )


def _code(key: bytes, document_id: int, digest: str) -> str:
    mac = hmac.new(key, f"{document_id}:{digest}".encode(), hashlib.sha256).hexdigest().upper()
    return "-".join(mac[i : i + 4] for i in range(0, 16, 4))


CERT_TEXT = {
    "zh": {
        "title": "资产证明",
        "holder": "客户姓名",
        "id": "证件号码",
        "date": "证明日期",
        "total": "资产合计",
        "accounts": "账户资产",
        "holdings": "持仓明细",
        "account": "账户",
        "asset": "资产（元）",
        "code": "产品代码",
        "name": "产品名称",
        "value": "市值（元）",
        "none": "该日无持仓",
        "verify": "验证码",
        "body": (
            "兹证明上述客户于证明日期在本平台持有的基金资产如上，"
            "资产按当日最近一个估值日的净值计算。"
        ),
        "how": (
            "核验方式：在“资产证明核验”页输入验证码并上传本文件，"
            "核验通过即证明本文件由本平台出具且未被修改。"
        ),
        "unit": "元",
    },
    "en": {
        "title": "Certificate of Assets",
        "holder": "Holder",
        "id": "ID number",
        "date": "As of",
        "total": "Total assets",
        "accounts": "Accounts",
        "holdings": "Holdings",
        "account": "Account",
        "asset": "Assets (CNY)",
        "code": "Code",
        "name": "Product",
        "value": "Market value (CNY)",
        "none": "No holdings on that date",
        "verify": "Verification code",
        "body": (
            "This certifies that the holder above held the fund assets listed here on this "
            "platform on the date shown, valued at the latest NAV of that date."
        ),
        "how": (
            "To verify: enter the verification code and upload this file on the certificate "
            "verification page; a match proves the file was issued by this platform and is "
            "unchanged."
        ),
        "unit": "CNY",
    },
}


def apply_certification(
    session: Session, *, user: BrokerUser, day: date, account_ids: Sequence[int], language: str
) -> CertificationOut:
    """Issue a certificate: the document row, its figures' digest, its verification code and
    its PDF (rendered here, within the call's timeout)."""
    first, last = _cert_bounds(session, user)
    if day > last or (first is not None and day < first):
        raise CertificateDateInvalid()
    accounts = _cert_accounts(session, user, account_ids)
    rows, held = _cert_figures(session, user, day, accounts)
    total = sum((r.total_asset for r in rows), ZERO)
    holder = _holder(session, user.id)
    doc = StatementDocument(
        broker_user_id=user.id,
        kind=CERTIFICATE,
        account_ids=[a.id for a in accounts],
        period=day.isoformat(),
        as_of=day,
        language=language,
        status=PENDING,
        total_asset=total,
    )
    session.add(doc)
    session.flush()
    content = {
        "id": doc.id,
        "user": user.id,
        "date": day.isoformat(),
        "language": language,
        "accounts": [[r.financial_account_id, str(r.total_asset)] for r in rows],
        "holdings": [[h.financial_account_id, h.fund_code, str(h.market_value)] for h in held],
        "total": str(total),
    }
    doc.data_digest = hashlib.sha256(
        json.dumps(content, sort_keys=True, separators=(",", ":")).encode()
    ).hexdigest()
    doc.verify_code = _code(secret_key(session), doc.id, doc.data_digest)
    t = CERT_TEXT[language]
    names = {a.id: a.name for a in accounts}
    pdf = render(
        Document(
            title=t["title"],
            subtitle=f"{t['date']} {day.isoformat()}",
            facts=[
                (t["holder"], holder.name if holder else ""),
                (t["id"], mask_id_no(holder.id_no) if holder else ""),
                (t["date"], day.isoformat()),
                (t["total"], f"{amount(total)} {t['unit']}"),
                (t["verify"], doc.verify_code),
            ],
            tables=[
                Table(
                    title=t["accounts"],
                    header=[t["account"], t["asset"]],
                    rows=[[r.account_name, amount(r.total_asset)] for r in rows],
                    empty=t["none"],
                    widths=[60, 40],
                ),
                Table(
                    title=t["holdings"],
                    header=[t["account"], t["code"], t["name"], t["value"]],
                    rows=[
                        [
                            names[h.financial_account_id],
                            h.fund_code,
                            h.label,
                            amount(h.market_value),
                        ]
                        for h in held
                    ],
                    empty=t["none"],
                    widths=[22, 18, 38, 22],
                ),
            ],
            footer=[t["body"], t["how"]],
            created=now(),
        )
    )
    doc.pdf = pdf
    doc.content_sha256 = hashlib.sha256(pdf).hexdigest()
    doc.status = READY
    doc.ready_at = now()
    session.flush()
    return _certificate_out(doc, holder, rows)


def _certificate(session: Session, user: BrokerUser, certificate_id: int) -> StatementDocument:
    doc = session.get(StatementDocument, certificate_id)
    if doc is None or doc.broker_user_id != user.id or doc.kind != CERTIFICATE:
        raise DocumentNotFound()
    return doc


def _certificate_out(
    doc: StatementDocument, holder: Account | None, rows: list[CertAccountOut]
) -> CertificationOut:
    assert doc.verify_code is not None and doc.ready_at is not None
    return CertificationOut(
        certificate_id=doc.id,
        date=doc.as_of,
        language=doc.language,
        holder_name=mask_name(holder.name) if holder else "",
        accounts=rows,
        total_asset=doc.total_asset,
        verify_code=doc.verify_code,
        content_sha256=doc.content_sha256,
        issued_at=doc.ready_at,
        file_name=f"{CERT_TEXT[doc.language]['title']}{doc.as_of.isoformat()}.pdf",
    )


def certification_result(
    session: Session, *, user: BrokerUser, certificate_id: int
) -> CertificationOut:
    doc = _certificate(session, user, certificate_id)
    accounts = [owned(session, FinancialAccount, i, owner_id=user.id) for i in doc.account_ids]
    rows, _ = _cert_figures(session, user, doc.as_of, accounts)
    return _certificate_out(doc, _holder(session, user.id), rows)


def certification_file(
    session: Session, *, user: BrokerUser, certificate_id: int
) -> tuple[bytes, str]:
    doc = _certificate(session, user, certificate_id)
    assert doc.pdf is not None
    return doc.pdf, f"{CERT_TEXT[doc.language]['title']}{doc.as_of.isoformat()}.pdf"


def normalise_code(code: str) -> str:
    plain = "".join(ch for ch in code.upper() if ch not in " -")
    if len(plain) != 16 or any(ch not in "0123456789ABCDEF" for ch in plain):
        raise VerifyCodeInvalid()
    return "-".join(plain[i : i + 4] for i in range(0, 16, 4))


def verify_certification(session: Session, *, verify_code: str, sha256: str | None) -> VerifyOut:
    """The public check of a certificate (docs/statements.md#verification)."""
    code = normalise_code(verify_code)
    doc = session.scalars(
        select(StatementDocument).where(
            StatementDocument.verify_code == code, StatementDocument.kind == CERTIFICATE
        )
    ).one_or_none()
    genuine = doc is not None and hmac.compare_digest(
        _code(secret_key(session), doc.id, doc.data_digest), code
    )
    if doc is None or not genuine:
        return VerifyOut(
            genuine=False,
            unchanged=None,
            message="验证失败：验证码不存在，该文件不是本平台出具的资产证明",
            date=None,
            holder_name="",
            total_asset=None,
            issued_at=None,
        )
    unchanged = None if sha256 is None else hmac.compare_digest(sha256.lower(), doc.content_sha256)
    holder = _holder(session, doc.broker_user_id)
    if unchanged is False:
        message = "验证失败：文件内容与本平台出具的资产证明不一致，可能已被修改"
    elif unchanged:
        message = "验证通过：该资产证明由本平台出具，且内容未被修改"
    else:
        message = "验证码有效：请上传文件以核对内容是否被修改"
    return VerifyOut(
        genuine=True,
        unchanged=unchanged,
        message=message,
        date=doc.as_of,
        holder_name=mask_name(holder.name) if holder else "",
        total_asset=doc.total_asset,
        issued_at=doc.ready_at,
    )
