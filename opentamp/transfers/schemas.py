"""Payloads of the transfer-in calls (docs/transfers.md#calls). Shares and amounts are strings
of 2 decimals."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Annotated, Literal

from pydantic import Field

from opentamp.kit.params import Id
from opentamp.kit.schema import AmountIn, AmountOut, CamelModel

Source = Literal["file", "image", "text", "manual"]
Status = Literal["APPLYING", "READY", "TRANSFER_IN", "COMPLETE", "TA_ERROR", "CLOSED"]
RowStatus = Literal["ok", "byName", "unknown", "incomplete", "pension"]
FundCode = Annotated[str, Field(min_length=1, max_length=16)]


class RecognizedRowOut(CamelModel):
    line: int = Field(description="来源中的行号（表格含表头行）")
    given: str = Field(description="来源中写的代码与名称")
    fund_code: str
    fund_name: str
    shares: Decimal | None = Field(
        description="读出的持有份额：两位小数；读出的位数更多时原样给出，待用户修改"
    )
    cost: Decimal | None = Field(
        description="读出的持仓成本（元）：两位小数；读出的位数更多时原样给出，待用户修改"
    )
    status: RowStatus = Field(
        description=(
            "ok 已匹配；byName 按名称匹配需核对；unknown 未找到基金；"
            "incomplete 缺份额或成本，或其小数多于两位；"
            "pension 个人养老金基金，不能通过资产转入"
        )
    )
    message: str


class RecognitionOut(CamelModel):
    source: Source
    rows: list[RecognizedRowOut]
    flagged: int = Field(description="需要修改的行数")


class TransferTextIn(CamelModel):
    text: Annotated[str, Field(min_length=1, max_length=100_000)]


class FundHitOut(CamelModel):
    fund_code: str
    fund_name: str
    fund_type: int


class TransferItemIn(CamelModel):
    fund_code: FundCode
    shares: Annotated[AmountIn, Field(description="持有份额")]
    cost: Annotated[AmountIn, Field(description="持仓成本（元）")]


class TransferSubmitIn(CamelModel):
    financial_account_id: Id
    source: Source
    source_platform: Annotated[str, Field(max_length=32)] = ""
    items: Annotated[list[TransferItemIn], Field(max_length=200)]


class TransferItemOut(CamelModel):
    fund_code: str
    fund_name: str
    shares: AmountOut
    cost: AmountOut
    broker_order_no: str
    confirm_status: str


class ApplicationOut(CamelModel):
    application_id: int
    status: Status
    source: Source
    source_platform: str
    financial_account_id: int
    financial_account_name: str
    apply_time: datetime
    trade_date: date
    complete_date: date | None
    fail_reason: str
    total_cost: AmountOut
    items: list[TransferItemOut]
    profit_days: int = Field(description="已导入的原平台收益记录天数")
    profit_total: AmountOut


class TemplateEmailIn(CamelModel):
    email: Annotated[str, Field(min_length=3, max_length=128)]


class TemplateEmailOut(CamelModel):
    email: str
    subject: str
    queued_at: datetime


class AipOut(CamelModel):
    """A transferred fund and whether a 定投 can carry on here."""

    fund_code: str
    fund_name: str
    financial_account_id: int
    can_plan: bool
    reason: str


class PoRestoreIn(CamelModel):
    application_id: Id
    po_code: FundCode


class PoRestoreOut(CamelModel):
    po_code: str
    po_name: str
    fund_codes: list[str]


class ProfitRowIn(CamelModel):
    profit_date: date
    profit: Annotated[str, Field(pattern=r"^-?(0|[1-9][0-9]{0,11})(\.[0-9]{1,2})?$")]


class ProfitRowOut(CamelModel):
    profit_date: date
    profit: AmountOut


class ProfitPreviewOut(CamelModel):
    rows: list[ProfitRowOut]
    total: AmountOut
    rejected: list[str] = Field(description="未能读取的行")


class UploadProfitsIn(CamelModel):
    application_id: Id
    rows: Annotated[list[ProfitRowIn], Field(min_length=1, max_length=3660)]


class RelationBindIn(CamelModel):
    invite_code: Annotated[str, Field(min_length=1, max_length=32, description="投顾邀请码")]
    shop_name: Annotated[str, Field(max_length=64)] = ""


class RelationOut(CamelModel):
    bound: bool
    adviser_name: str
    invite_code: str
    shop_name: str
    bound_at: datetime | None


class TransferCancelIn(CamelModel):
    application_id: Id
