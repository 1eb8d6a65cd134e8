"""交易规则: when a purchase or redemption is dated, confirmed and paid, the fee tiers with
their conditions, and a portfolio's adjustment history."""

from __future__ import annotations

from decimal import Decimal

from sqlalchemy.orm import Session

from opentamp import rules
from opentamp.core.calendar import get_calendar
from opentamp.kit.clock import now
from opentamp.models.products import (
    Fund,
    FundFeeTier,
)
from opentamp.products import repository, schemas
from opentamp.products.catalogue import (
    charged_rate,
    fund_or_404,
    fund_type_name,
    portfolio_or_404,
    product_type_of,
    purchase_minimum,
    rate,
    rate_text,
    status_of,
)
from opentamp.products.errors import ProductNotFound


def _wan(amount: Decimal) -> str:
    if amount >= 10000 and amount % 10000 == 0:
        return f"{(amount / 10000).normalize():f}万元"
    return f"{amount.normalize():f}元"


def _days(days: int) -> str:
    return f"{days // 365}年" if days >= 365 and days % 365 == 0 else f"{days}天"


def fee_condition(tier: FundFeeTier) -> str:
    if tier.kind == "purchase":
        lo, hi = tier.amount_from or Decimal(0), tier.amount_to
        if lo == 0 and hi is None:
            return "全部金额"
        if lo == 0:
            return f"金额<{_wan(hi)}"  # type: ignore[arg-type]
        if hi is None:
            return f"金额≥{_wan(lo)}"
        return f"{_wan(lo)}≤金额<{_wan(hi)}"
    lo_d, hi_d = tier.days_from or 0, tier.days_to
    if lo_d == 0 and hi_d is None:
        return "全部持有期"
    if lo_d == 0:
        return f"持有<{_days(hi_d)}"  # type: ignore[arg-type]
    if hi_d is None:
        return f"持有≥{_days(lo_d)}"
    return f"{_days(lo_d)}≤持有<{_days(hi_d)}"


def _trade_dates(fund: Fund) -> tuple[schemas.TradeDatesOut, schemas.TradeDatesOut]:
    """The dates of an order placed now (opentamp/rules/dates.py): T, confirmation, the day
    profit shows and the day redemption cash reaches the card."""
    calendar = get_calendar()
    moment = now()
    trade = rules.trade_date(calendar, moment)
    confirm = rules.confirm_date(calendar, trade, fund.confirm_days)
    buy = schemas.TradeDatesOut(
        order_time=moment,
        trade_date=trade,
        confirm_date=confirm,
        result_date=rules.profit_date(calendar, confirm),
    )
    redeem = schemas.TradeDatesOut(
        order_time=moment,
        trade_date=trade,
        confirm_date=confirm,
        result_date=rules.arrival_date(
            calendar,
            trade,
            redeem_to=rules.PAY_CARD,
            redeem_settle_days=fund.redeem_settle_days,
            confirm_days=fund.confirm_days,
        ),
    )
    return buy, redeem


def fund_trade_rules(session: Session, fund: Fund) -> schemas.FundTradeRulesOut:
    tiers = repository.fee_tiers(session, fund.code)
    buy, redeem = _trade_dates(fund)
    return schemas.FundTradeRulesOut(
        fund_code=fund.code,
        fund_name=fund.short_name,
        is_money_market=fund.is_money_market,
        min_purchase_amount=fund.min_purchase_amount,
        min_redeem_shares=fund.min_redeem_shares,
        min_hold_shares=fund.min_hold_shares,
        discount_fee_ratio=rate(fund.purchase_discount),
        purchase_fees=[
            schemas.FeeTierOut(
                condition=fee_condition(t),
                rate=rate(t.rate),
                discounted_rate=charged_rate(rules.discounted_rate(t.rate, fund.purchase_discount))
                if t.rate is not None
                else None,
                fixed_fee=t.fixed_fee,
            )
            for t in tiers
            if t.kind == "purchase"
        ],
        redeem_fees=[
            schemas.FeeTierOut(condition=fee_condition(t), rate=rate(t.rate), fixed_fee=t.fixed_fee)
            for t in tiers
            if t.kind == "redeem"
        ],
        manage_fee_rate=rate(fund.manage_fee_rate),
        custody_fee_rate=rate(fund.custody_fee_rate),
        sales_service_fee_rate=rate(fund.sales_service_fee_rate),
        confirm_days=fund.confirm_days,
        redeem_settle_days=fund.redeem_settle_days,
        buy=buy,
        redeem=redeem,
        trade_limit_start_time=fund.trade_limit_start,
        trade_limit_end_time=fund.trade_limit_end,
        status=status_of(fund.status, fund.resume_date),
    )


