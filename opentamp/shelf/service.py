"""The rest of the shelf (docs/shelf.md)."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from urllib.parse import urlencode, urlsplit

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from opentamp.core import caller
from opentamp.core.tickets import issue_ticket
from opentamp.errors import NotFound
from opentamp.kit.ownership import owned
from opentamp.models.accounts import Account, FinancialAccount, PaymentMethod
from opentamp.models.auth import BrokerUser
from opentamp.models.holdings import Holding
from opentamp.models.orders import TradeOrder
from opentamp.models.platform import Broker
from opentamp.models.products import WALLET_FUND_CODE, Fund, FundNav
from opentamp.payments import api as payments_api
from opentamp.pension import api as pension_api
from opentamp.shelf.errors import DocumentLinkNotAllowed, TransferCenterUnavailable
from opentamp.shelf.schemas import (
    AllPaymentMethodsOut,
    BrokerUserProductStatusOut,
    DocumentLinkOut,
    DsfofOut,
    ProductStatusOut,
    TransferCenterOut,
    WalletPaymentMethodOut,
)
from opentamp.trading import api as trading_api

ZERO = Decimal("0.00")
#: The product types of docs/product.md#constants a holding can be of, in the order shown.
PRODUCT_TYPES = ("fund", "wallet", "poFund", "strategy", "signal", "pension")
#: The ticket scene of the transfer-centre jump (the partner redeems it once).
TRANSFER_SCENE = "transferCenter"


def _financial_accounts(session: Session, user: BrokerUser) -> list[FinancialAccount]:
    return list(
        session.scalars(
            select(FinancialAccount)
            .where(FinancialAccount.broker_user_id == user.id)
            .order_by(FinancialAccount.sort_order, FinancialAccount.id)
        )
    )


def all_payment_methods(
    session: Session, *, user: BrokerUser, financial_account_id: int | None
) -> AllPaymentMethodsOut:
    """getAllPaymentMethods with capitalMode ALL: cards, wallets and the pension account."""
    fas = _financial_accounts(session, user)
    if financial_account_id is not None:
        owned(session, FinancialAccount, financial_account_id, owner_id=user.id)
    broker = caller.broker_of(session, user)
    cards = list(
        session.scalars(
            select(PaymentMethod)
            .where(PaymentMethod.broker_user_id == user.id, PaymentMethod.status == "bound")
            .order_by(PaymentMethod.created_at, PaymentMethod.id)
        )
    )
    # the card a wallet top-up pays with (payments' paying_card: the first signed card), named as
    # every way-to-pay names it (card_show_name: 工商银行(6789))
    paying = payments_api.paying_card(cards)
    card = f"（{payments_api.card_show_name(paying.bank_no, paying.card_tail)}）" if paying else ""
    wallets = {
        h.financial_account_id: h
        for h in session.scalars(
            select(Holding).where(
                Holding.broker_user_id == user.id, Holding.fund_code == WALLET_FUND_CODE
            )
        )
    }
    wallet_methods = []
    for fa in fas:
        if fa.type == "pension":
            continue
        h = wallets.get(fa.id)
        shares = (h.shares - h.frozen_shares) if h is not None else ZERO
        wallet_methods.append(
            WalletPaymentMethodOut(
                payment_method_id=fa.id,
                financial_account_id=fa.id,
                name=f"{broker.wallet_name}·{fa.name}",
                wallet_name_with_bank_card=f"{broker.wallet_name}{card}",
                wallet_shares=shares,
            )
        )
    chosen = [
        w
        for w in wallet_methods
        if financial_account_id is None or w.financial_account_id == financial_account_id
    ]
    return AllPaymentMethodsOut(
        payment_methods=[payments_api.method_out(c) for c in cards],
        wallet_payment_methods=wallet_methods,
        td_payment_methods=pension_api.pension_payment_methods(session, user=user),
        wallet_shares=sum((w.wallet_shares for w in chosen), ZERO),
    )


def _product_type(h: Holding, fa_type: str) -> str:
    if fa_type == "pension":
        return "pension"
    if h.fund_code == WALLET_FUND_CODE:
        return "wallet"
    prefix = h.portfolio_code[:2]
    return {"ZH": "poFund", "CL": "strategy", "SI": "signal"}.get(prefix, "fund")


def product_status(session: Session, *, user: BrokerUser) -> BrokerUserProductStatusOut:
    """/tamp/getBrokerUserProductStatus: which kinds of product the user holds now, held
    before, or never held, with what each is worth."""
    fa_types = {fa.id: fa.type for fa in _financial_accounts(session, user)}
    holdings = session.scalars(select(Holding).where(Holding.broker_user_id == user.id)).all()
    value: dict[str, Decimal] = {}
    products: dict[str, set[str]] = {}
    held: dict[str, bool] = {}
    for h in holdings:
        kind = _product_type(h, fa_types.get(h.financial_account_id, "normal"))
        products.setdefault(kind, set()).add(h.portfolio_code or h.fund_code)
        value[kind] = value.get(kind, ZERO) + h.market_value
        held[kind] = held.get(kind, False) or h.shares > 0
    account = session.scalar(select(Account).where(Account.broker_user_id == user.id))
    return BrokerUserProductStatusOut(
        broker_id=user.broker_id,
        has_account=account is not None,
        has_wallet=any(h.fund_code == WALLET_FUND_CODE for h in holdings),
        has_pension_account=bool(pension_api.pension_payment_methods(session, user=user)),
        non_american=account.non_american if account is not None else None,
        products=[
            ProductStatusOut(
                product_type=kind,
                status="NONE" if kind not in held else "HOLDING" if held[kind] else "CLEARED",
                holding_asset=value.get(kind, ZERO) if held.get(kind) else ZERO,
                product_count=len(products.get(kind, ())),
            )
            for kind in PRODUCT_TYPES
        ],
    )


def document_link(
    session: Session, *, url: str, title: str, broker_id: int | None, own_host: str
) -> DocumentLinkOut:
    """An address the document viewers (iframe, outsideChain) may open: an https page (or
    http on this site) on this site's host or on a host the broker allows
    (``broker.document_hosts``). Anything else — another site, ``javascript:``, a
    protocol-relative ``//host``, credentials in the address — is refused."""
    target = url.strip()
    if not target or any(ch in target for ch in "\r\n\t\\ "):
        raise DocumentLinkNotAllowed()
    parts = urlsplit(target)
    host = (parts.hostname or "").lower()
    if parts.username or parts.password or not host:
        raise DocumentLinkNotAllowed()
    broker = session.get(Broker, broker_id) if broker_id is not None else None
    allowed = {h.lower() for h in (broker.document_hosts if broker else [])}
    if host == own_host.lower() and parts.scheme in ("http", "https"):
        return DocumentLinkOut(url=target, title=title, host=host)
    if parts.scheme == "https" and host in allowed:
        return DocumentLinkOut(url=target, title=title, host=host)
    raise DocumentLinkNotAllowed()


