"""What each kind of event says (docs/notices.md#the-events): the category it belongs to, and
its title, text and link, composed when a notice is read (so a page of notices is rendered, not
a day of settlement)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from opentamp.core import events as ev
from opentamp.kit.money import amount_text
from opentamp.rules.order_words import order_title, order_words

TRADE = "TRADE"
ADVISORY = "ADVISORY"
ACCOUNT = "ACCOUNT"
ANNOUNCEMENT = "ANNOUNCEMENT"

#: The categories, in the order of the notification screen's tabs.
CATEGORIES = {
    TRADE: "交易提醒",
    ADVISORY: "投顾服务",
    ACCOUNT: "账户提醒",
    ANNOUNCEMENT: "平台公告",
}

CATEGORY_OF = {
    ev.ORDERS_FINISHED: TRADE,
    ev.ORDER_CONFIRMED: TRADE,
    ev.ORDER_FAILED: TRADE,
    ev.REDEMPTION_PAID: TRADE,
    ev.PLAN_FAILED: TRADE,
    ev.FOLLOW_EXECUTED: TRADE,
    ev.ADJUSTMENT_WAITING: ADVISORY,
    ev.ADVISER_FEE_CHARGED: ADVISORY,
    ev.ADVISER_ANNOUNCEMENT: ADVISORY,
    ev.SURVEY_EXPIRING: ACCOUNT,
    ev.CARD_RESIGN: ACCOUNT,
    ev.BROKER_ANNOUNCEMENT: ANNOUNCEMENT,
}


@dataclass(frozen=True)
class Fields:
    kind: str
    ref: str
    subject: str
    amount: Decimal | None
    detail: str
    occurred_on: date


@dataclass(frozen=True)
class Rendered:
    title: str
    content: str
    link: str


def _yuan(amount: Decimal | None) -> str:
    return f"{amount_text(amount or Decimal(0))}元"


def _day(d: date) -> str:
    return f"{d.year}年{d.month}月{d.day}日"


#: The adjustment screen of each kind of service account (docs/robo.md "The screens": a robo
#: account's is advisor/adjustment), by the type of its financial account.
ADJUSTMENT_SCREENS = {"robo_service": "/advisor/adjustment"}
ADJUSTMENT_SCREEN = "/fa/adjustment"


def adjustment_screen(account_type: str) -> str:
    """Where an adjustment of a service account whose financial account has type
    ``account_type`` is confirmed: 投顾 on fa/adjustment, 智能投顾 on advisor/adjustment."""
    return ADJUSTMENT_SCREENS.get(account_type, ADJUSTMENT_SCREEN)


def render(f: Fields, *, wallet_name: str) -> Rendered:
    """The title, text and link of a notice of kind ``f.kind``; an order's in the words of the
    server's texts (``rules.order_words``), a wallet order naming the user's broker's wallet
    (``wallet_name``)."""
    code, _, reason = f.detail.partition("|")
    what = order_words(code, wallet_name=wallet_name, unknown="交易")
    order = order_title(code, product_name=f.subject, wallet_name=wallet_name, unknown="交易")
    order_link = f"/orderResult?brokerOrderNo={f.ref}" if f.ref else ""
    if f.kind == ev.ORDER_CONFIRMED:
        return Rendered(
            f"{what}已确认",
            f"您{_day(f.occurred_on)}确认的{order}订单已确认成功，确认金额{_yuan(f.amount)}。",
            order_link,
        )
    if f.kind == ev.ORDER_FAILED:
        why = f"失败原因：{reason}" if reason else "款项将原路退回。"
        return Rendered(
            f"{what}失败",
            f"您的{order}订单（{_yuan(f.amount)}）确认失败。{why}",
            order_link,
        )
    if f.kind == ev.REDEMPTION_PAID:
        return Rendered(
            "赎回款已到账",
            f"{_yuan(f.amount)}已于{_day(f.occurred_on)}划入您{f.subject}的银行卡，请注意查收。",
            order_link,
        )
    if f.kind == ev.PLAN_FAILED:
        return Rendered(
            "定投扣款失败",
            f"您的{f.subject}定投计划{_day(f.occurred_on)}的扣款未成功"
            + (f"：{f.detail}" if f.detail else "")
            + "。请检查银行卡余额或支付方式。",
            f"/investPlan?investPlanId={f.ref}" if f.ref else "",
        )
    if f.kind == ev.FOLLOW_EXECUTED:
        done = "按比例卖出" if f.detail == "SELL" else f"买入{_yuan(f.amount)}"
        return Rendered(
            "跟车已执行",
            f"根据{f.subject}的最新信号，已为您{done}。",
            order_link,
        )
    if f.kind == ev.ADJUSTMENT_WAITING:
        return Rendered(
            "调仓待确认",
            f"您的投顾服务{f.subject}有一笔调仓建议待确认，请在有效期内确认。",
            f"{adjustment_screen(f.detail)}?adjustmentId={f.ref}" if f.ref else "",
        )
    if f.kind == ev.ADVISER_FEE_CHARGED:
        return Rendered(
            "投顾服务费已扣收",
            f"您的投顾服务{f.subject}已于{_day(f.occurred_on)}扣收服务费{_yuan(f.amount)}。",
            "",
        )
    if f.kind == ev.SURVEY_EXPIRING:
        return Rendered(
            "风险测评即将到期",
            f"您的风险测评将于{f.detail}到期，到期后将无法购买中高风险产品，请及时重新测评。",
            "/riskSurvey",
        )
    if f.kind == ev.CARD_RESIGN:
        return Rendered(
            "银行卡需要重新签约",
            f"您{f.subject}的银行卡支付协议已失效，请重新签约后再使用该卡支付。",
            "/bankCard",
        )
    # announcements of the broker and of the adviser: their own title and text
    return Rendered(f.subject, f.detail, "")
