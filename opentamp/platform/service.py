"""The platform's small services: the app version, client reports, trace logs, the caller's
address, customer service, the messaging app's signature, safe redirects, store-link team
parameters, the broker setting and the team's detail."""

from __future__ import annotations

from datetime import timedelta
from typing import Any
from urllib.parse import unquote, urlsplit, urlunsplit

from sqlalchemy.orm import Session

from opentamp.config import get_settings
from opentamp.core.calendar import get_calendar
from opentamp.core.tokens import ACTIVE_OR_VISITOR, user_for_token
from opentamp.errors import InvalidParams, InvalidToken
from opentamp.kit.clock import now
from opentamp.models.auth import BrokerUser
from opentamp.models.platform import Broker, Team
from opentamp.models.telemetry import ClientMetric, TraceLog
from opentamp.outside.wechat_jssdk import get_signer
from opentamp.platform import repository
from opentamp.platform.errors import (
    CustomerServiceUnavailable,
    MetricsTooFrequent,
    RedirectNotAllowed,
    SignatureUrlInvalid,
    StoreLinkInvalid,
    TeamNotFound,
)
from opentamp.platform.schemas import (
    AccountTypeSetting,
    AppVersionOut,
    BrokerPreSettingOut,
    CustomerServiceConfigOut,
    MetricIn,
    RedirectOut,
    SavedOut,
    SignatureOut,
    TeamDetailOut,
    TeamParamOut,
    ThemeOut,
    TraceLogIn,
    TransferUrl,
)
from opentamp.rules import trade_date

#: A redirect address is decoded at most this many times (docs/api.md#limits).
REDIRECT_DECODE_LIMIT = 5


def app_version() -> AppVersionOut:
    settings = get_settings()
    moment = now()
    return AppVersionOut(
        version=settings.app_version,
        min_version=settings.app_min_version,
        server_time=moment.isoformat(timespec="seconds"),
        trade_date=trade_date(get_calendar(), moment).isoformat(),
    )


def reporting_user(session: Session, *, token: str | None, claimed: int | None) -> int | None:
    """The user a report is stored under: the ``brokerUserId`` it claims only when the request
    carries a live token of that user (a visitor's included); otherwise none, never an id the
    client merely claims (the call needs no token, so a claim proves nothing)."""
    if claimed is None or not token:
        return None
    try:
        user = user_for_token(session, token, admit=ACTIVE_OR_VISITOR)
    except InvalidToken:
        return None
    return user.id if user.id == claimed else None


def save_metric(
    session: Session, *, report: MetricIn, token: str | None, client_ip: str, user_agent: str
) -> SavedOut:
    """Store a client's error report or measurement (docs/api.md#messages-and-codes: reported to our
    own server, not to a third party). An address may send ``metrics_per_minute`` a minute; the call
    is unauthenticated, so this bounds what a misbehaving page can write. The user is stored
    only when ``token`` proves it (:func:`reporting_user`)."""
    limit = get_settings().metrics_per_minute
    moment = now()
    recent = repository.metrics_since(
        session, client_ip=client_ip, since=moment - timedelta(minutes=1)
    )
    if recent >= limit:
        raise MetricsTooFrequent()
    session.add(
        ClientMetric(
            type=report.type,
            name=report.name,
            message=report.message,
            stack=report.stack,
            page=report.page,
            api_url=report.url,
            method=report.method.upper(),
            status=report.status,
            value=report.value,
            broker_id=report.broker,
            broker_user_id=reporting_user(session, token=token, claimed=report.broker_user_id),
            user_agent=(report.user_agent or user_agent)[:512],
            client_ip=client_ip[:64],
            extra=report.extra,
            created_at=moment,
        )
    )
    session.flush()
    return SavedOut(saved=True)


def save_trace_log(
    session: Session, *, user: BrokerUser, body: TraceLogIn, ip: str, info: str
) -> SavedOut:
    trace: dict[str, Any] | None
    if isinstance(body.trace_info, str):
        trace = {"text": body.trace_info[:2000]}
    else:
        trace = body.trace_info
    session.add(
        TraceLog(
            broker_user_id=user.id,
            broker_id=user.broker_id,
            event=body.event,
            terminal_ip=ip,
            terminal_type=str(body.terminal_type or "")[:8],
            terminal_info=info,
            trace_info=trace,
        )
    )
    session.flush()
    return SavedOut(saved=True)


def customer_service_config(
    session: Session, *, user: BrokerUser, type: str
) -> CustomerServiceConfigOut:
    row = repository.customer_service_config(session, broker_id=user.broker_id, type=type)
    if row is None:
        raise CustomerServiceUnavailable()
    broker = session.get(Broker, user.broker_id)
    return CustomerServiceConfigOut(
        type=row.type,
        chat_url=row.chat_url,
        client_id=row.client_id,
        nickname=row.nickname or user.nickname,
        broker_name=broker.name if broker else "",
        user_id=str(user.id),
    )


