"""The rules of the pop-ups whose state lives on the server (docs/product.md#states)."""

from __future__ import annotations

import calendar
from collections.abc import Sequence
from datetime import datetime, timedelta

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from opentamp.kit.clock import now
from opentamp.models.accounts import Account
from opentamp.models.auth import BrokerUser
from opentamp.models.platform import Broker
from opentamp.models.popups import ContractConsent, NonAmericanDeclaration, UserPopupState
from opentamp.payments.api import bank_name, supports_sign
from opentamp.platform.api import default_broker
from opentamp.popups import repository
from opentamp.popups.contracts import FILE_NAMES, LATEST_VERSIONS, PRIVACY_POLICY
from opentamp.popups.errors import ContractVersionOutdated, NoAccount, UnknownContractType
from opentamp.popups.schemas import (
    ContractConsentItem,
    ContractStatusOut,
    NonAmericanOut,
    OperationPopupOut,
    PopupSceneOut,
    RiskToastOut,
    UnsignedPaymentOut,
)
from opentamp.rules.suitability import is_survey_expired

PAYMENT_RESIGN = "PAYMENT_RESIGN"
RISK_TOAST = "RISK_TOAST"

#: 暂不签约 puts the payment re-sign prompt off for 1440 minutes (docs/product.md#constants).
PAYMENT_RESIGN_INTERVAL = timedelta(minutes=1440)


def add_months(moment: datetime, months: int) -> datetime:
    """The same time ``months`` calendar months later; a day the month lacks becomes its last
    day (31 January + 1 month = 28 or 29 February)."""
    month0 = moment.month - 1 + months
    year, month = moment.year + month0 // 12, month0 % 12 + 1
    day = min(moment.day, calendar.monthrange(year, month)[1])
    return moment.replace(year=year, month=month, day=day)


def _suppressed_until(session: Session, user_id: int, scene: str) -> datetime | None:
    state = repository.popup_state(session, user_id, scene)
    if state is None or state.suppressed_until <= now():
        return None
    return state.suppressed_until


def _suppress(session: Session, user_id: int, scene: str, until: datetime) -> None:
    state = repository.popup_state(session, user_id, scene)
    if state is None:
        session.add(UserPopupState(broker_user_id=user_id, scene=scene, suppressed_until=until))
    else:
        state.suppressed_until = until
    session.flush()


# -- payment-channel re-sign ------------------------------------------------------------------


def unsigned_payments(session: Session, *, user: BrokerUser) -> list[UnsignedPaymentOut]:
    """The user's bound cards whose payment channel needs re-signing (docs/product.md#entities)."""
    broker = session.get(Broker, user.broker_id)
    return [
        UnsignedPaymentOut(
            payment_method_id=m.id,
            bank_name=bank_name(m.bank_no),
            bank_card_tail=m.card_tail,
            bank_card_phone_tail=m.phone_tail,
            bank_no=m.bank_no,
            broker_name=broker.name if broker else "",
            support_bank_sign=supports_sign(m.bank_no),
        )
        for m in repository.unsigned_payment_methods(session, user.id)
    ]


def payment_resign_scene(session: Session, *, user: BrokerUser) -> PopupSceneOut:
    """Whether the payment re-sign prompt should show now: some card needs re-signing and the
    user has not chosen 暂不签约 within the last 1440 minutes."""
    until = _suppressed_until(session, user.id, PAYMENT_RESIGN)
    needs = bool(repository.unsigned_payment_methods(session, user.id))
    return PopupSceneOut(
        popup_scene=PAYMENT_RESIGN, payment_resign=needs and until is None, suppressed_until=until
    )


def put_off_payment_resign(session: Session, *, user: BrokerUser) -> PopupSceneOut:
    """暂不签约: no prompt for the next 1440 minutes."""
    _suppress(session, user.id, PAYMENT_RESIGN, now() + PAYMENT_RESIGN_INTERVAL)
    return payment_resign_scene(session, user=user)


# -- privacy-policy consent -------------------------------------------------------------------


def _file_types(raw: str | Sequence[str] | None) -> list[str]:
    if raw is None:
        return list(LATEST_VERSIONS)
    items = raw.split(",") if isinstance(raw, str) else list(raw)
    types = [t.strip() for t in items if t.strip()] or [PRIVACY_POLICY]
    for file_type in types:
        if file_type not in LATEST_VERSIONS:
            raise UnknownContractType(name=file_type)
    return list(dict.fromkeys(types))