def transfer_center(
    session: Session,
    *,
    user: BrokerUser,
    report_id: str | None,
    scene: str,
    origin: str | None,
) -> TransferCenterOut:
    """/customer/transferCenter (docs/shelf.md#transfer-centre): the partner's transfer-centre
    address with the report, the scene and a one-time ticket (never the user's token). When
    the app runs inside a partner page whose origin the broker knows (``frame_ancestors``), the
    jump goes to that origin's ``/customer/transferCenter``; otherwise to the broker's
    configured transfer centre."""
    broker = caller.broker_of(session, user)
    known = bool(origin) and origin in broker.frame_ancestors
    base = f"{origin}/customer/transferCenter" if known else broker.transfer_center_url
    if not base:
        raise TransferCenterUnavailable()
    query = {"scene": scene, "ticket": issue_ticket(session, user_id=user.id, scene=TRANSFER_SCENE)}
    if report_id:
        query["reportId"] = report_id
    sep = "&" if "?" in base else "?"
    return TransferCenterOut(url=f"{base}{sep}{urlencode(query)}", known_origin=known)


# -- the FOF shelf (dsfof, docs/shelf.md#dsfof-the-fof-shelf) ---------------------------------

#: A fund of funds says so in its registered name (基金中基金, FOF).
FOF_MARKERS = ("基金中基金", "FOF")
#: The most orders dsfofRecord lists.
DSFOF_RECORDS = 200


def _fofs(session: Session, code: str | None = None) -> list[Fund]:
    query = select(Fund).where(or_(*(Fund.name.contains(m) for m in FOF_MARKERS)))
    if code is not None:
        query = query.where(Fund.code == code)
    return list(session.scalars(query.order_by(Fund.is_pension, Fund.code)))


def dsfof_list(session: Session, *, user: BrokerUser) -> list[DsfofOut]:
    """The funds of funds on sale, with their latest NAV, 近1年 NAV change and the user's
    shares."""
    held: dict[str, Decimal] = {}
    for h in session.scalars(select(Holding).where(Holding.broker_user_id == user.id)):
        held[h.fund_code] = held.get(h.fund_code, ZERO) + h.shares
    out = []
    for f in _fofs(session):
        last = session.scalar(
            select(FundNav).where(FundNav.fund_code == f.code).order_by(FundNav.nav_date.desc())
        )
        year_ago = (
            session.scalar(
                select(FundNav)
                .where(
                    FundNav.fund_code == f.code,
                    FundNav.nav_date <= last.nav_date - timedelta(days=365),
                )
                .order_by(FundNav.nav_date.desc())
            )
            if last is not None
            else None
        )
        change = (
            ((last.acc_nav - year_ago.acc_nav) / year_ago.acc_nav).quantize(Decimal("0.0001"))
            if last is not None and year_ago is not None and year_ago.acc_nav
            else None
        )
        out.append(
            DsfofOut(
                fund_code=f.code,
                fund_name=f.name,
                short_name=f.short_name,
                risk_level=f.risk_level,
                is_pension=f.is_pension,
                status=f.status,
                min_purchase_amount=f.min_purchase_amount,
                inception_date=f.inception_date,
                nav=last.nav if last else None,
                nav_date=last.nav_date if last else None,
                one_year_return=change,
                held_shares=held.get(f.code, ZERO),
            )
        )
    return out


def dsfof_records(
    session: Session, *, user: BrokerUser, product_code: str | None
) -> list[trading_api.OrderOut]:
    """The user's own orders of funds of funds (of one, with ``productCode``), newest first, as
    every record list reads an order (``trading.api.orders_out``: the client words its kind and
    status by the one rule of the order lists): whatever their business code or payment, a
    wallet-paid purchase or a 定投's as much as a purchase by card."""
    funds = {f.code: f for f in _fofs(session, product_code)}
    if product_code is not None and not funds:
        raise NotFound("该产品不是基金中基金")
    if not funds:
        return []
    orders = session.scalars(
        select(TradeOrder)
        .where(
            TradeOrder.broker_user_id == user.id,
            TradeOrder.fund_code.in_(list(funds)),
            TradeOrder.parent_id.is_(None),
        )
        .order_by(TradeOrder.apply_time.desc(), TradeOrder.id.desc())
        .limit(DSFOF_RECORDS)
    ).all()
    return trading_api.orders_out(session, orders)
