from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from opentamp.kit.params import Id, SmallId
from opentamp.kit.schema import CamelModel, FreeJson
from opentamp.kit.terminal import TerminalIn


class AppVersionOut(CamelModel):
    version: str
    min_version: str
    server_time: str
    trade_date: str


MetricType = Literal["jsError", "apiError", "chunkError", "resourceError", "linkError", "metric"]


class MetricIn(CamelModel):
    """One client report (docs/api.md#messages-and-codes reporting). Long texts are cut by the
    client; the limits here refuse what no honest client sends."""

    type: MetricType
    name: Annotated[str, Field(max_length=64)] = ""
    message: Annotated[str, Field(max_length=2000)] = ""
    stack: Annotated[str, Field(max_length=8000)] = ""
    page: Annotated[str, Field(max_length=1024)] = ""
    url: Annotated[str, Field(max_length=1024)] = ""
    method: Annotated[str, Field(max_length=8)] = ""
    status: Annotated[int | None, Field(ge=0, le=999)] = None
    #: A measurement in milliseconds (type ``metric``).
    value: Annotated[int | None, Field(ge=0, le=86_400_000)] = None
    broker: SmallId | None = None
    broker_user_id: SmallId | None = None
    user_agent: Annotated[str, Field(max_length=512)] = ""
    extra: FreeJson | None = None


class SavedOut(CamelModel):
    saved: bool


class TraceLogIn(TerminalIn):
    broker_user_id: Id | None = None
    #: What happened, e.g. ``privacyConsent`` or ``riskMismatchKeep``.
    event: Annotated[str, Field(max_length=64)] = ""


class IpOut(CamelModel):
    ip: str


CustomerServiceType = Literal["broker", "platform"]


class CustomerServiceConfigOut(CamelModel):
    type: CustomerServiceType
    chat_url: str
    client_id: str
    nickname: str
    broker_name: str
    user_id: str


class SignatureOut(CamelModel):
    app_id: str
    timestamp: int
    nonce: str
    signature: str


class RedirectOut(CamelModel):
    url: str


class TeamParamOut(CamelModel):
    team_id: int
    mid: str
    broker_id: int
    team_name: str


class AccountTypeSetting(CamelModel):
    financial_account_type: str
    financial_account_name: str
    icon: str = ""


class TransferUrl(CamelModel):
    type: Literal["PRECONDITION", "THIRD_PARTY_RECHARGE"]
    url: str


class BrokerPreSettingOut(CamelModel):
    """The broker setting of docs/product.md#entities."""

    broker_id: int
    broker_name: str
    is_h5_bottom_nav_enabled: bool
    account_list: list[AccountTypeSetting]
    transfer_url: TransferUrl | None
    is_tamp_create_account: bool
    is_disable_open_account: bool
    is_disable_buy: bool
    wallet_name: str
    disable_bind_multi_cards: bool
    user_bank_card_bind_limit: int
    #: The most real financial accounts (default, normal, main) a user may hold.
    max_real_financial_account_count: int
    is_privacy_prompt_disabled: bool
    is_non_american_popup_disabled: bool


class ThemeOut(CamelModel):
    #: T1..T13, or a custom colour such as ``#1E6FFF``.
    color: str


class TeamDetailOut(CamelModel):
    team_id: int
    broker_id: int
    mid: str
    name: str
    logo: str
    brief: str
    theme: ThemeOut
