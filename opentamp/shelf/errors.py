"""Errors of the shelf (docs/shelf.md#errors-723xx; 72301 is the return analytics' period)."""

from __future__ import annotations

from opentamp.errors import AppError


class DocumentLinkNotAllowed(AppError):
    """An address the broker has not allowed for its document viewers (no open redirect)."""

    code = 72302
    error = "document_link_not_allowed"
    msg = "该链接不在允许打开的范围内"


class TransferCenterUnavailable(AppError):
    code = 72303
    error = "transfer_center_unavailable"
    msg = "暂未开通转账中心，请联系客服"
