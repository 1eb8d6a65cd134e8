from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

from pydantic import Field

from opentamp.kit.params import Id
from opentamp.kit.schema import CamelModel

CardNo = Field(min_length=12, max_length=23, description="银行卡号（仅用于本次校验，不会返回）")


class BankOut(CamelModel):
    bank_no: str
    bank_name: str
    bank_short_name: str
    color: str
    single_limit: Decimal
    daily_limit: Decimal


class NewCardCodeIn(CamelModel):
    card_no: str = CardNo
    bank_no: str | None = None
    phone: str = Field(min_length=11, max_length=20, description="银行预留手机号")


class CardCodeOut(CamelModel):
    serial_no: str
    phone: str
    bank_no: str
    bank_name: str
    bank_card_tail: str
    expires_in: int


class SerialCodeIn(CamelModel):
    serial_no: str = Field(min_length=8, max_length=32)
    verify_code: str = Field(min_length=4, max_length=8)


class SerialIn(CamelModel):
    serial_no: str = Field(min_length=8, max_length=32)


class VerifiedOut(CamelModel):
    serial_no: str
    verified: bool


class PaymentMethodOut(CamelModel):
    """Payment method (docs/product.md#entities), the card shown by its tail only."""

    payment_method_id: int
    payment_type: str
    payment_no: str
    name: str
    bank_no: str
    bank_name: str
    bank_card_tail: str
    bank_card_show_name: str
    bank_card_phone_tail: str
    phone: str
    color: str
    is_bank: bool = True
    is_wallet: bool = False
    is_pension: bool = False
    is_super_wallet: bool = False
    is_signed: bool
    single_limit: Decimal
    daily_limit: Decimal
    bind_date: date
    unbind_date: date | None = None


class PaymentMethodsOut(CamelModel):
    payment_methods: list[PaymentMethodOut]
    bind_limit: int
    can_bind_more: bool


class PaymentMethodIdIn(CamelModel):
    payment_method_id: Id


class UnbindIn(CamelModel):
    payment_method_id: Id
    trade_password: str = Field(min_length=1, max_length=32)


class Agreement(CamelModel):
    name: str
    url: str


class AgreementGroup(CamelModel):
    name: str
    agreements: list[Agreement]


class AgreementsOut(CamelModel):
    payment_agreement: AgreementGroup


class SignSentOut(CamelModel):
    serial_no: str
    phone: str
    expires_in: int


class CmbSignOut(CamelModel):
    serial_no: str
    verify_url: str


class CmbResultOut(CamelModel):
    serial_no: str
    status: str  # SUCCESS, PROCESSING
    payment_method: PaymentMethodOut


class CardPhoneIn(CamelModel):
    payment_method_id: Id
    phone: str = Field(min_length=11, max_length=20)


class VerifyUserIn(CamelModel):
    id_no: str = Field(min_length=4, max_length=32)
    trade_password: str = Field(min_length=1, max_length=32)


class VerifyUserOut(CamelModel):
    verified: bool


class NewCardCheckIn(CamelModel):
    old_payment_method_id: Id
    card_no: str = CardNo
    bank_no: str | None = None
    phone: str = Field(min_length=11, max_length=20)


class ChangeSaveIn(CamelModel):
    apply_id: Id | None = None
    old_payment_method_id: Id
    serial_no: str | None = None
    verify_code: str | None = None
    reason: str = Field(default="", max_length=255)
    photos: list[str] = Field(default_factory=list, max_length=6)


class ApplyIdIn(CamelModel):
    apply_id: Id


class ChangeApplicationOut(CamelModel):
    apply_id: int
    status: str
    status_name: str
    old_card: PaymentMethodOut
    new_bank_name: str
    new_bank_card_tail: str
    new_card_verified: bool
    reason: str
    photos: list[str]
    reject_reason: str
    created_at: datetime
    submitted_at: datetime | None
    reviewed_at: datetime | None
