"""The service account's home (docs/advisory.md#homepage-components): the account's figures,
its fund holdings against the model, the template and each component's data, the monthly
reports of the six scopes, the caller's service accounts and the charge plan."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from opentamp.advisory import repository as repo
from opentamp.advisory.contracts import fee_info, in_cooling_off, tags_of
from opentamp.advisory.errors import ContractTerminated
from opentamp.advisory.schemas import (
    AccountInfoOut,
    AdjustmentBriefOut,
    AdvisorRelationIn,
    AdvisorRelationOut,
    ChargePlanOut,
    ComponentDataOut,
    ComponentOut,
    FundHoldingOut,
    FundHoldingsOut,
    StepOut,
    TemplateOut,
    TotalAssetOut,
    UmaOut,
)
from opentamp.errors import InvalidParams, NotFound
from opentamp.kit.clock import today
from opentamp.models.accounts import FinancialAccount
from opentamp.models.advisory import (
    FEE_FAIL,
    TERMINATED,
    AdvisoryAdjustment,
    AdvisoryAnnouncement,
    AdvisoryFee,
    AdvisoryFeeAccrual,
    AdvisoryStrategy,
    ServiceAccount,
)
from opentamp.models.auth import BrokerUser
from opentamp.models.operators import Operator
from opentamp.models.orders import TradeOrder
from opentamp.models.platform import Team
from opentamp.models.products import Portfolio
from opentamp.products import api as products_api
from opentamp.rules import adviser_fees
from opentamp.statements import api as statements_api
from opentamp.trading import api as trading_api

ZERO = Decimal("0")
#: An amount of nothing, written as amounts are (0.00).
NO_MONEY = Decimal("0.00")
COMPONENTS = {
    "TAMP_ACCOUNT_SUMMARY": "账户概览",
    "TOTAL_ASSET": "总资产",
    "ASSET_COMPOSITION": "资产配置",
    "FUND_HOLDINGS": "持仓基金",
    "SCATTERED_FUND_HOLDINGS": "零散持仓",
    "ADJUSTMENT_HISTORY": "调仓记录",
    "TRANSACTION_HISTORY": "交易记录",
    "ADVISER_CHARGE": "投顾服务费",
    "ACCOUNT_REPORT": "账户报告",
}
REPORT_SCOPES = ("SUMMARY", "HOLDINGS", "TRANSACTIONS", "ADJUSTMENTS", "REPORT", "ADVISER_CHARGE")


def _strategy(session: Session, sa: ServiceAccount) -> tuple[AdvisoryStrategy, Portfolio]:
    return repo.strategy(session, sa.po_code)


def total_asset(session: Session, *, user: BrokerUser, service_account_id: int) -> TotalAssetOut:
    return _totals(session, repo.owned_account(session, user, service_account_id))


def _totals(session: Session, sa: ServiceAccount) -> TotalAssetOut:
    held = repo.holdings(session, sa)
    wallet = repo.wallet_of(session, sa)
    holding_asset = sum((h.market_value for h in held), ZERO)
    wallet_asset = wallet.market_value if wallet is not None else ZERO
    pending = repo.pending_amount(session, sa)
    rows = [*held, *([wallet] if wallet is not None else [])]
    dates = [h.profit_date for h in held if h.profit_date is not None]
    return TotalAssetOut(
        total_asset=holding_asset + wallet_asset + pending,
        holding_asset=holding_asset,
        pending_amount=pending,
        wallet_asset=wallet_asset,
        holding_profit=sum((h.holding_profit for h in held), ZERO),
        accumulated_profit=sum((h.accumulated_profit for h in rows), ZERO),
        previous_profit=sum((h.previous_profit for h in rows), ZERO),
        profit_date=max(dates) if dates else None,
    )


def account_info(session: Session, *, user: BrokerUser, service_account_id: int) -> AccountInfoOut:
    sa = repo.owned_account(session, user, service_account_id)
    s, po = _strategy(session, sa)
    t = _totals(session, sa)
    fa = session.get(FinancialAccount, sa.financial_account_id) if sa.financial_account_id else None
    adj = repo.open_adjustment(session, sa.id)
    debts = repo.debts(session, user.id, sa.id)
    return AccountInfoOut(
        service_account_id=sa.id,
        financial_account_id=sa.financial_account_id,
        financial_account_name=fa.name if fa else "",
        po_code=po.code,
        po_name=po.name,
        discretion_type=s.discretion_type,
        contract_status=sa.contract_status,
        contract_no=sa.contract_no,
        signed_at=sa.signed_at,
        cooling_off_end_time=sa.cooling_off_until,
        is_cooling_off=in_cooling_off(sa),
        auto_adjust=sa.auto_adjust,
        total_asset=t.total_asset,
        holding_profit=t.holding_profit,
        accumulated_profit=t.accumulated_profit,
        previous_profit=t.previous_profit,
        pending_amount=t.pending_amount,
        profit_date=t.profit_date,
        adjustment_in_process=(
            AdjustmentBriefOut(adjustment_id=adj.id, status=adj.status, expire_time=adj.expire_at)
            if adj
            else None
        ),
        is_advisor_fee_enabled=s.fee_mode != "MEMBER",
        is_advisor_fee_paid=not debts,
        advisor_fee=repo.uncharged_accruals(session, sa.id),
        total_debt=sum((f.amount for f in debts), ZERO),
        mandatory_unread_count=len(repo.unread_mandatory(session, user.id, sa.po_code)),
        allow_single_fund_redeem=s.allow_single_fund_redeem,
        min_deposit_amount=po.min_purchase_amount,
        risk_level=po.risk_level,
    )


def fund_holdings(
    session: Session, *, user: BrokerUser, service_account_id: int
) -> FundHoldingsOut:
    return _holdings(session, repo.owned_account(session, user, service_account_id))


def _holdings(session: Session, sa: ServiceAccount) -> FundHoldingsOut:
    held = repo.holdings(session, sa)
    model = repo.model_weights(session, sa.po_code)
    funds = repo.funds(session, [h.fund_code for h in held])
    total = sum((h.market_value for h in held), ZERO)
    return FundHoldingsOut(
        total_asset=total,
        holding_list=[
            FundHoldingOut(
                fund_code=h.fund_code,
                fund_name=funds[h.fund_code].short_name,
                fund_type=funds[h.fund_code].fund_type,
                fund_type_name=products_api.fund_type_name(funds[h.fund_code].fund_type),
                shares=h.shares,
                available_shares=trading_api.available_shares(h),
                nav=h.nav,
                nav_date=h.nav_date,
                market_value=h.market_value,
                weight=round(h.market_value / total, 4) if total else ZERO,
                target_weight=model.get(h.fund_code, ZERO),
                holding_profit=h.holding_profit,
                previous_profit=h.previous_profit,
            )
            for h in held
        ],
    )


def fund_asset_detail(
    session: Session, *, user: BrokerUser, service_account_id: int, fund_code: str
) -> FundHoldingOut:
    sa = repo.owned_account(session, user, service_account_id)
    for item in _holdings(session, sa).holding_list:
        if item.fund_code == fund_code:
            return item
    raise NotFound()


def template(session: Session, *, user: BrokerUser, service_account_id: int) -> TemplateOut:
    sa = repo.owned_account(session, user, service_account_id)
    s, _po = _strategy(session, sa)
    kinds = s.components or list(COMPONENTS)
    return TemplateOut(
        template_id=f"{s.po_code}-home",
        component_list=[
            ComponentOut(component_type=k, title=COMPONENTS[k], sort=i)
            for i, k in enumerate(kinds, start=1)
            if k in COMPONENTS
        ],
    )


def _orders(session: Session, sa: ServiceAccount, start: date | None = None,
            end: date | None = None) -> list[dict[str, Any]]:  # fmt: skip
    if sa.financial_account_id is None:
        return []
    stmt = select(TradeOrder).where(
        TradeOrder.financial_account_id == sa.financial_account_id,
        TradeOrder.parent_id.is_(None),
    )
    if start is not None and end is not None:
        stmt = stmt.where(TradeOrder.trade_date >= start, TradeOrder.trade_date <= end)
    rows = session.scalars(stmt.order_by(TradeOrder.apply_time.desc()).limit(50)).all()
    return [
        o.model_dump(mode="json", by_alias=True)
        for o in trading_api.orders_out(session, list(rows))
    ]


def _adjustments(session: Session, sa: ServiceAccount, start: date | None = None,
                 end: date | None = None) -> list[dict[str, Any]]:  # fmt: skip
    stmt = select(AdvisoryAdjustment).where(
        AdvisoryAdjustment.service_account_id == sa.id, AdvisoryAdjustment.status != "DRAFT"
    )
    rows = session.scalars(stmt.order_by(AdvisoryAdjustment.id.desc())).all()
    out = []
    for a in rows:
        day = a.created_at.date()
        if start is not None and end is not None and not start <= day <= end:
            continue
        out.append(
            {
                "adjustmentId": a.id,
                "status": a.status,
                "trigger": a.trigger,
                "modelKind": a.model_kind,
                "createTime": a.created_at.isoformat(),
                "expireTime": a.expire_at.isoformat() if a.expire_at else None,
            }
        )
    return out


def _composition(session: Session, sa: ServiceAccount) -> dict[str, Any]:
    holdings = _holdings(session, sa)
    by_type: dict[int, Decimal] = {}
    for h in holdings.holding_list:
        by_type[h.fund_type] = by_type.get(h.fund_type, ZERO) + h.market_value
    total = holdings.total_asset
    return {
        "totalAsset": f"{total}",
        "itemList": [
            {
                "fundType": k,
                "fundTypeName": products_api.fund_type_name(k),
                "marketValue": f"{v}",
                "weight": f"{round(v / total, 4) if total else ZERO}",
            }
            for k, v in sorted(by_type.items(), key=lambda kv: -kv[1])
        ],
        "fundList": [
            {"fundCode": h.fund_code, "fundName": h.fund_name, "weight": f"{h.weight}",
             "targetWeight": f"{h.target_weight}"}
            for h in holdings.holding_list
        ],
    }  # fmt: skip


def _month_bounds(month: str) -> tuple[date, date]:
    try:
        year, mon = (int(x) for x in month.split("-"))
        start = date(year, mon, 1)
    except ValueError as exc:
        raise InvalidParams("reportMonth 须为 YYYY-MM") from exc
    return start, adviser_fees.period_end(start, "M")


def _report_months(session: Session, sa: ServiceAccount) -> list[str]:
    if sa.signed_at is None:
        return []
    first = sa.signed_at.date().replace(day=1)
    last = (sa.terminated_at.date() if sa.terminated_at else _today()).replace(day=1)
    months = []
    d = first
    while d <= last:
        months.append(f"{d:%Y-%m}")
        d = date(d.year + (d.month // 12), d.month % 12 + 1, 1)
    return list(reversed(months))


def _today() -> date:
    return today()


def _month_figures(
    session: Session, sa: ServiceAccount, start: date, end: date
) -> tuple[dict[str, str], list[dict[str, str]]]:
    """The month's figures of the report and its holdings at the month's end, from the holdings'
    daily rows as the statements read them: the account's market value at the close of the day
    before the month (0 for an account opened in it) and at the month's last valued day (today
    for the month in progress), the month's profit (Σ of its days' profits), and each of the
    strategy's funds held at the end with its value, weight, target and accumulated profit."""
    if sa.financial_account_id is None:
        return {"monthStartAsset": "0.00", "monthEndAsset": "0.00", "monthProfit": "0.00"}, []
    accounts = [sa.financial_account_id]
    last = min(end, _today())
    before, held = (
        statements_api.holdings_at(session, user_id=sa.broker_user_id, account_ids=accounts, day=d)
        for d in (start - timedelta(days=1), last)
    )
    days = statements_api.daily_totals(
        session, user_id=sa.broker_user_id, account_ids=accounts, start=start, end=last
    )
    funds = [h for h in held if h.product_code == sa.po_code]
    names = repo.funds(session, [h.fund_code for h in funds])
    model = repo.model_weights(session, sa.po_code)
    invested = sum((h.market_value for h in funds), NO_MONEY)
    figures = {
        "monthStartAsset": f"{sum((h.market_value for h in before), NO_MONEY)}",
        "monthEndAsset": f"{sum((h.market_value for h in held), NO_MONEY)}",
        "monthProfit": f"{sum((profit for _, profit in days), NO_MONEY)}",
    }
    holdings = [
        {
            "fundCode": h.fund_code,
            "fundName": names[h.fund_code].short_name,
            "marketValue": f"{h.market_value}",
            "weight": f"{round(h.market_value / invested, 4)}",
            "targetWeight": f"{model.get(h.fund_code, ZERO)}",
            "accumulatedProfit": f"{h.accumulated_profit}",
        }
        for h in funds
    ]
    return figures, holdings


