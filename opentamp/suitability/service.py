"""Suitability services (docs/rules.md#suitability): the purchase check every trade runs, recorded
confirmations, and product risk levels.

``judge_risk`` is the one gate of a purchase: the trading features call it before they write
an order, with ``confirmed`` telling whether the investor has accepted the mismatch warning on
the purchase page. It raises when the purchase may not go on and records the confirmation of
an above-grade purchase (a row of ``risk_confirmation``).
"""

from __future__ import annotations

from decimal import Decimal

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from opentamp.core.caller import require_account
from opentamp.kit.clock import now
from opentamp.models.accounts import Account
from opentamp.models.auth import BrokerUser
from opentamp.models.holdings import Holding
from opentamp.models.products import Fund, Portfolio
from opentamp.models.suitability import (
    AUTHZ_AUTHORIZED,
    AUTHZ_BLANK,
    AUTHZ_PENDING,
    RiskConfirmation,
)
from opentamp.rules.suitability import (
    GRADE_NAMES,
    LEVEL_NAMES,
    REFUSALS,
    RiskMatch,
    RiskVerdict,
    risk_match,
)
from opentamp.suitability.errors import (
    ProductNotFound,
    RiskConfirmationRequired,
    RiskLevelForbidden,
    RiskSurveyExpired,
    RiskSurveyRequired,
)
from opentamp.suitability.schemas import AuthzOut, QualifiedOut, VerdictOut

PORTFOLIO_PREFIX = "ZH"
PORTFOLIO_TYPES = frozenset({"po", "poFund", "PO", "signal", "strategy"})


def risk_verdict(*, account: Account, product_level: int) -> RiskVerdict:
    """How the account's grade stands against a product level, now (no side effects)."""
    match = risk_match(
        grade=account.risk_grade5,
        assessed_at=account.risk_assessed_at,
        product_level=product_level,
        moment=now(),
    )
    return RiskVerdict(match=match, grade=account.risk_grade5, product_level=product_level)


def judge_risk(
    session: Session,
    *,
    account: Account,
    product_level: int,
    confirmed: bool,
    product_code: str = "",
    product_type: str = "",
    scene: str = "buy",
) -> RiskVerdict:
    """The verdict of a purchase (``scene`` buy) or of a conversion into a fund (convert) of a
    product of risk ``product_level`` (R1..R5).

    Raises :class:`RiskSurveyRequired` (no survey) or :class:`RiskSurveyExpired` (older than
    two years), :class:`RiskLevelForbidden` (C1 above R1), or :class:`RiskConfirmationRequired`
    (above the grade and not ``confirmed``). An above-grade purchase that is confirmed is
    recorded and allowed; a purchase within the grade passes without a record.
    """
    if not 1 <= product_level <= 5:
        raise ValueError(f"product level R{product_level} is not R1..R5")
    verdict = risk_verdict(account=account, product_level=product_level)
    if verdict.match is RiskMatch.NO_VALID_GRADE:
        if account.risk_grade5 and account.risk_assessed_at is not None:
            raise RiskSurveyExpired()
        raise RiskSurveyRequired()
    if verdict.match is RiskMatch.FORBIDDEN:
        raise RiskLevelForbidden(REFUSALS[scene])
    if verdict.match is RiskMatch.NEEDS_CONFIRMATION:
        if not confirmed:
            raise RiskConfirmationRequired(verdict.warning)
        assert account.risk_grade5 is not None
        session.add(
            RiskConfirmation(
                broker_user_id=account.broker_user_id,
                account_id=account.id,
                scene="PURCHASE",
                product_code=product_code,
                product_type=product_type,
                product_level=product_level,
                risk_grade5=account.risk_grade5,
                status=AUTHZ_AUTHORIZED,
            )
        )
        session.flush()
    return verdict


def product_risk_level(session: Session, *, product_code: str, product_type: str = "") -> int:
    """The risk level R1..R5 of a fund or a fund portfolio (code prefix ZH)."""
    portfolio = session.get(Portfolio, product_code)
    if portfolio is not None:
        # a portfolio, a strategy (CL) or a signal product (SI), whatever type the link says
        return portfolio.risk_level
    if product_type in PORTFOLIO_TYPES or product_code.upper().startswith(PORTFOLIO_PREFIX):
        raise ProductNotFound()
    fund = session.get(Fund, product_code)
    if fund is None:
        raise ProductNotFound()
    return fund.risk_level


# -- what screens read ------------------------------------------------------------------------

OPINIONS = {
    RiskMatch.MATCH: "经评估，该产品风险等级与您的风险承受能力相匹配。",
    RiskMatch.NEEDS_CONFIRMATION: "经评估，该产品风险等级超出您的风险承受能力，"
    "如您坚持购买，需确认已充分了解产品风险。",
    RiskMatch.FORBIDDEN: "经评估，您属于风险承受能力最低类别，不能购买该产品。",
    RiskMatch.NO_VALID_GRADE: "您尚未完成风险测评或测评已过期，请先完成风险测评。",
}
QUALIFIED_THRESHOLD = Decimal("3000000.00")


