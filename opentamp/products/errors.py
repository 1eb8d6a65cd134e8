"""The products feature's errors: an unknown product, period or return algorithm."""

from __future__ import annotations

from opentamp.errors import AppError, NotFound


class ProductNotFound(NotFound):
    code = 61001
    error = "product_not_found"
    msg = "产品不存在或已下架"


class InvalidPeriod(AppError):
    code = 61002
    error = "invalid_period"
    msg = "不支持的区间：{period}"


class InvalidAlgorithm(AppError):
    code = 61003
    error = "invalid_algorithm"
    msg = "不支持的收益算法：{algorithm}"
