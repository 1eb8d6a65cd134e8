"""A product's notices and documents, and the risk disclosure shown before a purchase."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from opentamp.errors import NotFound
from opentamp.kit.pagination import PageOut, has_more, page_bounds
from opentamp.models.catalogue import (
    ProductDocument,
    ProductNotice,
)
from opentamp.models.products import (
    FUND_TYPE_MONEY_MARKET,
    FUND_TYPE_QDII,
)
from opentamp.products import repository, schemas
from opentamp.products.catalogue import (
    fund_or_404,
    portfolio_or_404,
    product_type_of,
    rate_text,
    risk_name,
)
from opentamp.products.errors import ProductNotFound

DOC_TYPE_NAMES = {
    "contract": "基金合同",
    "prospectus": "招募说明书",
    "summary": "产品资料概要",
    "risk_disclosure": "风险揭示书",
    "strategy": "组合策略说明书",
    "service_agreement": "服务协议",
    "compliance": "合规文件",
    "qualification": "资质证明",
}
NOTICE_CATEGORY_NAMES = {
    "dividend": "分红公告",
    "status": "交易公告",
    "manager": "人事公告",
    "other": "其他公告",
    "quarterly": "季度报告",
    "semiannual": "中期报告",
    "annual": "年度报告",
}


def notices(
    session: Session, *, code: str | None, kind: str, page: int | None, size: int | None
) -> PageOut[schemas.NoticeOut]:
    page, size = page_bounds(page, size, base=1, default_size=10)
    if not code:
        raise ProductNotFound()
    query = repository.notices_query(code, kind)
    total = session.scalar(select(func.count()).select_from(query.subquery())) or 0
    rows = session.scalars(query.offset((page - 1) * size).limit(size)).all()
    return PageOut[schemas.NoticeOut](
        list=[notice_out(n) for n in rows],
        total=total,
        page=page,
        size=size,
        has_more=has_more(page, size, total),
    )


def notice_out(n: ProductNotice) -> schemas.NoticeOut:
    return schemas.NoticeOut(
        id=n.id,
        title=n.title,
        category=n.category,
        category_name=NOTICE_CATEGORY_NAMES.get(n.category, "公告"),
        publish_date=n.publish_date,
    )


def notice_detail(session: Session, *, notice_id: int) -> schemas.NoticeDetailOut:
    n = repository.notice(session, notice_id)
    if n is None:
        raise NotFound()
    return schemas.NoticeDetailOut(
        **notice_out(n).model_dump(), product_code=n.product_code, kind=n.kind, content=n.content
    )


def document_url(doc_id: int) -> str:
    return f"/richText?fromModule=doc&id={doc_id}"


def _document_out(d: ProductDocument) -> schemas.DocumentOut:
    return schemas.DocumentOut(
        id=d.id,
        product_code=d.product_code,
        doc_type=d.doc_type,
        doc_type_name=DOC_TYPE_NAMES.get(d.doc_type, "文件"),
        title=d.title,
        version_date=d.version_date,
        is_current=d.is_current,
        file_url=document_url(d.id),
    )


def compliance_files(
    session: Session, *, code: str | None, doc_type: str | None
) -> schemas.ComplianceFilesOut:
    """A product's disclosure documents (productDoc, historyDoc); without a product code the
    platform's own compliance files (static/complianceFile)."""
    code = code or ""
    docs = repository.documents(session, code, doc_type=doc_type)
    return schemas.ComplianceFilesOut(
        product_code=code,
        list=[_document_out(d) for d in docs if d.is_current],
        history=[_document_out(d) for d in docs if not d.is_current],
    )


def document_detail(session: Session, *, doc_id: int) -> schemas.DocumentDetailOut:
    d = repository.document(session, doc_id)
    if d is None:
        raise NotFound()
    return schemas.DocumentDetailOut(**_document_out(d).model_dump(), content=d.content)


