from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Literal

from pydantic import Field

from opentamp.kit.params import Id
from opentamp.kit.schema import CamelModel
from opentamp.kit.terminal import TerminalIn

#: The pop-up scenes a user can put off, and for how long (docs/product.md#constants).
PopupScene = Literal["PAYMENT_RESIGN"]


class PopupSceneOut(CamelModel):
    popup_scene: PopupScene
    #: True when the payment re-sign prompt should show: a bound card's channel needs
    #: re-signing and the user has not put the prompt off within the last 1440 minutes.
    payment_resign: bool
    suppressed_until: datetime | None


class PopupSceneIn(CamelModel):
    broker_user_id: Id | None = None
    popup_scene: PopupScene


class UnsignedPaymentOut(CamelModel):
    """An unsigned payment channel (docs/product.md#entities)."""

    payment_method_id: int
    bank_name: str
    bank_card_tail: str
    bank_card_phone_tail: str
    bank_no: str
    broker_name: str
    support_bank_sign: bool


class ContractStatusOut(CamelModel):
    file_type: str
    file_name: str
    latest_version: str
    signed_version: str | None
    signed_at: datetime | None
    is_sign_latest: bool


class ContractConsentItem(CamelModel):
    file_type: str
    #: The version the user read; it must still be the latest.
    version: Annotated[str, Field(min_length=1, max_length=32)]


class SignContractsIn(TerminalIn):
    broker_user_id: Id | None = None
    contracts: Annotated[list[ContractConsentItem], Field(min_length=1, max_length=10)]


class NonAmericanOut(CamelModel):
    #: True: declared not a US taxpayer; False: declared one; None: never declared.
    non_american: bool | None
    has_account: bool
    declared_at: datetime | None


class NonAmericanIn(TerminalIn):
    broker_user_id: Id | None = None
    non_american: bool


class RiskToastOut(CamelModel):
    """Whether to show the risk-test expiry prompt, with the risk data it shows."""

    is_need_toast: bool
    has_done_survey: bool
    is_expired: bool
    risk_grade5: int | None
    latest_survey_date: date | None
    ignored_until: datetime | None


class IgnoreRiskToastIn(CamelModel):
    broker_user_id: Id | None = None
    #: How long to put the prompt off: the expiry prompt's cancel sends 1 (docs/product.md#states);
    #: the default is 12 months (docs/product.md#constants).
    ignore_months: Annotated[int, Field(ge=1, le=12)] = 12


class OperationPopupOut(CamelModel):
    popup_id: int
    scene: str
    title: str
    content: str
    image_url: str
    link_url: str
    button_text: str
    #: ONCE (once per device), DAILY (once a day), ALWAYS (each visit): the client keeps count.
    frequency: Literal["ONCE", "DAILY", "ALWAYS"]
    #: Who it is for: ALL, ACCOUNT (account holders) or NO_ACCOUNT; the client shows a pop-up
    #: only to the users it applies to.
    audience: Literal["ALL", "ACCOUNT", "NO_ACCOUNT"]
    start_at: datetime
    end_at: datetime | None
