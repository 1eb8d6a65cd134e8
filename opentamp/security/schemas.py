from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import Field

from opentamp.kit.schema import CamelModel

Scene = Literal["resetTradePassword", "changeTradePassword", "updatePhone", "closeAccount"]


class SecuritySettingOut(CamelModel):
    has_trade_password: bool
    trade_verify_method: str
    trade_password_locked: bool
    locked_until: datetime | None
    login_notify: bool
    phone: str
    last_login_at: datetime | None


class SecuritySettingIn(CamelModel):
    login_notify: bool


class PasswordVerifyIn(CamelModel):
    password: str = Field(min_length=1, max_length=32)
    scene: Scene = "changeTradePassword"


class TicketOut(CamelModel):
    ticket: str
    expires_in: int


class PasswordSetIn(CamelModel):
    password: str = Field(min_length=1, max_length=32)
    ticket: str | None = Field(default=None, description="修改或重置时的验证票据")


class PasswordSetOut(CamelModel):
    has_trade_password: bool
    scene: str  # set, change, reset


class IdSmsSendIn(CamelModel):
    scene: Scene


class IdSmsSentOut(CamelModel):
    phone: str
    expires_in: int


class IdSmsVerifyIn(CamelModel):
    scene: Scene
    id_no: str = Field(min_length=4, max_length=32)
    verify_code: str = Field(min_length=4, max_length=8)


class VerifyMethodIn(CamelModel):
    method: Literal["PASSWORD", "PASSWORD_SMS"]
    password: str = Field(min_length=1, max_length=32)


class TeamSettingOut(CamelModel):
    verify_methods: list[dict[str, str]]
    password_length: int
    max_password_failures: int
    lock_hours: int


class PhonesOut(CamelModel):
    login_phone: str
    account_phone: str | None
    cards: list[dict[str, object]]


class NewPhoneIn(CamelModel):
    phone: str = Field(min_length=11, max_length=20)


class UpdatePhoneIn(CamelModel):
    phone: str = Field(min_length=11, max_length=20)
    verify_code: str = Field(min_length=4, max_length=8)
    ticket: str = Field(min_length=8, max_length=128)


class PhoneOut(CamelModel):
    phone: str