def _report(session: Session, sa: ServiceAccount, month: str, scope: str) -> dict[str, Any]:
    if scope not in REPORT_SCOPES:
        raise InvalidParams("reportScope 无效")
    start, end = _month_bounds(month)
    data: dict[str, Any] = {"reportMonth": month, "reportScope": scope}
    if scope in ("SUMMARY", "HOLDINGS"):
        totals = _totals(session, sa)
        figures, holdings = _month_figures(session, sa, start, end)
        data.update(figures)
        data["totalAsset"] = f"{totals.total_asset}"
        data["accumulatedProfit"] = f"{totals.accumulated_profit}"
        if scope == "HOLDINGS":
            data["holdingList"] = holdings
    elif scope == "TRANSACTIONS":
        data["orderList"] = _orders(session, sa, start, end)
    elif scope == "ADJUSTMENTS":
        data["adjustmentList"] = _adjustments(session, sa, start, end)
    elif scope == "REPORT":
        anns = session.scalars(
            select(AdvisoryAnnouncement)
            .where(AdvisoryAnnouncement.po_code == sa.po_code)
            .order_by(AdvisoryAnnouncement.published_at.desc())
        ).all()
        data["announcementList"] = [
            {"announcementId": a.id, "title": a.title, "content": a.content,
             "publishTime": a.published_at.isoformat()}
            for a in anns
            if start <= a.published_at.date() <= end
        ]  # fmt: skip
    else:
        rows = session.scalars(
            select(AdvisoryFeeAccrual).where(
                AdvisoryFeeAccrual.service_account_id == sa.id,
                AdvisoryFeeAccrual.accrual_date >= start,
                AdvisoryFeeAccrual.accrual_date <= end,
            )
        ).all()
        data["accruedFee"] = f"{sum((r.amount for r in rows), ZERO)}"
        data["accrualDays"] = len(rows)
    return data


