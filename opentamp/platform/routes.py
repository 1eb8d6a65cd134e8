from __future__ import annotations

from typing import Annotated

from fastapi import Query, Request

from opentamp.deps import TOKEN_OPTIONAL, OptionalToken, SessionDep, ViewerDep
from opentamp.kit.envelope import Envelope, api_router, ok
from opentamp.kit.ownership import require_self
from opentamp.kit.params import SmallId
from opentamp.kit.terminal import client_ip, terminal_of, user_agent
from opentamp.platform import service
from opentamp.platform.schemas import (
    AppVersionOut,
    BrokerPreSettingOut,
    CustomerServiceConfigOut,
    CustomerServiceType,
    IpOut,
    MetricIn,
    RedirectOut,
    SavedOut,
    SignatureOut,
    TeamDetailOut,
    TeamParamOut,
    TraceLogIn,
)

router = api_router(tags=["platform"])


@router.get("/noauth/app/version")
async def app_version() -> Envelope[AppVersionOut]:
    """The H5 app's current and minimum versions, with the server's Beijing time and the trade
    date an order placed now would get. (Async: it only reads the clock and the calendar, both
    cached in memory, so it needs no worker thread.)"""
    return ok(service.app_version())


@router.post("/noauth/saveMetrics", openapi_extra=TOKEN_OPTIONAL)
def save_metrics(
    body: MetricIn, request: Request, session: SessionDep, token: OptionalToken
) -> Envelope[SavedOut]:
    """Store one client error report or performance measurement (no token needed; the user it
    names is stored only when a token of theirs comes with it)."""
    return ok(
        service.save_metric(
            session,
            report=body,
            token=token,
            client_ip=client_ip(request),
            user_agent=user_agent(request),
        )
    )


@router.post("/tamp/traceLogs")
def trace_logs(
    body: TraceLogIn, request: Request, session: SessionDep, user: ViewerDep
) -> Envelope[SavedOut]:
    """Record a traced step of the user (or visitor) with the terminal details."""
    require_self(user.id, body.broker_user_id)
    ip, info = terminal_of(request, body)
    return ok(service.save_trace_log(session, user=user, body=body, ip=ip, info=info))


@router.get("/utils/getIp")
def get_ip(request: Request, _user: ViewerDep) -> Envelope[IpOut]:
    """The caller's address as the server sees it (terminalIP of trade and signing calls)."""
    return ok(IpOut(ip=client_ip(request)))


@router.get("/app/customerServiceConfig")
def customer_service_config(
    session: SessionDep,
    user: ViewerDep,
    type: Annotated[CustomerServiceType, Query(description="broker 或 platform")] = "broker",
) -> Envelope[CustomerServiceConfigOut]:
    """Where the customer-service chat of the user's broker (or of the platform) lives."""
    return ok(service.customer_service_config(session, user=user, type=type))


@router.get("/noauth/utils/signature")
def signature(
    url: Annotated[str, Query(max_length=2048, description="页面地址（不含 # 之后的部分）")],
) -> Envelope[SignatureOut]:
    """The messaging app's JS-SDK configuration for a page."""
    return ok(service.page_signature(url=url))


@router.get("/noauth/utils/redirect")
def redirect(
    request: Request, url: Annotated[str, Query(max_length=4096)]
) -> Envelope[RedirectOut]:
    """Check a redirect target: a path of this site or a page of an allowed host."""
    return ok(service.safe_redirect(url=url, own_host=request.url.hostname or ""))


@router.get("/noauth/utils/exchangeTeamParam")
def exchange_team_param(
    session: SessionDep,
    team_id: Annotated[SmallId | None, Query(alias="teamId")] = None,
    mid: Annotated[str | None, Query(max_length=32)] = None,
    broker_id: Annotated[SmallId | None, Query(alias="brokerId")] = None,
) -> Envelope[TeamParamOut]:
    """A store link's full parameters (teamId, mid, brokerId) from any one of them."""
    return ok(service.exchange_team_param(session, team_id=team_id, mid=mid, broker_id=broker_id))


@router.get("/tamp/getBrokerPreSetting")
def broker_pre_setting(session: SessionDep, user: ViewerDep) -> Envelope[BrokerPreSettingOut]:
    """The setting of the user's broker (tab bar, account kinds, limits, pop-up exclusions);
    visitors read their broker's too (the shell's tab bar depends on it)."""
    return ok(service.broker_pre_setting(session, user=user))


@router.get("/noauth/team/detail")
def team_detail(
    session: SessionDep, team_id: Annotated[SmallId, Query(alias="teamId")]
) -> Envelope[TeamDetailOut]:
    """A team's name, logo and theme colour."""
    return ok(service.team_detail(session, team_id=team_id))
