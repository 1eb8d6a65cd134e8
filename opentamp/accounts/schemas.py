from __future__ import annotations

from datetime import date
from decimal import Decimal

from pydantic import Field

from opentamp.kit.params import Id
from opentamp.kit.schema import AmountOut, CamelModel


class Option(CamelModel):
    value: str
    label: str


class OpenAccountIn(CamelModel):
    """The account-opening form (openAccount)."""

    name: str = Field(min_length=1, max_length=30)
    id_type: str = Field(
        default="0", description="证件类型：0 身份证，4 港澳通行证，A 台湾通行证，C 居住证"
    )
    id_no: str = Field(min_length=8, max_length=32)
    phone: str | None = Field(default=None, description="预留手机号，缺省为登录手机号")
    nationality: str = Field(default="CHN", pattern=r"^[A-Z]{3}$")
    occupation: str = Field(min_length=1, max_length=4)
    address: str = Field(min_length=1, max_length=120)
    id_valid_until: date | None = Field(default=None, description="证件有效期，空为长期有效")
    non_american: bool = Field(description="本人确认非美国税收居民")
    agree_protocol: bool = Field(description="已阅读并同意开户协议")
    id_photo_front: str | None = Field(
        default=None,
        max_length=128,
        description="证件人像面照片（uploadOssResource，场景 idFront）",
    )
    id_photo_back: str | None = Field(
        default=None, max_length=128, description="证件国徽面照片（uploadOssResource，场景 idBack）"
    )


class PrepareBindOut(CamelModel):
    bind_id: int
    phone: str
    expires_in: int = 0
    broker_verify_url: str | None = Field(
        default=None, description="由券商核验身份时的核验页地址（不发送短信）"
    )


class ConfirmBindIn(CamelModel):
    bind_id: Id
    verify_code: str | None = None
    broker_ticket: str | None = None


class AccountOut(CamelModel):
    """The opened account, masked."""

    account_id: int
    account_name: str
    id_type: str
    id_type_name: str
    identity_no: str
    phone: str
    account_type: int
    risk_grade5: int | None
    has_trade_password: bool
    has_payment_method: bool
    open_date: date


class TampAccountOut(CamelModel):
    has_account: bool
    account: AccountOut | None
    can_open_account: bool
    is_tamp_create_account: bool
    occupations: list[Option]
    id_types: list[Option]


class GetAccountOut(CamelModel):
    """getAccountApi (docs/api.md#account): accountId, identityNo, hasPensionAccount,
    accountManage."""

    account_id: int | None
    account_name: str | None
    identity_no: str | None
    has_pension_account: bool
    account_manage: bool
    risk_grade5: int | None
    account_type: int | None


class AccountSensitiveOut(CamelModel):
    """The personal information page (accountManagement, certificates), masked."""

    account_id: int
    account_name: str
    id_type: str
    id_type_name: str
    identity_no: str
    phone: str
    gender: int | None
    nationality: str
    occupation: str
    occupation_name: str
    address: str
    id_valid_until: date | None
    id_long_term: bool
    id_expired: bool
    id_photo_uploaded: bool
    open_date: date


class MockVerifyIn(CamelModel):
    bind_id: Id


class MockVerifyOut(CamelModel):
    bind_id: int
    account_name: str
    identity_no: str
    broker_name: str
    broker_ticket: str


# -- financial accounts -----------------------------------------------------------------------


class FinancialAccountIn(CamelModel):
    financial_account_name: str = Field(min_length=1, max_length=32)
    financial_account_type: str = "normal"


class FinancialAccountUpdateIn(CamelModel):
    financial_account_id: Id
    financial_account_name: str = Field(min_length=1, max_length=32)


class HiddenStatusItem(CamelModel):
    financial_account_id: Id
    is_hidden: bool


class HiddenStatusIn(CamelModel):
    financial_account_list: list[HiddenStatusItem] = Field(min_length=1, max_length=50)


class AdjustmentInProcessOut(CamelModel):
    """The service account's adjustment under way (docs/advisory.md#adjustments)."""

    adjustment_id: int
    #: CUSTOMER_UNCONFIRMED (调仓待确认), UNCOMMITTED or ORDER_IN_PROCESS.
    status: str


class ServiceAccountInfoOut(CamelModel):
    """``serviceAccountInfo`` of a financial account of type service
    (docs/advisory.md#the-financial-account-list)."""

    service_account_id: int
    po_code: str
    #: 0 unconfirmed, 1 in force, 2 unsigning, 3 terminated.
    contract_status: int
    adjustment_in_process: AdjustmentInProcessOut | None = None
    #: False for a MEMBER fee mode (no adviser fee of its own).
    is_advisor_fee_enabled: bool
    #: False while a fee is unpaid (debt).
    is_advisor_fee_paid: bool
    #: The adviser fee accrued and not yet charged.
    advisor_fee: AmountOut


class FinancialAccountOut(CamelModel):
    """Financial account (docs/product.md#entities); the figures are sums of its holdings
    (docs/rules.md#profit)."""

    financial_account_id: int
    financial_account_name: str
    financial_account_type: str
    real_financial_account: bool
    is_hidden: bool
    is_default: bool
    holding_asset: Decimal | None = None
    total_asset: Decimal | None = Field(
        default=None, description="总资产：持仓市值加待确认的申购金额（同我的总资产）"
    )
    holding_profit: Decimal | None = None
    accumulated_profit: Decimal | None = None
    previous_profit: Decimal | None = None
    profit_progress: str | None = None
    update_date: date | None = None
    service_account_info: ServiceAccountInfoOut | None = None


class FinancialAccountListOut(CamelModel):
    has_financial_account: bool = False
    financial_account_list: list[FinancialAccountOut] = []
    visible_account_list: list[FinancialAccountOut] = []
    hidden_account_list: list[FinancialAccountOut] = []
    max_financial_accounts: int = 0
    real_financial_account_count: int = 0


# -- settings ---------------------------------------------------------------------------------


class SettingOut(CamelModel):
    trade_notify: bool
    profit_notify: bool
    marketing_notify: bool
    personalized_recommend: bool
    hide_amounts: bool
    login_notify: bool


class SettingIn(CamelModel):
    trade_notify: bool | None = None
    profit_notify: bool | None = None
    marketing_notify: bool | None = None
    personalized_recommend: bool | None = None
    hide_amounts: bool | None = None


class SubscribeOut(CamelModel):
    """The broker's official account (公众号) message pushes."""

    has_wechat: bool
    subscribed: bool


class AddressOut(CamelModel):
    address: str
    is_default: bool
    source: str


class CloseAccountIn(CamelModel):
    ticket: str = Field(min_length=8, max_length=128, description="身份验证（证件号+短信）后的票据")


class UploadOut(CamelModel):
    oss_key: str
    url: str = Field(description="签名地址，一小时内有效")


class IdPhotosOut(CamelModel):
    front_url: str
    back_url: str