def component(
    session: Session,
    *,
    user: BrokerUser,
    service_account_id: int,
    component_type: str,
    report_month: str | None,
    report_scope: str | None,
) -> ComponentDataOut:
    sa = repo.owned_account(session, user, service_account_id)
    s, po = _strategy(session, sa)
    data: dict[str, Any]
    if component_type == "TOTAL_ASSET":
        data = _totals(session, sa).model_dump(mode="json", by_alias=True)
    elif component_type == "FUND_HOLDINGS":
        data = _holdings(session, sa).model_dump(mode="json", by_alias=True)
    elif component_type == "SCATTERED_FUND_HOLDINGS":
        model = repo.model_weights(session, sa.po_code)
        full = _holdings(session, sa).model_dump(mode="json", by_alias=True)
        data = {"holdingList": [h for h in full["holdingList"] if h["fundCode"] not in model]}
    elif component_type == "ASSET_COMPOSITION":
        data = _composition(session, sa)
    elif component_type == "ADJUSTMENT_HISTORY":
        data = {"adjustmentList": _adjustments(session, sa)}
    elif component_type == "TRANSACTION_HISTORY":
        data = {"orderList": _orders(session, sa)}
    elif component_type == "ADVISER_CHARGE":
        fees = session.scalars(
            select(AdvisoryFee)
            .where(AdvisoryFee.service_account_id == sa.id)
            .order_by(AdvisoryFee.id.desc())
            .limit(5)
        ).all()
        data = {
            "accruedFee": f"{repo.uncharged_accruals(session, sa.id)}",
            "adviserFeeInfo": fee_info(s).model_dump(mode="json", by_alias=True),
            "totalDebt": f"{sum((f.amount for f in fees if f.status == FEE_FAIL), ZERO)}",
            "feeList": [
                {"feeId": f.id, "source": f.source, "feeAmount": f"{f.amount}",
                 "feeStatus": f.status, "periodStart": str(f.period_start or ""),
                 "periodEnd": str(f.period_end or "")}
                for f in fees
            ],
        }  # fmt: skip
    elif component_type == "ACCOUNT_REPORT":
        if report_month and report_scope:
            data = _report(session, sa, report_month, report_scope)
        else:
            data = {
                "reportList": [{"reportMonth": m} for m in _report_months(session, sa)],
                "reportScopes": list(REPORT_SCOPES),
            }
    elif component_type == "TAMP_ACCOUNT_SUMMARY":
        team = session.get(Team, po.team_id) if po.team_id is not None else None
        data = {
            "poCode": po.code,
            "poName": po.name,
            "discretionType": s.discretion_type,
            "contractStatus": sa.contract_status,
            "signedAt": sa.signed_at.isoformat() if sa.signed_at else None,
            "teamName": team.name if team else "",
        }
    else:
        raise InvalidParams("componentType 无效")
    return ComponentDataOut(component_type=component_type, data=data)


