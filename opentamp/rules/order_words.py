"""What an order did and where it stands, in the words of the server's own texts: a notice's
title and body (docs/notices.md), a statement's and a book's lines (docs/statements.md). One
table for both; the screens word an order by the client's one table (web/src/lib/order-codes.ts,
lib/order-status.ts), which may be shorter (买入 where a document says 申购).

A wallet order names the broker's wallet as every screen does (``broker.wallet_name``:
活期宝充值, 活期宝支付申购), never 钱包; and the wallet's own orders name it once: their product is
the wallet's money-market fund, which their words already name (活期宝充值订单, not
远航活期宝货币市场基金A活期宝充值订单)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

ORDER_WORDS = {
    "020": "认购",
    "022": "申购",
    "039": "定投",
    "024": "赎回",
    "036": "转换",
    "029": "修改分红方式",
    "143": "分红",
    "127": "转托管转入",
    "P02": "组合买入",
    "P03": "组合卖出",
    "P04": "组合调仓",
    "W01": "{wallet}充值",
    "W02": "{wallet}取出",
    "W03": "{wallet}快速取出",
    "W04": "{wallet}支付申购",
    "W11": "{wallet}定投",
    "W12": "投顾服务费",
}

#: The wallet's own orders (its shares bought or sold: 充值, 取出, 快速取出), whose words name the
#: wallet, so no product is said before them.
WALLET_OWN_CODES = frozenset({"W01", "W02", "W03"})

#: The word the portfolio orders' words begin with (组合买入, 组合卖出, 组合调仓).
PORTFOLIO = "组合"

#: A purchase a 定投 plan placed reads 定投 whatever it bought: a fund's says so by its code
#: (039, W11), a portfolio's or a strategy's (P02) by its plan (``extMetaInfo.investPlanId``,
#: docs/plans.md "Orders"), as the screens read it (web/src/lib/order-codes.ts).
PLAN_ORDER_WORDS = {"P02": "组合定投"}
#: Appended to the code of a plan's purchase where only a code travels (a notice's detail,
#: ``core.finished_orders``): ``P02+plan``.
PLAN_MARK = "+plan"

#: By the last digit of ``confirm_status`` (a portfolio parent's P2 reads as 2).
STATUS_WORDS = {
    "0": "确认中",
    "1": "失败",
    "2": "成功",
    "3": "部分成功",
    "4": "认购成功",
    "9": "已撤销",
}


def order_words(
    code: str,
    *,
    wallet_name: str,
    unknown: str | None = None,
    ext_meta_info: Mapping[str, Any] | None = None,
) -> str:
    """What an order of business code ``code`` did (``unknown``, else the code itself, for a
    code of no words); a plan's purchase by its ``ext_meta_info`` or a code marked
    :data:`PLAN_MARK` (:data:`PLAN_ORDER_WORDS`)."""
    code, mark, _ = code.partition(PLAN_MARK)
    planned = bool(mark) or (
        ext_meta_info is not None and ext_meta_info.get("investPlanId") is not None
    )
    words = (PLAN_ORDER_WORDS.get(code) if planned else None) or ORDER_WORDS.get(code)
    if words is None:
        return code if unknown is None else unknown
    return words.format(wallet=wallet_name)


def order_subject(code: str, *, product_name: str) -> str:
    """The product a text names an order of ``code`` by, before or beside its words: the
    product's name, or nothing for the wallet's own orders (their words name the wallet)."""
    return "" if code in WALLET_OWN_CODES else product_name


def order_title(
    code: str, *, product_name: str, wallet_name: str, unknown: str | None = None
) -> str:
    """An order as a text names it: its product, then what it did (沪深300发车组合买入,
    远航沪深300指数A活期宝支付申购); the wallet's own orders by their words alone (活期宝充值); a
    portfolio whose name ends in 组合 is not called 组合 twice (稳健理财组合买入)."""
    subject = order_subject(code, product_name=product_name)
    words = order_words(code, wallet_name=wallet_name, unknown=unknown)
    if subject.endswith(PORTFOLIO) and words.startswith(PORTFOLIO):
        return f"{subject}{words.removeprefix(PORTFOLIO)}"
    return f"{subject}{words}"


def status_words(confirm_status: str) -> str:
    """Where an order stands, by its confirm status (the status itself when unknown)."""
    return STATUS_WORDS.get(confirm_status[-1:], confirm_status)
