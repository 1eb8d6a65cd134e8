"""Errors of the redemption appointments and saved trade forms (codes 682xx shared with the
target strategies, opentamp/errors.py). A refused call writes nothing."""

from __future__ import annotations

from opentamp.errors import AppError, NotFound


class AppointmentNotFound(NotFound):
    code = 68221
    error = "appointment_not_found"
    msg = "预约记录不存在"


class NoOpenPeriod(AppError):
    """The fund redeems on any trading day (no fixed open periods), or has no open period
    ahead."""

    code = 68222
    error = "no_open_period"
    msg = "该基金不是定期开放基金，无需预约，可直接卖出"


class AppointmentSharesExceeded(AppError):
    code = 68223
    error = "appointment_shares_exceeded"
    msg = "预约份额超过可预约份额{available}份"


class AppointmentNotCancellable(AppError):
    code = 68224
    error = "appointment_not_cancellable"
    msg = "该预约{status}，无法撤销"


class TemporaryNotFound(NotFound):
    """Another user's saved form answers as one that does not exist."""

    code = 68231
    error = "temporary_not_found"
    msg = "交易信息不存在，请重新填写"


class TemporaryExpired(AppError):
    code = 68232
    error = "temporary_expired"
    msg = "交易信息已过期，请重新填写"
