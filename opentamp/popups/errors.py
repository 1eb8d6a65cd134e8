"""Errors of the pop-ups (business codes 63xxx, opentamp/errors.py)."""

from __future__ import annotations

from opentamp.errors import AppError, Conflict, InvalidParams


class NoAccount(AppError):
    """docs/product.md#validation: users without an account cannot do this."""

    status = 403
    code = 63010
    error = "no_account"
    msg = "未开户用户无法进行该操作"


class UnknownContractType(InvalidParams):
    code = 63011
    error = "unknown_contract_type"
    msg = "不支持的协议类型：{name}"


class ContractVersionOutdated(Conflict):
    code = 63012
    error = "contract_version_outdated"
    msg = "{name}已更新，请阅读最新版本后重新授权"