def page_signature(*, url: str) -> SignatureOut:
    """The messaging app's JS-SDK configuration for the page at ``url`` (its fragment is not
    part of what is signed)."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise SignatureUrlInvalid()
    page = urlunsplit((parts.scheme, parts.netloc, parts.path, parts.query, ""))
    config = get_signer().sign(page)
    return SignatureOut(
        app_id=config.app_id,
        timestamp=config.timestamp,
        nonce=config.nonce,
        signature=config.signature,
    )


def decode_redirect(url: str) -> str:
    """Undo percent-encoding until the address stops changing, at most 5 times."""
    for _ in range(REDIRECT_DECODE_LIMIT):
        decoded = unquote(url)
        if decoded == url:
            break
        url = decoded
    return url.strip()


def safe_redirect(*, url: str, own_host: str) -> RedirectOut:
    """Where a ``redirect``/``redirectUrl`` parameter may send the user: a path of this site,
    or a page on this host or on an allowed host. Anything else (another site, ``javascript:``,
    a protocol-relative ``//host``) is refused, so a link cannot borrow the app's name to send
    people elsewhere."""
    target = decode_redirect(url)
    if not target:
        raise InvalidParams("缺少跳转地址")
    if any(ch in target for ch in "\r\n\t\\"):
        raise RedirectNotAllowed()
    parts = urlsplit(target)
    if not parts.scheme and not parts.netloc:
        if target.startswith("/") and not target.startswith("//"):
            return RedirectOut(url=target)
        raise RedirectNotAllowed()
    allowed = {own_host.lower(), *(h.lower() for h in get_settings().redirect_allowed_hosts)}
    host = (parts.hostname or "").lower()
    if parts.scheme in ("http", "https") and host and host in allowed:
        return RedirectOut(url=target)
    raise RedirectNotAllowed()


def exchange_team_param(
    session: Session, *, team_id: int | None, mid: str | None, broker_id: int | None
) -> TeamParamOut:
    """The full store parameters (teamId, mid, brokerId) from any one of them; a link whose
    parameters name no team, or disagree with each other, is refused with the store-link
    message of docs/product.md#validation. A plain link, with none of them, gets the platform's
    default team, so the app opened from its bare address still knows its broker."""
    team: Team | None
    if team_id is None and not mid and broker_id is None:
        team = repository.default_team(session)
    elif team_id is not None:
        team = session.get(Team, team_id)
    elif mid:
        team = repository.team_by_mid(session, mid)
    else:
        assert broker_id is not None
        team = repository.default_team_of(session, broker_id)
    if team is None:
        raise StoreLinkInvalid()
    if (mid and team.mid != mid) or (broker_id is not None and team.broker_id != broker_id):
        raise StoreLinkInvalid()
    return TeamParamOut(
        team_id=team.id, mid=team.mid, broker_id=team.broker_id, team_name=team.name
    )


def broker_pre_setting(session: Session, *, user: BrokerUser) -> BrokerPreSettingOut:
    broker = session.get(Broker, user.broker_id)
    assert broker is not None  # broker_user.broker_id is a foreign key
    transfer = broker.transfer_url
    return BrokerPreSettingOut(
        broker_id=broker.id,
        broker_name=broker.name,
        is_h5_bottom_nav_enabled=broker.is_h5_bottom_nav_enabled,
        account_list=[AccountTypeSetting.model_validate(a) for a in broker.account_list or []],
        transfer_url=TransferUrl.model_validate(transfer) if transfer else None,
        is_tamp_create_account=broker.is_tamp_create_account,
        is_disable_open_account=broker.is_disable_open_account,
        is_disable_buy=broker.is_disable_buy,
        wallet_name=broker.wallet_name,
        disable_bind_multi_cards=broker.disable_bind_multi_cards,
        user_bank_card_bind_limit=broker.user_bank_card_bind_limit,
        max_real_financial_account_count=broker.max_real_financial_accounts,
        is_privacy_prompt_disabled=broker.privacy_prompt_excluded,
        is_non_american_popup_disabled=broker.non_american_popup_excluded,
    )


def team_detail(session: Session, *, team_id: int) -> TeamDetailOut:
    team = session.get(Team, team_id)
    if team is None:
        raise TeamNotFound()
    return TeamDetailOut(
        team_id=team.id,
        broker_id=team.broker_id,
        mid=team.mid,
        name=team.name,
        logo=team.logo,
        brief=team.brief,
        theme=ThemeOut(color=team.theme_color),
    )
