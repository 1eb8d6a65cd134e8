"""Private placements (私募专区, docs/product.md#screens-and-routes privateSet screens).

Private funds may be shown only to qualified investors (合格投资者). A signed-in user sees the
sets and the products' names; figures (NAVs, returns) and documents appear after the user made
the qualified-investor statement of the current version (``STATEMENT_VERSION``), which is
recorded with its time.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from opentamp.errors import AppError
from opentamp.kit.clock import now
from opentamp.kit.pagination import PageOut, has_more, page_bounds
from opentamp.models.auth import BrokerUser
from opentamp.models.catalogue import (
    PrivateInvestorStatement,
    PrivateNav,
    PrivateProduct,
    PrivateSet,
    ProductNotice,
)
from opentamp.private_funds import schemas
from opentamp.products import api as products
from opentamp.products.api import NoticeOut
from opentamp.protocols import api as protocols

STATEMENT_VERSION = "2025.1"
DEFAULT_STATEMENT = (
    "本人承诺符合《私募投资基金监督管理暂行办法》规定的合格投资者条件，具备相应风险识别能力和"
    "风险承担能力，投资于单只私募基金的金额不低于100万元，且金融资产不低于300万元或者最近三年"
    "个人年均收入不低于50万元。"
)


class StatementNotConfirmed(AppError):
    code = 61401
    error = "statement_not_confirmed"
    msg = "请阅读并确认合格投资者声明"


class StatementOutdated(AppError):
    code = 61402
    error = "statement_outdated"
    msg = "合格投资者声明已更新，请刷新页面后重新确认"


class QualificationRequired(AppError):
    status = 403
    code = 61403
    error = "qualification_required"
    msg = "私募产品仅向合格投资者展示，请先完成合格投资者声明"


def is_qualified(session: Session, user: BrokerUser) -> bool:
    row = session.get(PrivateInvestorStatement, user.id)
    return row is not None and row.version == STATEMENT_VERSION


def confirm_statement(
    session: Session, *, user: BrokerUser, body: schemas.InvestorStatementIn
) -> schemas.InvestorStatementOut:
    if not body.confirmed:
        raise StatementNotConfirmed()
    if body.version != STATEMENT_VERSION:
        raise StatementOutdated()
    row = session.get(PrivateInvestorStatement, user.id)
    moment = now()
    if row is None:
        row = PrivateInvestorStatement(
            broker_user_id=user.id, version=body.version, confirmed_at=moment
        )
        session.add(row)
    else:
        row.version, row.confirmed_at = body.version, moment
    session.flush()
    return schemas.InvestorStatementOut(qualified=True, version=row.version, confirmed_at=moment)


def _navs(session: Session, code: str) -> list[PrivateNav]:
    return list(
        session.scalars(
            select(PrivateNav).where(PrivateNav.product_code == code).order_by(PrivateNav.nav_date)
        )
    )


def _brief(p: PrivateProduct, navs: list[PrivateNav], qualified: bool) -> dict[str, object]:
    last = navs[-1] if navs and qualified else None
    first = navs[0] if navs else None
    return {
        "product_code": p.code,
        "name": p.name,
        "manager_company": p.manager_company,
        "strategy_type": p.strategy_type,
        "risk_level": p.risk_level,
        "risk_level_name": products.risk_name(p.risk_level),
        "inception_date": p.inception_date,
        "min_investment": p.min_investment,
        "status_text": products.status_of(p.status).status_text,
        "nav": last.nav if last else None,
        "nav_date": last.nav_date if last else None,
        "since_inception": (
            products.rate(last.acc_nav / first.acc_nav - 1) if last and first else None
        ),
    }


def private_list(session: Session, *, user: BrokerUser) -> schemas.PrivateListOut:
    qualified = is_qualified(session, user)
    sets = session.scalars(
        select(PrivateSet)
        .where((PrivateSet.broker_id == user.broker_id) | PrivateSet.broker_id.is_(None))
        .order_by(PrivateSet.sort_order, PrivateSet.id)
    ).all()
    out = []
    for s in sets:
        rows = session.scalars(
            select(PrivateProduct)
            .where(PrivateProduct.set_id == s.id)
            .order_by(PrivateProduct.code)
        ).all()
        out.append(
            schemas.PrivateSetOut(
                set_id=s.id,
                name=s.name,
                description=s.description,
                products=[
                    schemas.PrivateProductBriefOut(**_brief(p, _navs(session, p.code), qualified))
                    for p in rows
                ],
            )
        )
    statement = protocols.latest(session, "qualifiedInvestor", broker_id=user.broker_id)
    return schemas.PrivateListOut(
        qualified=qualified,
        statement_version=STATEMENT_VERSION,
        statement_title=statement.name if statement else "合格投资者承诺函",
        statement_content=statement.content if statement else DEFAULT_STATEMENT,
        sets=out,
    )


def _product(session: Session, code: str | None) -> PrivateProduct:
    product = products.private_product(session, code) if code else None
    if product is None:
        raise products.ProductNotFound()
    return product


def product_info(
    session: Session, *, user: BrokerUser, code: str | None
) -> schemas.PrivateProductOut:
    """A private product. Before the statement: the facts without figures."""
    product = _product(session, code)
    qualified = is_qualified(session, user)
    navs = _navs(session, product.code) if qualified else []
    points: list[tuple[date, Decimal]] = [(n.nav_date, n.acc_nav) for n in navs]
    returns = [products.period_return(points, key) for key in ("3m", "6m", "1y", "ytd", "all")]
    drawdown = products.max_drawdown(points).value if points else None
    return schemas.PrivateProductOut(
        **_brief(product, navs, qualified),
        manager_name=product.manager_name,
        lockup=product.lockup,
        open_days=product.open_days,
        fee_note=product.fee_note,
        custodian=product.custodian,
        description=product.description,
        qualified=qualified,
        returns=[
            products.PeriodReturnOut(
                period=r.period,
                name=r.name,
                start_date=r.start_date,
                end_date=r.end_date,
                value=products.rate(r.value),
            )
            for r in returns
        ],
        max_drawdown=products.rate(drawdown),
        navs=[
            schemas.PrivateNavPointOut(nav_date=n.nav_date, nav=n.nav, acc_nav=n.acc_nav)
            for n in reversed(navs[-52:])
        ],
    )


def archive(session: Session, *, user: BrokerUser, code: str | None) -> schemas.PrivateArchiveOut:
    product = _product(session, code)
    if not is_qualified(session, user):
        raise QualificationRequired()
    files = products.compliance_files(session, code=product.code, doc_type=None)
    return schemas.PrivateArchiveOut(product_code=product.code, list=files.list + files.history)


def announcements(
    session: Session, *, user: BrokerUser, code: str | None, page: int | None, size: int | None
) -> PageOut[NoticeOut]:
    """A private product's announcements and reports together, newest first (page from 1)."""
    product = _product(session, code)
    if not is_qualified(session, user):
        raise QualificationRequired()
    page, size = page_bounds(page, size, base=1, default_size=10)
    query = (
        select(ProductNotice)
        .where(ProductNotice.product_code == product.code)
        .order_by(ProductNotice.publish_date.desc(), ProductNotice.id.desc())
    )
    total = int(session.scalar(select(func.count()).select_from(query.subquery())) or 0)
    rows = session.scalars(query.offset((page - 1) * size).limit(size)).all()
    return PageOut[NoticeOut](
        list=[products.notice_out(n) for n in rows],
        total=total,
        page=page,
        size=size,
        has_more=has_more(page, size, total),
    )