def uma_list(session: Session, *, user: BrokerUser) -> list[UmaOut]:
    out = []
    for sa in repo.accounts_of(session, user.id):
        s, po = _strategy(session, sa)
        out.append(
            UmaOut(
                service_account_id=sa.id,
                financial_account_id=sa.financial_account_id,
                po_code=po.code,
                po_name=po.name,
                discretion_type=s.discretion_type,
                contract_status=sa.contract_status,
                total_asset=_totals(session, sa).total_asset,
                tag_list=tags_of(session, sa),
            )
        )
    return out


def charge_plan(session: Session, *, po_code: str, amount: Decimal | None) -> ChargePlanOut:
    s, _po = repo.strategy(session, po_code)
    tiers = repo.tiers(session, po_code)
    rate = adviser_fees.effective_rate(
        mode=s.fee_mode, fee_ratio=s.fee_ratio, discount=s.fee_discount, tiers=tiers,
        assets=amount or ZERO,
    )  # fmt: skip
    return ChargePlanOut(
        **fee_info(s).model_dump(),
        step_list=[StepOut(min_asset=a, fee_ratio=r) for a, r in tiers],
        first_year_charge=(
            adviser_fees.first_year_charge(amount, rate, s.fee_upper_limit, s.charge_period)
            if amount is not None
            else None
        ),
        cooling_off_hours=s.cooling_off_hours,
    )


def add_advisor_relation(
    session: Session, *, user: BrokerUser, body: AdvisorRelationIn
) -> AdvisorRelationOut:
    sa = repo.owned_account(session, user, body.service_account_id)
    if sa.contract_status == TERMINATED:
        raise ContractTerminated()
    adviser = session.get(Operator, body.advisor_id)
    if adviser is None or adviser.broker_id != user.broker_id:
        raise NotFound()
    sa.advisor_id = adviser.id
    session.flush()
    return AdvisorRelationOut(
        service_account_id=sa.id, advisor_id=adviser.id, advisor_name=adviser.display_name
    )


def count_accounts(session: Session) -> int:
    return session.scalar(select(func.count()).select_from(ServiceAccount)) or 0