def verdict_out(
    session: Session, *, user: BrokerUser, product_code: str, product_type: str, scene: str = "buy"
) -> VerdictOut:
    """The verdict of a product for a purchase (``scene`` buy) or a conversion into it (convert);
    a refused one carries the refusal the trade itself would answer with (64003)."""

    account = require_account(session, user)
    level = product_risk_level(session, product_code=product_code, product_type=product_type)
    verdict = risk_verdict(account=account, product_level=level)
    match = verdict.match
    return VerdictOut(
        product_code=product_code,
        product_type=product_type,
        product_risk_level=level,
        product_risk_name=LEVEL_NAMES[level],
        risk_grade5=account.risk_grade5,
        risk_grade_name=GRADE_NAMES.get(account.risk_grade5 or 0),
        match=match.value,
        is_match=match is RiskMatch.MATCH,
        need_confirm=match is RiskMatch.NEEDS_CONFIRMATION,
        forbidden=match is RiskMatch.FORBIDDEN,
        need_survey=match is RiskMatch.NO_VALID_GRADE,
        warning=verdict.warning if match is RiskMatch.NEEDS_CONFIRMATION else "",
        opinion=OPINIONS[match],
        refusal=REFUSALS[scene] if match is RiskMatch.FORBIDDEN else "",
    )


def confirm_adequacy(
    session: Session, *, user: BrokerUser, product_code: str, product_type: str, confirm: bool
) -> VerdictOut:
    """The investor's answer on the adequacy page: a confirmed above-grade purchase is recorded
    (by :func:`judge_risk`); the other verdicts raise as a purchase would."""

    account = require_account(session, user)
    level = product_risk_level(session, product_code=product_code, product_type=product_type)
    judge_risk(
        session,
        account=account,
        product_level=level,
        confirmed=confirm,
        product_code=product_code,
        product_type=product_type,
    )
    return verdict_out(session, user=user, product_code=product_code, product_type=product_type)


def save_authz(
    session: Session, *, user: BrokerUser, product_code: str, product_type: str, scene: str,
    status: int,
) -> AuthzOut:  # fmt: skip

    account = require_account(session, user)
    level = product_risk_level(session, product_code=product_code, product_type=product_type)
    if not account.risk_grade5:
        raise RiskSurveyRequired()
    session.add(
        RiskConfirmation(
            broker_user_id=user.id,
            account_id=account.id,
            scene=scene,
            product_code=product_code,
            product_type=product_type,
            product_level=level,
            risk_grade5=account.risk_grade5,
            status=status,
        )
    )
    session.flush()
    return authz(
        session, user=user, product_code=product_code, product_type=product_type, scene=scene
    )


def authz(
    session: Session, *, user: BrokerUser, product_code: str, product_type: str, scene: str
) -> AuthzOut:
    """The latest recorded choice: 1 authorized, 2 refused; without one, 0 when the product is
    above the grade (awaiting authorization) and 9 otherwise (docs/product.md#states)."""

    account = require_account(session, user)
    row = session.scalar(
        select(RiskConfirmation)
        .where(
            RiskConfirmation.account_id == account.id,
            RiskConfirmation.product_code == product_code,
            RiskConfirmation.scene == scene,
        )
        .order_by(RiskConfirmation.created_at.desc(), RiskConfirmation.id.desc())
        .limit(1)
    )
    if row is not None:
        return AuthzOut(
            product_code=product_code,
            scene=scene,
            authz_status=row.status,
            recorded_at=row.created_at,
        )
    level = product_risk_level(session, product_code=product_code, product_type=product_type)
    above = account.risk_grade5 is not None and level > account.risk_grade5
    return AuthzOut(
        product_code=product_code,
        scene=scene,
        authz_status=AUTHZ_PENDING if above else AUTHZ_BLANK,
        recorded_at=None,
    )


def qualified_investor(session: Session, *, user: BrokerUser, h5_base: str) -> QualifiedOut:
    """合格投资者 (private funds): financial assets of at least 3 000 000 yuan, counted from
    the holdings' market value on the platform."""

    account = require_account(session, user)
    total = session.scalar(
        select(func.coalesce(func.sum(Holding.market_value), 0)).where(
            Holding.account_id == account.id
        )
    )
    assets = Decimal(total or 0).quantize(Decimal("0.01"))
    return QualifiedOut(
        status="QUALIFIED" if assets >= QUALIFIED_THRESHOLD else "NOT_QUALIFIED",
        financial_assets=f"{assets}",
        threshold=f"{QUALIFIED_THRESHOLD}",
        url=f"{h5_base}/privateSet/investorStatement",
    )
