"""Payloads of the protocol calls (docs/product.md#entities Protocol and Agreements,
docs/api.md#product-data, docs/api.md#platform)."""

from __future__ import annotations

import builtins
from datetime import datetime

from opentamp.kit.schema import CamelModel


class ProtocolOut(CamelModel):
    protocol_id: int
    protocol_type: str
    name: str
    version: str
    scope: str
    #: The H5 page that shows it (a protocol opens as a link).
    file_url: str
    effective_at: datetime


class ProtocolDetailOut(ProtocolOut):
    summary: str
    content: str


class AgreementOut(CamelModel):
    name: str
    url: str


class PaymentAgreementOut(CamelModel):
    """A bank's payment agreements; more than one merge under the name 银行授权支付服务协议."""

    name: str
    agreements: builtins.list[AgreementOut]


class AgreementsOut(CamelModel):
    product_code: str | None = None
    #: What a buyer agrees to (the checkbox shows four names, then 等相关协议).
    agreements: builtins.list[AgreementOut]
    payment_agreement: PaymentAgreementOut | None = None


class FundDocumentsOut(CamelModel):
    fund_code: str
    fund_name: str
    agreements: builtins.list[AgreementOut]


class PoProtocolsOut(CamelModel):
    po_code: str
    po_name: str
    list: builtins.list[AgreementOut]
    fund_list: builtins.list[FundDocumentsOut]
