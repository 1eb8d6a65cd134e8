"""Protocols and agreements (docs/product.md#entities, docs/product.md#constants protocol kinds).

The latest version of a protocol type is the one with the latest ``effective_at`` that is not
in the future, for the broker if it has its own, else the platform's. Protocols open as H5
pages (``/richText?fromModule=protocol&id=…``); a product's documents as
``/richText?fromModule=doc&id=…``.
"""

from __future__ import annotations

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from opentamp.errors import AppError, NotFound
from opentamp.kit.clock import now
from opentamp.models.content import Protocol
from opentamp.products import api as products
from opentamp.protocols import schemas

PRIVACY_TYPES = ("privacyPolicy", "userAgreement")
ACCOUNT_TYPES = ("accountOpening", "investorRights", "eSignature", "bankCardAuth", "riskDisclosure")
PAYMENT_AGREEMENT = "paymentAgreement"
PAYMENT_AGREEMENTS_NAME = "银行授权支付服务协议"
#: Platform protocols a buyer of each product type agrees to, besides the product's documents.
PRODUCT_PROTOCOLS = {
    "fund": ("riskDisclosure",),
    "wallet": ("walletService", "riskDisclosure"),
    "poFund": ("portfolio", "riskDisclosure"),
    "strategy": ("targetStrategy", "portfolio", "riskDisclosure"),
    "signal": ("portfolio", "riskDisclosure"),
    "privateSet": ("privateAsset",),
}
SCOPES = ("H5", "APP")


class InvalidScope(AppError):
    code = 61201
    error = "invalid_scope"
    msg = "协议适用范围应为 H5 或 APP"


def protocol_url(protocol_id: int) -> str:
    return f"/richText?fromModule=protocol&id={protocol_id}"


def _out(p: Protocol) -> schemas.ProtocolOut:
    return schemas.ProtocolOut(
        protocol_id=p.id,
        protocol_type=p.protocol_type,
        name=p.name,
        version=p.version,
        scope=p.scope,
        file_url=protocol_url(p.id),
        effective_at=p.effective_at,
    )


def _scope(scope: str | None) -> str:
    scope = (scope or "H5").upper()
    if scope not in SCOPES:
        raise InvalidScope()
    return scope


def versions(
    session: Session, protocol_type: str, *, broker_id: int | None, scope: str = "H5"
) -> list[Protocol]:
    """Every effective version of a type for a broker, newest first (the broker's own first)."""
    query = select(Protocol).where(
        Protocol.protocol_type == protocol_type,
        Protocol.scope == scope,
        Protocol.effective_at <= now(),
    )
    if broker_id is not None:
        query = query.where(or_(Protocol.broker_id == broker_id, Protocol.broker_id.is_(None)))
    else:
        query = query.where(Protocol.broker_id.is_(None))
    rows = list(session.scalars(query.order_by(Protocol.effective_at.desc(), Protocol.id.desc())))
    own = [p for p in rows if p.broker_id is not None]
    return own or rows


def latest(
    session: Session, protocol_type: str, *, broker_id: int | None, scope: str = "H5"
) -> Protocol | None:
    rows = versions(session, protocol_type, broker_id=broker_id, scope=scope)
    return rows[0] if rows else None


def privacy_latest(
    session: Session, *, broker_id: int | None, scope: str | None
) -> list[schemas.ProtocolOut]:
    """The latest privacy policy and user agreement (protocolType, protocolId, fileUrl)."""
    s = _scope(scope)
    found = [latest(session, t, broker_id=broker_id, scope=s) for t in PRIVACY_TYPES]
    return [_out(p) for p in found if p is not None]


def privacy_history(
    session: Session, *, broker_id: int | None, scope: str | None
) -> list[schemas.ProtocolOut]:
    """Every version of the privacy policy, newest first (privacyHistory)."""
    return [
        _out(p)
        for p in versions(session, "privacyPolicy", broker_id=broker_id, scope=_scope(scope))
    ]


def account_protocols(session: Session, *, broker_id: int | None) -> list[schemas.ProtocolOut]:
    """The protocols of account opening, latest version each."""
    found = [latest(session, t, broker_id=broker_id) for t in ACCOUNT_TYPES]
    return [_out(p) for p in found if p is not None]


def laws(session: Session) -> list[schemas.ProtocolOut]:
    rows = session.scalars(
        select(Protocol)
        .where(Protocol.protocol_type == "lawsRegulations", Protocol.effective_at <= now())
        .order_by(Protocol.effective_at.desc(), Protocol.id)
    )
    return [_out(p) for p in rows]