def contract_status(
    session: Session, *, user: BrokerUser, file_types: str | None
) -> list[ContractStatusOut]:
    """For each document, whether the user consented to its latest version."""
    types = _file_types(file_types)
    consents = repository.latest_consents(session, user.id, types)
    out = []
    for file_type in types:
        latest = LATEST_VERSIONS[file_type]
        signed = consents.get(file_type)
        signed_latest = repository.consent(session, user.id, file_type, latest)
        out.append(
            ContractStatusOut(
                file_type=file_type,
                file_name=FILE_NAMES.get(file_type, file_type),
                latest_version=latest,
                signed_version=signed.version if signed else None,
                signed_at=(signed_latest or signed).signed_at if signed else None,
                is_sign_latest=signed_latest is not None,
            )
        )
    return out


def sign_contracts(
    session: Session,
    *,
    user: BrokerUser,
    contracts: Sequence[ContractConsentItem],
    terminal_ip: str,
    terminal_info: str,
) -> list[ContractStatusOut]:
    """Record consent to the versions the user read; each must still be the latest. Signing a
    version again changes nothing."""
    types = _file_types([c.file_type for c in contracts])
    for item in contracts:
        if item.version != LATEST_VERSIONS[item.file_type]:
            raise ContractVersionOutdated(name=FILE_NAMES.get(item.file_type, item.file_type))
    for item in contracts:
        if repository.consent(session, user.id, item.file_type, item.version) is not None:
            continue
        try:
            with session.begin_nested():
                session.add(
                    ContractConsent(
                        broker_user_id=user.id,
                        file_type=item.file_type,
                        version=item.version,
                        terminal_ip=terminal_ip,
                        terminal_info=terminal_info,
                    )
                )
        except IntegrityError:
            pass  # a concurrent request recorded the same consent first
    return contract_status(session, user=user, file_types=",".join(types))


# -- non-US taxpayer declaration --------------------------------------------------------------


def non_american_status(session: Session, *, user: BrokerUser) -> NonAmericanOut:
    account = repository.account_of(session, user.id)
    if account is None:
        return NonAmericanOut(non_american=None, has_account=False, declared_at=None)
    latest = repository.latest_declaration(session, user.id)
    return NonAmericanOut(
        non_american=account.non_american,
        has_account=True,
        declared_at=latest.created_at if latest else None,
    )


def submit_non_american(
    session: Session,
    *,
    user: BrokerUser,
    non_american: bool,
    terminal_ip: str,
    terminal_info: str,
) -> NonAmericanOut:
    """Record the declaration on the account, with a row saying who declared what and from
    where (docs/product.md#states: submitting sets the flag)."""
    account: Account | None = repository.account_of(session, user.id)
    if account is None:
        raise NoAccount()
    account.non_american = non_american
    session.add(
        NonAmericanDeclaration(
            broker_user_id=user.id,
            account_id=account.id,
            non_american=non_american,
            terminal_ip=terminal_ip,
            terminal_info=terminal_info,
        )
    )
    session.flush()
    return non_american_status(session, user=user)


# -- risk-test expiry -------------------------------------------------------------------------


def risk_toast(session: Session, *, user: BrokerUser) -> RiskToastOut:
    """The expiry prompt shows when the user took the survey, the result has expired (valid
    two years, docs/rules.md#suitability) and the prompt is not being ignored."""
    account = repository.account_of(session, user.id)
    assessed = account.risk_assessed_at if account else None
    done = account is not None and assessed is not None and account.risk_grade5 is not None
    expired = done and is_survey_expired(assessed, now())
    until = _suppressed_until(session, user.id, RISK_TOAST)
    return RiskToastOut(
        is_need_toast=bool(done and expired and until is None),
        has_done_survey=done,
        is_expired=expired,
        risk_grade5=account.risk_grade5 if account else None,
        latest_survey_date=assessed.date() if assessed else None,
        ignored_until=until,
    )


def ignore_risk_toast(session: Session, *, user: BrokerUser, months: int) -> RiskToastOut:
    _suppress(session, user.id, RISK_TOAST, add_months(now(), months))
    return risk_toast(session, user=user)


# -- operation pop-ups ------------------------------------------------------------------------


def operation_popups(
    session: Session, *, broker_id: int | None, scene: str | None
) -> list[OperationPopupOut]:
    """The broker's pop-ups live now (the app opened without a broker gets the default
    broker's)."""
    if broker_id is None:
        broker = default_broker(session)
        if broker is None:
            return []
        broker_id = broker.id
    rows = repository.live_operation_popups(session, broker_id=broker_id, scene=scene, moment=now())
    return [
        OperationPopupOut(
            popup_id=r.id,
            scene=r.scene,
            title=r.title,
            content=r.content,
            image_url=r.image_url,
            link_url=r.link_url,
            button_text=r.button_text,
            frequency=r.frequency,
            audience=r.audience,
            start_at=r.start_at,
            end_at=r.end_at,
        )
        for r in rows
    ]