def trade_rules(
    session: Session, *, code: str | None, product_type: str | None, broker_id: int | None = None
) -> schemas.TradeRulesOut:
    """Fees and confirmation dates from the real fee schedules and calendar (tradeRules)."""
    kind = product_type_of(session, code, product_type) if code else None
    if kind is None or code is None or kind == "privateSet":
        raise ProductNotFound()
    cut_off = f"{rules.CUT_OFF:%H:%M}"
    if kind in ("fund", "wallet"):
        fund = fund_or_404(session, code)
        notes = [
            f"交易日{cut_off}前提交的申请按当日净值确认，{cut_off}后或非交易日提交的按下一交易日净值确认。",
            "申购费用采用外扣法计算：净申购金额=申购金额/(1+申购费率)，申购费用=申购金额-净申购金额。",
            "赎回费按每笔份额的持有天数分别计算，先买入的份额先卖出。",
        ]
        if fund.is_money_market:
            notes = [
                f"交易日{cut_off}前买入，下一交易日确认份额并开始计算收益；收益每日结转为份额。",
                "货币基金不收取申购费和赎回费。",
            ]
        return schemas.TradeRulesOut(
            product_code=fund.code,
            product_type=kind,
            product_name=fund.short_name,
            cut_off_time=cut_off,
            min_purchase_amount=purchase_minimum(session, fund, broker_id),
            funds=[fund_trade_rules(session, fund)],
            weights=[],
            notes=notes,
        )
    po = portfolio_or_404(session, code)
    comps = repository.components(session, po.code)
    funds = repository.funds(session, [c.fund_code for c in comps])
    notes = [
        "买入组合时，买入金额按各基金的目标比例拆分为多笔基金申购，费用为各基金申购费之和；分不尽的金额计入比例最高的基金。",
        "组合内各基金按各自规则确认，全部确认后组合买入完成。",
        "卖出组合时按比例赎回各基金，赎回费按每只基金份额的持有天数分别计算。",
    ]
    if po.adviser_fee_rate is not None:
        notes.append(
            f"投顾服务费按持仓资产年化{rate_text(po.adviser_fee_rate)}每日计提，按期收取。"
        )
    return schemas.TradeRulesOut(
        product_code=po.code,
        product_type=kind,
        product_name=po.name,
        cut_off_time=cut_off,
        min_purchase_amount=po.min_purchase_amount,
        adviser_fee_rate=rate(po.adviser_fee_rate),
        funds=[
            fund_trade_rules(session, funds[c.fund_code]) for c in comps if c.fund_code in funds
        ],
        weights=[
            schemas.AllocationOut(asset_class=funds[c.fund_code].short_name, weight=rate(c.weight))
            for c in comps
            if c.fund_code in funds
        ],
        notes=notes,
    )


def adjustment_history(session: Session, *, code: str | None) -> schemas.AdjustmentsOut:
    po = portfolio_or_404(session, code)
    if po.box_mode == "BLACK_BOX":
        return schemas.AdjustmentsOut(po_code=po.code, po_name=po.name, total=0, list=[])
    adjustments = repository.adjustments(session, po.code)
    items = repository.adjustment_items(session, [a.id for a in adjustments])
    funds = repository.funds(session, {i.fund_code for rows in items.values() for i in rows})
    out = []
    for a in reversed(adjustments):
        rows = []
        for i in items[a.id]:
            f = funds.get(i.fund_code)
            change = i.weight_after - i.weight_before
            action = (
                "新增" if i.weight_before == 0 and i.weight_after > 0
                else "移除" if i.weight_after == 0
                else "增持" if change > 0
                else "减持" if change < 0
                else "不变"
            )  # fmt: skip
            rows.append(
                schemas.AdjustmentItemOut(
                    fund_code=i.fund_code,
                    fund_name=f.short_name if f else i.fund_code,
                    fund_type_name=fund_type_name(f.fund_type) if f else "",
                    weight_before=rate(i.weight_before),
                    weight_after=rate(i.weight_after),
                    change=rate(change),
                    action=action,
                )
            )
        out.append(
            schemas.AdjustmentOut(
                id=a.id, adjust_date=a.adjust_date, title=a.title, reason=a.reason, items=rows
            )
        )
    return schemas.AdjustmentsOut(po_code=po.code, po_name=po.name, total=len(out), list=out)
