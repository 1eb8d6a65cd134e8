"""Errors of the holdings and profit reads (60xxx trading; 608xx the asset reads)."""

from __future__ import annotations

from opentamp.errors import AppError, NotFound


class InvalidMonth(AppError):
    code = 60801
    error = "invalid_month"
    msg = "月份格式应为 YYYY-MM"


class InvalidYear(AppError):
    code = 60802
    error = "invalid_year"
    msg = "年份格式应为 YYYY"


class ProductNotHeld(NotFound):
    msg = "该账户未持有此产品"


class InvalidReturnPeriod(AppError):
    """The period of the return analytics (docs/rules.md#returns) runs backwards."""

    code = 72301
    error = "invalid_return_period"
    msg = "开始日期不能晚于结束日期"
