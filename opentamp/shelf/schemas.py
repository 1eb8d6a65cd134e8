"""Payloads of the shelf's calls (docs/shelf.md)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from pydantic import Field

from opentamp.kit.schema import CamelModel


class WalletPaymentMethodOut(CamelModel):
    """A financial account's wallet as a way to pay (isWallet)."""

    payment_method_id: int = Field(description="钱包所在理财账户的 financialAccountId")
    financial_account_id: int
    name: str
    wallet_name_with_bank_card: str
    is_wallet: bool = True
    is_bank: bool = False
    is_pension: bool = False
    is_super_wallet: bool = False
    wallet_shares: Decimal = Field(description="可用份额（1 份 = 1 元）")


class AllPaymentMethodsOut(CamelModel):
    """capitalMode ALL: the bound cards, the wallets, the pension account and the available
    wallet shares of the account asked for (or of all wallets)."""

    capital_mode: str = "ALL"
    payment_methods: list[Any] = Field(description="已绑定银行卡（同 getPaymentMethods）")
    wallet_payment_methods: list[WalletPaymentMethodOut]
    td_payment_methods: list[Any] = Field(description="个人养老金资金账户")
    wallet_shares: Decimal


class ProductStatusOut(CamelModel):
    """One product type of the user: HOLDING (holds some now), CLEARED (held before) or NONE."""

    product_type: str
    status: str
    holding_asset: Decimal
    product_count: int


class BrokerUserProductStatusOut(CamelModel):
    broker_id: int
    has_account: bool
    has_wallet: bool
    has_pension_account: bool
    non_american: bool | None
    products: list[ProductStatusOut]


class DocumentLinkOut(CamelModel):
    url: str
    title: str
    host: str


class TransferCenterOut(CamelModel):
    url: str = Field(description="转账中心地址（带一次性凭证 ticket，10 分钟内有效）")
    known_origin: bool = Field(description="是否由已知的合作方页面打开")


class DsfofOut(CamelModel):
    """One fund of funds (基金中基金, FOF) of the FOF shelf (docs/shelf.md#dsfof-the-fof-shelf)."""

    fund_code: str
    fund_name: str
    short_name: str
    risk_level: int
    is_pension: bool
    status: str
    min_purchase_amount: Decimal
    inception_date: date
    nav: Decimal | None
    nav_date: date | None
    one_year_return: Decimal | None = Field(description="近1年单位净值涨幅")
    held_shares: Decimal = Field(description="当前用户持有份额")
