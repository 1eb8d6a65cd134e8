"""Transfer-in applications (docs/transfers.md): submitting the checked rows, the list, the
export and the template, the template by mail, plans and portfolios carried over, the profit
history, and the offline adviser relation."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence
from datetime import date, datetime
from decimal import Decimal, InvalidOperation

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from opentamp.core.calendar import get_calendar
from opentamp.core.caller import require_account
from opentamp.errors import NotFound
from opentamp.kit.clock import now
from opentamp.kit.money import round_amount
from opentamp.models.accounts import FinancialAccount
from opentamp.models.auth import BrokerUser
from opentamp.models.holdings import Holding
from opentamp.models.operators import ACTIVE, ROLE_ADVISER, Operator, OperatorRole
from opentamp.models.orders import CANCELLED, TradeOrder
from opentamp.models.products import STATUS_STOP_TRADE, Fund, Portfolio, PortfolioComponent
from opentamp.models.transfers import (
    APPLYING,
    CLOSED,
    COMPLETE,
    TRANSFER_IN_CODE,
    MailOutbox,
    OfflineRelation,
    TransferApplication,
    TransferItem,
    TransferProfit,
)
from opentamp.pension import api as pension
from opentamp.rules import trade_date
from opentamp.trading.api import check_service_account_buy, financial_account_of, new_order_no
from opentamp.transfers import recognition
from opentamp.transfers.errors import (
    AdviserNotFound,
    ApplicationNotFound,
    EmailInvalid,
    FinancialAccountNotFound,
    NoRows,
    NotCancellable,
    PortfolioNotRestorable,
    ProfitRowsInvalid,
    RowInvalid,
)
from opentamp.transfers.schemas import (
    AipOut,
    ApplicationOut,
    FundHitOut,
    PoRestoreOut,
    ProfitPreviewOut,
    ProfitRowIn,
    ProfitRowOut,
    RecognitionOut,
    RecognizedRowOut,
    RelationOut,
    TemplateEmailOut,
    TransferItemIn,
    TransferItemOut,
)

#: Applications listed, newest first.
LIST_LIMIT = 50
EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$")
TEMPLATE_SUBJECT = "持仓转入模板"
#: Pension funds are held through the pension fund account at its bank, which moves with the
#: account (docs/pension.md), not by a transfer of holdings.
PENSION_FUND_NOT_TRANSFERRED = (
    "{name}为个人养老金基金，随个人养老金资金账户变更转入，不能通过资产转入"
)


def recognition_out(source: str, rows: Sequence[recognition.Row]) -> RecognitionOut:
    return RecognitionOut(
        source=source,
        rows=[
            RecognizedRowOut(
                line=r.line,
                given=r.given,
                fund_code=r.fund_code,
                fund_name=r.fund_name,
                shares=r.shares,
                cost=r.cost,
                status=r.status,
                message=r.message,
            )
            for r in rows
        ],
        flagged=sum(1 for r in rows if r.status != recognition.OK),
    )


def search_funds(session: Session, *, keyword: str) -> list[FundHitOut]:
    """Catalogue funds whose code starts with, or whose name contains, ``keyword`` (20 at most,
    codes first)."""
    word = keyword.strip()
    if not word:
        return []
    query = select(Fund).where(
        Fund.code.startswith(word, autoescape=True)
        | Fund.name.contains(word, autoescape=True)
        | Fund.short_name.contains(word, autoescape=True)
    )
    funds = session.scalars(query.order_by(Fund.code).limit(20)).all()
    return [FundHitOut(fund_code=f.code, fund_name=f.name, fund_type=f.fund_type) for f in funds]


def submit(
    session: Session,
    *,
    user: BrokerUser,
    financial_account_id: int,
    source: str,
    source_platform: str,
    items: Sequence[TransferItemIn],
) -> ApplicationOut:
    """One application with a transfer-in order (code 127) per fund, taken in on the trade
    date of the moment (docs/transfers.md#states)."""
    account = require_account(session, user)
    try:
        fa = financial_account_of(session, user, financial_account_id)
    except NotFound as exc:  # another user's account
        raise FinancialAccountNotFound() from exc
    pension.check_not_pension_account(fa)
    # a service account holds its strategy only (the advisory 持仓转入 is its own flow)
    check_service_account_buy(session, fa, None)
    if not items:
        raise NoRows()
    codes = [i.fund_code for i in items]
    funds = {f.code: f for f in session.scalars(select(Fund).where(Fund.code.in_(codes)))}
    seen: set[str] = set()
    for n, item in enumerate(items, start=1):
        fund = funds.get(item.fund_code)
        if fund is None:
            raise RowInvalid(row=n, reason=f"未找到基金{item.fund_code}")
        if item.fund_code in seen:
            raise RowInvalid(row=n, reason=f"{fund.name}重复，请合并为一行")
        if fund.is_pension:
            raise RowInvalid(
                row=n, reason=recognition.PENSION_FUND_NOT_TRANSFERRED.format(name=fund.name)
            )
        seen.add(item.fund_code)
    moment = now()
    calendar = get_calendar()
    day = trade_date(calendar, moment)
    expected = calendar.add_trading_days(day, 2)
    application = TransferApplication(
        broker_user_id=user.id,
        account_id=account.id,
        financial_account_id=fa.id,
        source_platform=source_platform.strip(),
        source=source,
        apply_time=moment,
        trade_date=day,
    )
    session.add(application)
    session.flush()
    for item in items:
        order = TradeOrder(
            broker_order_no=new_order_no(moment),
            broker_user_id=user.id,
            account_id=account.id,
            financial_account_id=fa.id,
            order_code=TRANSFER_IN_CODE,
            fund_code=item.fund_code,
            trade_amount=round_amount(item.cost),
            trade_share=item.shares,
            apply_time=moment,
            trade_date=day,
            confirm_date=expected,
            ext_meta_info={"transferApplicationId": application.id},
        )
        session.add(order)
        session.flush()
        session.add(
            TransferItem(
                application_id=application.id,
                fund_code=item.fund_code,
                shares=item.shares,
                cost=round_amount(item.cost),
                order_id=order.id,
            )
        )
    session.flush()
    return application_out(session, application)


def _owned(session: Session, user: BrokerUser, application_id: int) -> TransferApplication:
    application = session.get(TransferApplication, application_id)
    if application is None or application.broker_user_id != user.id:
        raise ApplicationNotFound()
    return application


def application_out(session: Session, application: TransferApplication) -> ApplicationOut:
    rows = session.execute(
        select(TransferItem, Fund.name, TradeOrder.broker_order_no, TradeOrder.confirm_status)
        .join(Fund, Fund.code == TransferItem.fund_code)
        .join(TradeOrder, TradeOrder.id == TransferItem.order_id)
        .where(TransferItem.application_id == application.id)
        .order_by(TransferItem.id)
    ).all()
    fa = session.get(FinancialAccount, application.financial_account_id)
    profit_days, profit_total = session.execute(
        select(func.count(), func.coalesce(func.sum(TransferProfit.profit), 0)).where(
            TransferProfit.application_id == application.id
        )
    ).one()
    items = [
        TransferItemOut(
            fund_code=item.fund_code,
            fund_name=name,
            shares=item.shares,
            cost=item.cost,
            broker_order_no=order_no,
            confirm_status=status,
        )
        for item, name, order_no, status in rows
    ]
    return ApplicationOut(
        application_id=application.id,
        status=application.status,
        source=application.source,
        source_platform=application.source_platform,
        financial_account_id=application.financial_account_id,
        financial_account_name=fa.name if fa else "",
        apply_time=application.apply_time,
        trade_date=application.trade_date,
        complete_date=application.complete_date,
        fail_reason=application.fail_reason,
        total_cost=sum((i.cost for i in items), Decimal("0")),
        items=items,
        profit_days=int(profit_days),
        profit_total=Decimal(str(profit_total)),
    )


def applications(
    session: Session, *, user: BrokerUser, application_id: int | None = None
) -> list[ApplicationOut]:
    """The user's applications, newest first; one of them with ``application_id`` (another
    user's id answers 404)."""
    if application_id is not None:
        return [application_out(session, _owned(session, user, application_id))]
    rows = session.scalars(
        select(TransferApplication)
        .where(TransferApplication.broker_user_id == user.id)
        .order_by(TransferApplication.id.desc())
        .limit(LIST_LIMIT)
    ).all()
    return [application_out(session, a) for a in rows]


def cancel(session: Session, *, user: BrokerUser, application_id: int) -> ApplicationOut:
    """APPLYING → CLOSED, its orders cancelled (9); later states cannot be withdrawn."""
    application = _owned(session, user, application_id)
    if application.status != APPLYING:
        raise NotCancellable()
    application.status = CLOSED
    order_ids = select(TransferItem.order_id).where(TransferItem.application_id == application.id)
    session.execute(
        update(TradeOrder).where(TradeOrder.id.in_(order_ids)).values(confirm_status=CANCELLED),
        execution_options={"synchronize_session": False},
    )
    session.flush()
    return application_out(session, application)


def order_application(session: Session, *, user: BrokerUser, order_no: str) -> ApplicationOut:
    """The application a transfer-in order belongs to (transactionTransferDetail)."""
    order = session.scalar(
        select(TradeOrder).where(
            TradeOrder.broker_order_no == order_no,
            TradeOrder.broker_user_id == user.id,
            TradeOrder.order_code == TRANSFER_IN_CODE,
        )
    )
    if order is None:
        raise ApplicationNotFound()
    item = session.scalar(select(TransferItem).where(TransferItem.order_id == order.id))
    if item is None:
        raise ApplicationNotFound()
    return application_out(session, _owned(session, user, item.application_id))


# Files -------------------------------------------------------------------------------------


def export_xlsx(session: Session, *, user: BrokerUser, application_id: int | None) -> bytes:
    """The template (no application) or an application's rows, as an .xlsx workbook in the
    template's columns, with the application's status beside each row."""
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "持仓"
    sheet.append(list(recognition.TEMPLATE_COLUMNS))
    if application_id is None:
        sheet.append(["000001", "示例基金（请替换）", "1000.00", "1200.00"])
    else:
        out = application_out(session, _owned(session, user, application_id))
        sheet.cell(row=1, column=5, value="状态")
        for item in out.items:
            sheet.append([item.fund_code, item.fund_name, str(item.shares), str(item.cost)])
            sheet.cell(row=sheet.max_row, column=5, value=out.status)
    for column, width in zip("ABCDE", (12, 32, 14, 14, 14), strict=True):
        sheet.column_dimensions[column].width = width
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def send_template(session: Session, *, user: BrokerUser, email: str) -> TemplateEmailOut:
    """Queue the template to ``email`` in the mail outbox
    (docs/transfers.md#the-template-by-mail)."""
    address = email.strip()
    if not EMAIL.match(address):
        raise EmailInvalid()
    body = (
        "您好：\n\n附件为持仓转入模板（持仓转入模板.xlsx）。请按列填写基金代码、基金名称、"
        "持有份额、持仓成本，保存后在「资产转入 › 上传表格」中上传，核对识别结果后提交。\n"
    )
    row = MailOutbox(
        broker_user_id=user.id,
        to_address=address,
        subject=TEMPLATE_SUBJECT,
        body=body,
        attachment_name="持仓转入模板.xlsx",
    )
    session.add(row)
    session.flush()
    return TemplateEmailOut(email=address, subject=row.subject, queued_at=row.created_at)


# Plans and portfolios ------------------------------------------------------------------------


def aip_candidates(session: Session, *, user: BrokerUser) -> list[AipOut]:
    """The funds of completed transfers and whether a 定投 can continue on them here (a fund
    that stopped trading cannot)."""
    rows = session.execute(
        select(TransferItem.fund_code, Fund.name, Fund.status, TransferApplication)
        .join(TransferApplication, TransferApplication.id == TransferItem.application_id)
        .join(Fund, Fund.code == TransferItem.fund_code)
        .where(
            TransferApplication.broker_user_id == user.id,
            TransferApplication.status == COMPLETE,
        )
        .order_by(TransferApplication.id.desc(), TransferItem.id)
    ).all()
    out: list[AipOut] = []
    seen: set[tuple[str, int]] = set()
    for code, name, status, application in rows:
        key = (code, application.financial_account_id)
        if key in seen:
            continue
        seen.add(key)
        stopped = status == STATUS_STOP_TRADE or status == "STOP_ALLOT"
        out.append(
            AipOut(
                fund_code=code,
                fund_name=name,
                financial_account_id=application.financial_account_id,
                can_plan=not stopped,
                reason="该基金暂停申购，暂不能定投" if stopped else "",
            )
        )
    return out


def po_restore(
    session: Session, *, user: BrokerUser, application_id: int, po_code: str
) -> PoRestoreOut:
    """Rebuild a portfolio holding from transferred component funds: every component of the
    portfolio must have come in with the application, and none may be held in the portfolio
    already; the direct holdings become the portfolio's component rows."""
    application = _owned(session, user, application_id)
    if application.status != COMPLETE:
        raise PortfolioNotRestorable(reason="转入完成后才能恢复组合")
    po = session.get(Portfolio, po_code)
    if po is None:
        raise PortfolioNotRestorable(reason="组合不存在")
    components = session.scalars(
        select(PortfolioComponent.fund_code).where(PortfolioComponent.portfolio_code == po_code)
    ).all()
    transferred = set(
        session.scalars(
            select(TransferItem.fund_code).where(TransferItem.application_id == application.id)
        )
    )
    missing = [c for c in components if c not in transferred]
    if not components or missing:
        raise PortfolioNotRestorable(
            reason=f"转入的基金不含组合成分{'、'.join(missing)}，无法恢复为组合"
        )
    for code in components:
        direct = session.scalar(
            select(Holding).where(
                Holding.financial_account_id == application.financial_account_id,
                Holding.fund_code == code,
                Holding.portfolio_code == "",
            )
        )
        in_po = session.scalar(
            select(Holding.id).where(
                Holding.financial_account_id == application.financial_account_id,
                Holding.fund_code == code,
                Holding.portfolio_code == po_code,
            )
        )
        if direct is None or in_po is not None:
            raise PortfolioNotRestorable(reason="组合持仓已存在或基金已卖出，无法恢复")
        direct.portfolio_code = po_code
    session.flush()
    return PoRestoreOut(po_code=po.code, po_name=po.name, fund_codes=list(components))


# Profit history ----------------------------------------------------------------------------


def preview_profits(data: bytes) -> ProfitPreviewOut:
    """A profit history file (CSV: 日期,收益 per line; a header is skipped) read for checking."""
    if len(data) > recognition.MAX_FILE_BYTES:
        raise ProfitRowsInvalid(reason="文件不能超过2MB")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        try:
            text = data.decode("gb18030")
        except UnicodeDecodeError as exc:
            raise ProfitRowsInvalid(reason="请上传 CSV 文件") from exc
    rows: dict[date, Decimal] = {}
    rejected: list[str] = []
    for line in csv.reader(io.StringIO(text)):
        cells = [c.strip() for c in line if c.strip()]
        if not cells:
            continue
        try:
            day = datetime.strptime(cells[0].replace("/", "-"), "%Y-%m-%d").date()
            profit = Decimal(cells[1].replace(",", ""))
            if not profit.is_finite() or abs(profit) > Decimal("999999999999"):
                raise InvalidOperation
        except (ValueError, IndexError, InvalidOperation):
            if rows or rejected or not re.search(r"[\u4e00-\u9fffA-Za-z]", line[0]):
                rejected.append(",".join(line)[:64])
            continue
        rows[day] = round_amount(profit)
    if not rows:
        raise ProfitRowsInvalid(reason="未读取到收益记录，每行应为「日期,收益」")
    ordered = sorted(rows.items())
    return ProfitPreviewOut(
        rows=[ProfitRowOut(profit_date=d, profit=p) for d, p in ordered],
        total=sum((p for _, p in ordered), Decimal("0")),
        rejected=rejected,
    )


def upload_profits(
    session: Session, *, user: BrokerUser, application_id: int, rows: Sequence[ProfitRowIn]
) -> ApplicationOut:
    """Attach the profit history (replacing an earlier one); days after the application's
    trade date are refused (they belong to this platform's own profit)."""
    application = _owned(session, user, application_id)
    days = [r.profit_date for r in rows]
    if len(set(days)) != len(days):
        raise ProfitRowsInvalid(reason="日期重复")
    late = [d for d in days if d >= application.trade_date]
    if late:
        raise ProfitRowsInvalid(reason=f"{late[0]:%Y-%m-%d}在转入之后")
    session.execute(delete(TransferProfit).where(TransferProfit.application_id == application.id))
    session.add_all(
        TransferProfit(
            application_id=application.id,
            profit_date=r.profit_date,
            profit=round_amount(Decimal(r.profit)),
        )
        for r in rows
    )
    session.flush()
    return application_out(session, application)


# Offline adviser relation ------------------------------------------------------------------


def relation(session: Session, *, user: BrokerUser) -> RelationOut:
    row = session.get(OfflineRelation, user.id)
    if row is None:
        return RelationOut(
            bound=False, adviser_name="", invite_code="", shop_name="", bound_at=None
        )
    adviser = session.get(Operator, row.operator_id)
    return RelationOut(
        bound=True,
        adviser_name=adviser.display_name if adviser else "",
        invite_code=adviser.login if adviser else "",
        shop_name=row.shop_name,
        bound_at=row.bound_at,
    )


def bind_relation(
    session: Session, *, user: BrokerUser, invite_code: str, shop_name: str
) -> RelationOut:
    """Bind the customer to the adviser whose invite code (sign-in name) is given; binding
    again moves the customer to the new adviser."""
    adviser = session.scalar(
        select(Operator)
        .join(OperatorRole, OperatorRole.operator_id == Operator.id)
        .where(
            Operator.broker_id == user.broker_id,
            Operator.login == invite_code.strip(),
            Operator.status == ACTIVE,
            OperatorRole.role == ROLE_ADVISER,
        )
    )
    if adviser is None:
        raise AdviserNotFound()
    row = session.get(OfflineRelation, user.id)
    if row is None:
        row = OfflineRelation(broker_user_id=user.id, operator_id=adviser.id, bound_at=now())
        session.add(row)
    row.operator_id, row.shop_name, row.bound_at = adviser.id, shop_name.strip(), now()
    session.flush()
    return relation(session, user=user)
