"""Errors of the notice centre (business codes 721xx, opentamp/errors.py)."""

from __future__ import annotations

from opentamp.errors import InvalidParams, NotFound


class NoticeNotFound(NotFound):
    """Also another user's notice (docs/notices.md#calls)."""

    code = 72101
    error = "notice_not_found"
    msg = "消息不存在或已删除"


class UnknownCategory(InvalidParams):
    code = 72102
    error = "notice_unknown_category"
    msg = "不支持的消息类型：{name}"


class NoConfirmNeeded(InvalidParams):
    code = 72103
    error = "notice_no_confirm_needed"
    msg = "该消息无需确认"


class BrokerNotFound(NotFound):
    code = 72104
    error = "notice_broker_not_found"
    msg = "券商不存在"