def detail(session: Session, *, protocol_id: int) -> schemas.ProtocolDetailOut:
    p = session.get(Protocol, protocol_id)
    if p is None or p.effective_at > now():
        raise NotFound("协议不存在")
    return schemas.ProtocolDetailOut(**_out(p).model_dump(), summary=p.summary, content=p.content)


def _agreement(p: Protocol) -> schemas.AgreementOut:
    return schemas.AgreementOut(name=p.name, url=protocol_url(p.id))


def _documents(session: Session, code: str) -> list[schemas.AgreementOut]:
    return [
        schemas.AgreementOut(name=f"《{d.title}》", url=products.document_url(d.id))
        for d in products.documents(session, code)
        if d.is_current
    ]


def payment_agreement(
    session: Session, *, bank_no: str, broker_id: int | None
) -> schemas.PaymentAgreementOut | None:
    rows = [
        p
        for p in versions(session, PAYMENT_AGREEMENT, broker_id=broker_id)
        if p.bank_no in (None, bank_no)
    ]
    newest: dict[str, Protocol] = {}
    for p in rows:  # newest first: keep the latest version of each agreement name
        newest.setdefault(p.name, p)
    chosen = list(newest.values())
    if not chosen:
        return None
    name = PAYMENT_AGREEMENTS_NAME if len(chosen) > 1 else chosen[0].name
    return schemas.PaymentAgreementOut(name=name, agreements=[_agreement(p) for p in chosen])


def agreements(
    session: Session,
    *,
    code: str | None,
    product_type: str | None,
    bank_no: str | None,
    agreement_type: str | None,
    broker_id: int,
) -> schemas.AgreementsOut:
    """What a buyer of a product agrees to: its documents and the platform's protocols of its
    type; with ``bankNo`` and ``agreementType=paymentAgreement`` the bank's payment
    agreements (docs/api.md#account getAgreements)."""
    payment = None
    if bank_no and (agreement_type or PAYMENT_AGREEMENT) == PAYMENT_AGREEMENT:
        payment = payment_agreement(session, bank_no=bank_no, broker_id=broker_id)
    items: list[schemas.AgreementOut] = []
    if code:
        kind = products.product_type_of(session, code, product_type)
        if kind is None:
            raise products.ProductNotFound()
        items = _documents(session, code)
        for protocol_type in PRODUCT_PROTOCOLS.get(kind, ()):
            p = latest(session, protocol_type, broker_id=broker_id)
            if p is not None:
                items.append(_agreement(p))
    return schemas.AgreementsOut(product_code=code, agreements=items, payment_agreement=payment)


def list_by_po(session: Session, *, po_code: str | None, broker_id: int) -> schemas.PoProtocolsOut:
    """A portfolio's protocols and each component fund's documents."""
    po = products.portfolio(session, po_code) if po_code else None
    if po is None:
        raise products.ProductNotFound()
    kind = products.PORTFOLIO_TYPES.get(po.kind, "poFund")
    own = _documents(session, po.code)
    for protocol_type in PRODUCT_PROTOCOLS[kind]:
        p = latest(session, protocol_type, broker_id=broker_id)
        if p is not None:
            own.append(_agreement(p))
    comps = products.components(session, po.code)
    funds = products.funds(session, [c.fund_code for c in comps])
    fund_list = [
        schemas.FundDocumentsOut(
            fund_code=c.fund_code,
            fund_name=funds[c.fund_code].short_name,
            agreements=_documents(session, c.fund_code),
        )
        for c in comps
        if c.fund_code in funds and po.box_mode == "WHITE_BOX"
    ]
    return schemas.PoProtocolsOut(po_code=po.code, po_name=po.name, list=own, fund_list=fund_list)


def private_asset(session: Session, *, code: str | None, broker_id: int) -> schemas.AgreementsOut:
    """A private product's contract and risk disclosure, and the private-asset protocols."""
    product = products.private_product(session, code) if code else None
    if product is None:
        raise products.ProductNotFound()
    items = _documents(session, product.code)
    for protocol_type in ("privateAsset", "qualifiedInvestor"):
        p = latest(session, protocol_type, broker_id=broker_id)
        if p is not None:
            items.append(_agreement(p))
    return schemas.AgreementsOut(product_code=product.code, agreements=items)
