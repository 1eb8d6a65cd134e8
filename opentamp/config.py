"""Settings: one pydantic-settings object, every field overridable by an ``OPENTAMP_`` variable.

The defaults give a working local system: an embedded SQLite file under ``var/``, the product
name ``opentamp`` and local stand-ins for every outside service (docs/architecture.md#the-pieces).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Annotated

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

PROJECT_ROOT = Path(__file__).resolve().parent.parent


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="OPENTAMP_", env_file=".env", extra="ignore")

    product: Annotated[str, Field(description="{product} in /api/v1/{product} and the H5 path")] = (
        "opentamp"
    )
    database_url: str = f"sqlite:///{PROJECT_ROOT / 'var' / 'opentamp.db'}"
    var_dir: Path = PROJECT_ROOT / "var"
    web_dist: Path = PROJECT_ROOT / "web" / "dist"

    token_ttl_seconds: int = 7 * 24 * 3600
    db_pool_size: int = 20
    db_echo: bool = False

    # The in-process scheduler of `opentamp serve` (docs/architecture.md#the-daily-pipeline); off
    # for a replica that
    # leaves the jobs to `opentamp worker`.
    scheduler: bool = True
    #: How often the scheduler looks for a due trading day (and, on SQLite, for tasks to retry).
    scheduler_interval_seconds: float = 60.0
    #: A streaming replica of the database (docs/scale.md#read-replica): when set, the routes
    #: that may answer a settlement late (product charts and figures) read from it.
    read_database_url: str = ""
    #: A Redis server (``redis://host:6379/0``) for the answer cache shared by every process
    #: and replica (docs/scale.md#answer-cache); empty: an in-process LRU per process.
    redis_url: str = ""

    # SMS codes (docs/api.md#messages-and-codes): lifetime, wrong tries before the code locks, one
    # code a minute per phone and purpose, ten a day per phone.
    sms_code_ttl_seconds: int = 300
    sms_code_max_failures: int = 5
    sms_min_interval_seconds: int = 60
    sms_daily_limit: int = 10
    # Per-client limits (docs/api.md#limits), counted per address (see ``trusted_proxies``) in
    # fixed windows of ``client_window_seconds`` kept in the database, so every process and
    # replica counts together. Over a limit: 429 with Retry-After.
    client_window_seconds: int = 3600
    #: SMS codes of any purpose a client may have sent in a window.
    sms_client_limit: int = 20
    #: Sign-in codes a client may ask for in a window before each further one needs the
    #: graphical captcha (图形验证码); 0 asks for it from the first.
    sms_captcha_after: int = 3
    #: Captcha images a client may fetch in a window; each answer lives this long.
    captcha_client_limit: int = 60
    captcha_ttl_seconds: int = 300
    #: Visitor identities (POST /noauth/store/h5Token) a client may create in a window.
    visitor_client_limit: int = 20
    #: Addresses or networks (CIDR) of the reverse proxies in front of the app: only a request
    #: from one of them has its client taken from X-Forwarded-For. Empty: the peer address.
    trusted_proxies: list[str] = []

    #: The trade password's pepper (docs/accounts.md#security), an HMAC key kept out of the
    #: database: given here, or as the contents of ``trade_password_pepper_file``. With
    #: neither, a development key anyone can derive is used: set one in production.
    trade_password_pepper: str = ""
    trade_password_pepper_file: Path | None = None

    #: Signs the object store's expiring URLs; empty means a random key kept in the database.
    secret_key: str = ""

    app_version: str = "1.0.0"
    app_min_version: str = "1.0.0"

    # The messaging app's JS-SDK (GET /noauth/utils/signature). The defaults belong to the local
    # signer, which signs like the real service without calling it
    # (docs/architecture.md#the-pieces).
    wechat_app_id: str = "wx0penta4p10ca1"
    wechat_jsapi_ticket: str = "local-jsapi-ticket"
    # Hosts GET /noauth/utils/redirect may send a user to, besides the app's own.
    redirect_allowed_hosts: list[str] = []
    # Client reports (POST /noauth/saveMetrics) accepted per address and minute.
    metrics_per_minute: int = 120

    # Request bodies (docs/architecture.md#a-request): a JSON (or any other) body over the
    # first is refused with 413 before it is parsed; uploads (multipart) have their own,
    # room for the two 5 MB photos of the anti-money-laundering upload.
    max_json_body_bytes: int = 1024 * 1024
    max_multipart_body_bytes: int = 11 * 1024 * 1024

    # Security headers (docs/api.md#security-headers). The API document (/openapi.json) and its
    # pages (/docs, /redoc) are served unless this is off, as it should be in production.
    api_docs: bool = True
    #: Origins any broker's pages may be framed by (CSP frame-ancestors), besides the app's own
    #: and each broker's own list (broker.frame_ancestors).
    frame_ancestors: list[str] = []

    @field_validator("product")
    @classmethod
    def _product_is_a_path_segment(cls, value: str) -> str:
        if not re.fullmatch(r"[a-z0-9][a-z0-9-]{0,39}", value):
            raise ValueError("product must be a lowercase path segment such as 'opentamp'")
        return value

    @property
    def api_prefix(self) -> str:
        return f"/api/v1/{self.product}"

    @property
    def h5_prefix(self) -> str:
        return f"/h5/{self.product}-trade-h5"

    @property
    def is_sqlite(self) -> bool:
        return self.database_url.startswith("sqlite")


@lru_cache
def get_settings() -> Settings:
    return Settings()