def risk_disclosure(
    session: Session, *, code: str | None, product_type: str | None
) -> schemas.RiskDisclosureOut:
    """What an investor confirms before buying (docs/product.md#validation risk checks): the
    product's risk level and, per kind of product, the particular risks."""
    kind = product_type_of(session, code, product_type) if code else None
    if kind is None or code is None:
        raise ProductNotFound()
    level: int
    name: str
    content = [
        "基金投资有风险，基金的过往业绩并不预示其未来表现，基金管理人管理的其他基金的业绩并不构成本基金业绩表现的保证。",
        "投资者应认真阅读基金合同、招募说明书、产品资料概要等法律文件，了解产品的风险收益特征，并根据自身的投资目的、投资期限、投资经验、资产状况等判断是否与自身风险承受能力相适应。",
    ]
    extra: list[schemas.RiskOptionOut] = []
    if kind in ("fund", "wallet"):
        fund = fund_or_404(session, code)
        level, name = fund.risk_level, fund.short_name
        if fund.fund_type == FUND_TYPE_MONEY_MARKET:
            content.append(
                "货币市场基金不同于银行存款，不保证本金安全和收益，七日年化收益率不代表未来收益。"
            )
        if fund.fund_type == FUND_TYPE_QDII:
            content.append(
                "本基金投资境外市场，除一般证券投资风险外，还面临汇率风险、境外市场风险及QDII额度限制导致的暂停申购风险，确认时间为T+2个交易日。"
            )
            extra.append(
                schemas.RiskOptionOut(
                    key="overseas", label="本人已知悉境外投资的汇率风险与市场风险", required=True
                )
            )
        if fund.fund_type == 10:
            content.append(
                "本基金为内地与香港互认基金，在香港注册并由境外管理人管理，适用香港法律与监管，面临汇率及跨境销售的特殊风险。"
            )
            extra.append(
                schemas.RiskOptionOut(
                    key="mutual_recognition",
                    label="本人已知悉互认基金的跨境销售风险",
                    required=True,
                )
            )
        if fund.is_pension:
            content.append(
                "个人养老金基金存在最短持有期，资金在达到领取条件前不可领取，请合理安排资金。"
            )
    elif kind == "privateSet":
        private = repository.private_product(session, code)
        assert private is not None
        level, name = private.risk_level, private.name
        content.append(
            "私募基金仅面向合格投资者，存在流动性风险、管理人风险及本金损失风险，不保证最低收益。"
        )
        extra.append(
            schemas.RiskOptionOut(key="qualified", label="本人确认为合格投资者", required=True)
        )
    else:
        po = portfolio_or_404(session, code)
        level, name = po.risk_level, po.name
        content.append(
            "组合由多只基金构成，组合收益为各基金收益按权重汇总，调仓时将产生申购赎回费用，组合的历史业绩不代表未来表现。"
        )
        if po.adviser_fee_rate is not None:
            content.append(
                f"本组合为基金投顾服务，投顾服务费按持仓资产年化{rate_text(po.adviser_fee_rate)}每日计提，按期收取。"
            )
            extra.append(
                schemas.RiskOptionOut(
                    key="adviser_fee", label="本人已知悉投顾服务费的收取方式", required=True
                )
            )
        if kind == "strategy":
            content.append(
                "目标止盈策略达到目标收益后自动卖出，目标收益不是收益承诺，运作期内可能无法达到目标。"
            )
        if kind == "signal":
            content.append(
                "发车信号为主理人的投资观点，跟车买入不保证盈利，发车倍数越高投入越多，请量力而行。"
            )
    title = f"{name}风险揭示"
    return schemas.RiskDisclosureOut(
        product_code=code,
        product_type=kind,
        risk_level=level,
        risk_level_name=risk_name(level),
        title=title,
        content=content,
        options=[
            schemas.RiskOptionOut(
                key="read", label="本人已阅读并知悉上述风险揭示内容", required=True
            ),
            schemas.RiskOptionOut(
                key="risk_level",
                label=f"本人确认产品风险等级为R{level}（{risk_name(level)}），并自愿承担投资风险",
                required=True,
            ),
            *extra,
        ],
    )
