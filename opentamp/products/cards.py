"""Products in lists: a product's card (home, search, articles), the super wallet's funds and
the fund pool."""

from __future__ import annotations

from decimal import Decimal

from sqlalchemy.orm import Session

from opentamp.kit.money import round_nav
from opentamp.kit.pagination import has_more, page_bounds
from opentamp.models.products import (
    WALLET_FUND_CODE,
)
from opentamp.products import analytics, repository, schemas
from opentamp.products.catalogue import (
    fund_or_404,
    fund_type_name,
    portfolio_or_404,
    product_type_of,
    purchase_minimum,
    rate,
    risk_name,
    status_of,
)
from opentamp.products.errors import ProductNotFound
from opentamp.rules.wallet import wallet_minimum


def fund_pool(
    session: Session,
    *,
    broker_id: int,
    fund_type: int | None,
    page: int | None,
    size: int | None,
    disabled: bool,
) -> schemas.FundPoolOut:
    """The broker's fund pool (基金备选池): the funds its advisory portfolios may hold, with
    the day each joined."""
    page, size = page_bounds(page, size, base=1, default_size=20)
    shelf = repository.shelf(session, broker_id, "fundPool")
    funds = repository.funds(session, [s.product_code for s in shelf])
    entries = [(s, funds[s.product_code]) for s in shelf if s.product_code in funds]
    groups: dict[int, int] = {}
    for _s, f in entries:
        groups[f.fund_type] = groups.get(f.fund_type, 0) + 1
    if fund_type is not None:
        entries = [(s, f) for s, f in entries if f.fund_type == fund_type]
    total = len(entries)
    chosen = entries[(page - 1) * size : page * size]
    companies = repository.companies(session, {f.company_id for _s, f in chosen})
    navs = repository.latest_navs(session, [f.code for _s, f in chosen])
    items = []
    for s, f in chosen:
        nav = navs.get(f.code)
        items.append(
            schemas.FundPoolItemOut(
                fund_code=f.code,
                fund_name=f.short_name,
                fund_type=f.fund_type,
                fund_type_name=fund_type_name(f.fund_type),
                risk_level=f.risk_level,
                risk_level_name=risk_name(f.risk_level),
                company_name=companies[f.company_id].short_name
                if f.company_id in companies
                else "",
                added_date=s.added_date,
                nav=nav.nav if nav else None,
                nav_date=nav.nav_date if nav else None,
                year_return=rate(analytics.year_return(session, f)),
                status_text=status_of(f.status).status_text,
                is_disable_buy=disabled or s.is_disable_buy,
            )
        )
    return schemas.FundPoolOut(
        list=items,
        total=total,
        page=page,
        size=size,
        has_more=has_more(page, size, total),
        groups=[
            schemas.FundPoolGroupOut(fund_type=t, fund_type_name=fund_type_name(t), count=n)
            for t, n in sorted(groups.items())
        ],
        updated_date=max((s.added_date for s, _f in entries if s.added_date), default=None),
    )


def product_card(
    session: Session,
    *,
    code: str,
    product_type: str | None,
    viewer_broker_id: int | None,
    tags: list[str] | None = None,
) -> schemas.ProductCardOut:
    kind = product_type_of(session, code, product_type)
    if kind is None or kind == "privateSet":
        raise ProductNotFound()
    disabled = False
    if viewer_broker_id is not None:
        broker = repository.broker(session, viewer_broker_id)
        disabled = bool(broker and broker.is_disable_buy) or code in repository.disabled_for_broker(
            session, viewer_broker_id, [code]
        )
    if kind in ("fund", "wallet"):
        fund = fund_or_404(session, code)
        report = analytics.fund_report(session, fund)
        series = analytics.fund_series(session, fund)
        last = series.navs[-1] if series.navs else None
        if fund.is_money_market:
            metric_name, metric = "七日年化", last.yield_7d if last else None
        else:
            metric_name = "近1年涨跌幅"
            metric = next((p.value for p in report.periods if p.period == "1y"), None)
            if metric is None:
                metric_name = "成立以来"
                metric = next((p.value for p in report.periods if p.period == "all"), None)
        return schemas.ProductCardOut(
            product_code=fund.code,
            product_type=kind,
            name=fund.short_name,
            risk_level=fund.risk_level,
            risk_level_name=risk_name(fund.risk_level),
            type_name=fund_type_name(fund.fund_type),
            metric_name=metric_name,
            metric_value=rate(metric),
            nav=last.nav if last else None,
            nav_date=last.day if last else None,
            min_purchase_amount=purchase_minimum(session, fund, viewer_broker_id),
            status_text=status_of(fund.status).status_text,
            tags=tags or [],
            is_disable_buy=disabled,
            detail_path=f"/fundProductDetail?productCode={fund.code}&productType={kind}",
        )
    po = portfolio_or_404(session, code)
    report = analytics.portfolio_report(session, po)
    metric = next((p.value for p in report.periods if p.period == "1y"), None)
    metric_name = "近1年收益"
    if metric is None:
        metric_name, metric = (
            "成立以来",
            next((p.value for p in report.periods if p.period == "all"), None),
        )
    type_names = {"poFund": "基金组合", "strategy": "目标策略", "signal": "发车产品"}
    return schemas.ProductCardOut(
        product_code=po.code,
        product_type=kind,
        name=po.name,
        risk_level=po.risk_level,
        risk_level_name=risk_name(po.risk_level),
        type_name="投顾组合"
        if po.adviser_fee_rate is not None
        else type_names.get(kind, "基金组合"),
        metric_name=metric_name,
        metric_value=rate(metric),
        nav=round_nav(report.last[1]) if report.last else None,
        nav_date=report.last[0] if report.last else None,
        min_purchase_amount=po.min_purchase_amount,
        status_text=status_of(po.status).status_text,
        tags=tags or [],
        is_disable_buy=disabled,
        detail_path=f"/poProductDetail?productCode={po.code}&productType={kind}",
    )


def wallet_funds(session: Session, *, broker_id: int) -> schemas.WalletFundsOut:
    """The funds of the broker's superWallet shelf (the wallet fund alone when it has none) and
    the wallet's 起存金额, the minimum a recharge is held to (``rules.wallet.wallet_minimum``)."""
    broker = repository.broker(session, broker_id)
    wallet = repository.fund(session, WALLET_FUND_CODE)
    shelf = repository.shelf(session, broker_id, "superWallet")
    codes = [s.product_code for s in shelf] or [WALLET_FUND_CODE]
    cards = []
    for code in codes:
        try:
            cards.append(
                product_card(session, code=code, product_type=None, viewer_broker_id=broker_id)
            )
        except ProductNotFound:
            continue
    return schemas.WalletFundsOut(
        wallet_name=broker.wallet_name if broker else "钱包",
        min_purchase_amount=purchase_minimum(session, wallet, broker_id)
        if wallet
        else wallet_minimum(broker.super_wallet_min_purchase if broker else None, Decimal("0.00")),
        funds=cards,
    )
