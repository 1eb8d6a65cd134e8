"""The FastAPI application: the JSON API under /api/v1/{product} and the H5 app."""

from __future__ import annotations

from fastapi import APIRouter, FastAPI
from starlette.middleware.gzip import GZipMiddleware
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from opentamp import __version__
from opentamp.accounts.routes import router as accounts
from opentamp.advisory.operator_routes import router as adviser_operators
from opentamp.advisory.routes import router as advisory
from opentamp.appointments.routes import router as appointments
from opentamp.assets.routes import router as assets
from opentamp.auth.routes import router as auth
from opentamp.config import Settings, get_settings
from opentamp.deps import get_read_session
from opentamp.dictionary.routes import router as dictionary
from opentamp.errors import install_error_handlers
from opentamp.kit.headers import SecurityHeadersMiddleware
from opentamp.kit.params import CleanParamsMiddleware
from opentamp.kit.routing import dispatch_exact_paths
from opentamp.kit.server_time import ServerTimeMiddleware
from opentamp.kit.terminal import ClientAddressMiddleware
from opentamp.kit.unknown_paths import UnknownPathMiddleware
from opentamp.morningstar.routes import router as morningstar
from opentamp.notices.operator_routes import router as notice_operators
from opentamp.notices.routes import router as notices
from opentamp.operators.routes import router as operators
from opentamp.payments.routes import router as payments
from opentamp.pension.routes import router as pension
from opentamp.plans.routes import router as plans
from opentamp.platform.routes import router as platform
from opentamp.popups.routes import router as popups
from opentamp.private_funds.routes import router as private_funds
from opentamp.products.routes import router as products
from opentamp.protocols.routes import router as protocols
from opentamp.robo.operator_routes import router as robo_operators
from opentamp.robo.routes import router as robo
from opentamp.security.routes import router as security
from opentamp.shelf.routes import router as shelf
from opentamp.signals.routes import operator_router as signal_publication
from opentamp.signals.routes import router as signals
from opentamp.statements.routes import router as statements
from opentamp.store.routes import router as store
from opentamp.suitability.routes import router as suitability
from opentamp.targets.routes import router as targets
from opentamp.trading.routes import router as trading
from opentamp.transfers.routes import router as transfers
from opentamp.web import mount_h5


def feature_routers() -> list[APIRouter]:
    """Every feature's router, in the order they appear in the API document."""
    return [
        platform,
        popups,
        auth,
        accounts,
        assets,
        payments,
        security,
        suitability,
        trading,
        appointments,
        plans,
        transfers,
        pension,
        targets,
        signals,
        statements,
        products,
        store,
        protocols,
        private_funds,
        dictionary,
        operators,
        advisory,
        morningstar,
        adviser_operators,
        robo,
        robo_operators,
        signal_publication,
        shelf,
        notices,
        notice_operators,
    ]


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()
    # The API document and its pages: on for development, off in production (api_docs=false).
    docs = settings.api_docs
    prefix = settings.api_prefix
    app = FastAPI(
        title="OpenTAMP",
        version=__version__,
        summary="基金、组合与投顾服务平台 API",
        openapi_url=f"{prefix}/openapi.json" if docs else None,
        docs_url=f"{prefix}/docs" if docs else None,
        redoc_url=f"{prefix}/redoc" if docs else None,
    )
    install_error_handlers(app)
    # The H5 app's routes first: the router asks its routes in order, and a page asked after
    # the 400-odd API routes waited for all of them (docs/scale.md#profiles).
    mount_h5(app, settings, read_session=get_read_session)
    for router in feature_routers():
        app.include_router(router, prefix=prefix)
    # An exact API path is found in a table, not by asking the routes in turn (kit/routing.py).
    dispatch_exact_paths(app.router)
    # Innermost: an unknown path is answered without asking every route.
    app.add_middleware(UnknownPathMiddleware, router=app.router)
    app.add_middleware(
        CleanParamsMiddleware,
        max_body_bytes=settings.max_json_body_bytes,
        max_multipart_bytes=settings.max_multipart_body_bytes,
    )
    app.add_middleware(ServerTimeMiddleware, prefix=prefix)
    app.add_middleware(GZipMiddleware, minimum_size=1024)
    docs_pages = (f"{prefix}/docs", f"{prefix}/docs/oauth2-redirect", f"{prefix}/redoc")
    app.add_middleware(SecurityHeadersMiddleware, docs_paths=docs_pages if docs else ())
    app.add_middleware(ClientAddressMiddleware)
    if settings.trusted_proxies:
        # Outermost: the client address every layer below sees (kit/terminal.py).
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=settings.trusted_proxies)
    return app
