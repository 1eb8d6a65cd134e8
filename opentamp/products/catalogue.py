"""What every product read shares: type and asset-class names, rates for the wire, risk names,
which kind a product code is, and the status a product shows."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import overload

from sqlalchemy.orm import Session

from opentamp.deps import viewer_cache
from opentamp.kit.money import round_half_up, truncate
from opentamp.models.auth import BrokerUser
from opentamp.models.products import (
    STATUS_NORMAL,
    STATUS_STOP_ALLOT,
    STATUS_STOP_REDEEM,
    STATUS_STOP_TRADE,
    WALLET_FUND_CODE,
    Fund,
    Portfolio,
)
from opentamp.products import analytics, microcache, repository, schemas
from opentamp.products.errors import ProductNotFound
from opentamp.rules.suitability import LEVEL_NAMES
from opentamp.rules.wallet import wallet_minimum

FUND_TYPE_NAMES = {
    0: "其他",
    1: "股票型",
    2: "债券型",
    3: "混合型",
    4: "货币型",
    5: "保本型",
    6: "指数型",
    7: "QDII",
    8: "商品型",
    9: "短债型",
    10: "互认基金",
}
ASSET_CLASSES = {
    0: "其他",
    1: "股票类",
    2: "债券类",
    3: "混合类",
    4: "货币类",
    5: "债券类",
    6: "股票类",
    7: "海外类",
    8: "商品类",
    9: "债券类",
    10: "海外类",
}


def fund_type_name(fund_type: int | None) -> str:
    """The name of a fund type (docs/product.md#entities), 其他 for one this table lacks: the one
    table the dictionary and every screen read."""
    return FUND_TYPE_NAMES.get(fund_type or 0, FUND_TYPE_NAMES[0])


PORTFOLIO_TYPES = {"portfolio": "poFund", "strategy": "strategy", "signal": "signal"}
RATE_SCALE = 6
SHOWN_RATE_SCALE = 4
"""A rate as the screen shows it: a percentage with 2 decimals, cut not rounded
(docs/product.md#validation; ``formatPercent`` of web/src/lib/format.ts)."""


@overload
def rate(value: Decimal) -> Decimal: ...
@overload
def rate(value: None) -> None: ...
@overload
def rate(value: Decimal | None) -> Decimal | None: ...
def rate(value: Decimal | None) -> Decimal | None:
    """A rate for the wire: 6 decimals, half-up (a stored rate has 8, which would print as
    0E-8 when zero)."""
    return round_half_up(value, RATE_SCALE) if value is not None else None


def shown_rate(value: Decimal) -> Decimal:
    """``value`` as the screen shows it (+9.09% for 0.090909)."""
    return truncate(value, SHOWN_RATE_SCALE)


def charged_rate(value: Decimal | None) -> Decimal | None:
    """A fee rate the order charges, for the wire: 6 decimals like every rate (0.001500), or
    all 8 of the rate when it has more (0.00014760), so the screen shows what is charged."""
    shown = rate(value)
    return shown if shown == value else value


def rate_text(value: Decimal) -> str:
    """A fee rate as text: 0.005 → 0.5%."""
    return f"{(value * 100).normalize():f}%"


def risk_name(level: int) -> str:
    return LEVEL_NAMES.get(level, "")


_KINDS: dict[str, str] = {}


def clear_caches() -> None:
    """Forget every remembered figure, kind and answer (tests, where product codes are reused)."""
    analytics.clear_cache()
    microcache.clear()
    _KINDS.clear()
    viewer_cache.clear()


def product_type_of(session: Session, code: str, product_type: str | None = None) -> str | None:
    """:func:`resolve_product_type`, remembered per code (a code never changes type)."""
    key = f"{code}|{product_type == 'fund'}"
    if key not in _KINDS:
        kind = resolve_product_type(session, code, product_type)
        if kind is None:
            return None
        if len(_KINDS) > 10_000:
            _KINDS.clear()
        _KINDS[key] = kind
    return _KINDS[key]


def purchase_minimum(session: Session, fund: Fund, broker_id: int | None) -> Decimal:
    """The least one purchase of ``fund`` takes, as its screens write it (…元起投): the fund's
    own minimum, but the wallet's fund is bought only by recharging the wallet, which takes the
    wallet's 起存金额 (``rules.wallet.wallet_minimum``, docs/trading.md#the-wallets-minimum)."""
    if fund.code != WALLET_FUND_CODE:
        return fund.min_purchase_amount
    broker = repository.broker(session, broker_id) if broker_id is not None else None
    return wallet_minimum(
        broker.super_wallet_min_purchase if broker else None, fund.min_purchase_amount
    )


def resolve_product_type(
    session: Session, code: str, product_type: str | None = None
) -> str | None:
    """The spec's product type of ``code`` (fund, wallet, poFund, strategy, signal,
    privateSet), or None when there is no such product. Code prefixes ZH, CL and SI are
    portfolios, strategies and signal products (docs/product.md#entities)."""
    if session.get(Fund, code) is not None:
        return "wallet" if code == WALLET_FUND_CODE and product_type != "fund" else "fund"
    po = session.get(Portfolio, code)
    if po is not None:
        return PORTFOLIO_TYPES.get(po.kind, "poFund")
    if repository.private_product(session, code) is not None:
        return "privateSet"
    return None


def fund_or_404(session: Session, code: str | None) -> Fund:
    fund = repository.fund(session, code) if code else None
    if fund is None:
        raise ProductNotFound()
    return fund


def portfolio_or_404(session: Session, code: str | None) -> Portfolio:
    po = repository.portfolio(session, code) if code else None
    if po is None:
        raise ProductNotFound()
    return po


def status_of(status: str, resume: date | None = None) -> schemas.StatusOut:
    """The status tag and its note (docs/product.md#states product status tags)."""
    when = f"（预计{resume:%Y年%m月%d日}恢复）" if resume else ""
    if status == STATUS_STOP_ALLOT:
        return schemas.StatusOut(
            status=status,
            status_text="暂停申购",
            status_note=(
                f"本产品暂停申购{when}。暂停期间提交的买入申请，将在恢复申购后的首个交易日提交。"
            ),
            can_buy=False,
            can_redeem=True,
            resume_date=resume,
        )
    if status == STATUS_STOP_REDEEM:
        return schemas.StatusOut(
            status=status,
            status_text="暂停赎回",
            status_note=(
                f"本产品暂停赎回{when}。暂停期间提交的卖出申请，将在恢复赎回后的首个交易日提交。"
            ),
            can_buy=True,
            can_redeem=False,
            resume_date=resume,
        )
    if status == STATUS_STOP_TRADE:
        return schemas.StatusOut(
            status=status,
            status_text="暂停交易",
            status_note=f"本产品暂停申购和赎回{when}，恢复后的首个交易日将提交暂停期间的申请。",
            can_buy=False,
            can_redeem=False,
            resume_date=resume,
        )
    return schemas.StatusOut(
        status=STATUS_NORMAL, status_text="", status_note="", can_buy=True, can_redeem=True
    )


def is_disable_buy(session: Session, viewer: BrokerUser | None, code: str) -> bool:
    if viewer is None:
        return False
    broker = repository.broker(session, viewer.broker_id)
    if broker is not None and broker.is_disable_buy:
        return True
    return code in repository.disabled_for_broker(session, viewer.broker_id, [code])


def period_outs(report: analytics.Report) -> list[schemas.PeriodReturnOut]:
    """阶段涨幅: each period's return, its benchmark's and the excess return (超额收益). The
    excess is the difference of the two rates as shown, so the three figures on the screen
    agree (9.09% − 4.76% = 4.33%, where the exact difference 0.043290 would show 4.32%)."""
    out = []
    for p in report.periods:
        bench = report.benchmark_periods.get(p.period)
        out.append(
            schemas.PeriodReturnOut(
                period=p.period,
                name=p.name,
                start_date=p.start_date,
                end_date=p.end_date,
                value=rate(p.value),
                benchmark_value=rate(bench),
                excess_value=rate(shown_rate(p.value) - shown_rate(bench))
                if p.value is not None and bench is not None
                else None,
            )
        )
    return out
