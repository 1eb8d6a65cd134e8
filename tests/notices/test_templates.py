"""What a notice says (opentamp/notices/templates.py, docs/notices.md#the-events)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from opentamp.core import events
from opentamp.notices.templates import Fields, render


def _confirmed(subject: str, code: str) -> str:
    return render(
        Fields(
            kind=events.ORDER_CONFIRMED,
            ref="20261117000001",
            subject=subject,
            amount=Decimal("999.15"),
            detail=code,
            occurred_on=date(2026, 11, 17),
        ),
        wallet_name="活期宝",
    ).content


@pytest.mark.parametrize(
    ("subject", "code", "said"),
    [
        # a portfolio named …组合 is not called 组合 twice
        ("稳健理财组合", "P02", "确认的稳健理财组合买入订单已确认成功"),
        ("省心投顾组合", "P03", "确认的省心投顾组合卖出订单已确认成功"),
        ("省心投顾组合", "P04", "确认的省心投顾组合调仓订单已确认成功"),
        # other names keep the order's word whole
        ("沪深300发车", "P02", "确认的沪深300发车组合买入订单已确认成功"),
        ("远航消费升级股票型证券投资基金", "039", "确认的远航消费升级股票型证券投资基金定投订单"),
    ],
)
def test_an_order_notice_names_the_portfolio_and_the_order_once(
    subject: str, code: str, said: str
) -> None:
    text = _confirmed(subject, code)
    assert said in text
    assert "组合组合" not in text


def test_a_wallet_order_names_the_brokers_wallet_as_statements_and_screens_do() -> None:
    """One table of words for notices and statements (rules.order_words): a recharge is the
    broker's wallet's (活期宝充值), never 钱包充值; a wallet-paid purchase says it was paid so."""
    recharge = render(
        Fields(
            kind=events.ORDER_CONFIRMED,
            ref="20261117000003",
            subject="远航活期宝货币A",
            amount=Decimal("1000.00"),
            detail="W01",
            occurred_on=date(2026, 11, 17),
        ),
        wallet_name="活期宝",
    )
    assert recharge.title == "活期宝充值已确认"
    assert "钱包" not in recharge.content
    # the wallet's own order names the wallet once, not its fund and then the wallet
    assert (
        recharge.content == "您2026年11月17日确认的活期宝充值订单已确认成功，确认金额1,000.00元。"
    )
    for code, words in (("W02", "活期宝取出"), ("W03", "活期宝快速取出")):
        assert _confirmed("远航活期宝货币A", code).startswith(f"您2026年11月17日确认的{words}订单")
    assert _confirmed("远航沪深300指数A", "W04").startswith(
        "您2026年11月17日确认的远航沪深300指数A活期宝支付申购订单"
    )


def test_a_failed_portfolio_order_is_not_called_组合_twice() -> None:
    text = render(
        Fields(
            kind=events.ORDER_FAILED,
            ref="20261117000002",
            subject="稳健理财组合",
            amount=Decimal("1000.00"),
            detail="P02|余额不足",
            occurred_on=date(2026, 11, 17),
        ),
        wallet_name="活期宝",
    ).content
    assert text.startswith("您的稳健理财组合买入订单（1,000.00元）确认失败。")


def test_a_follow_is_called_跟车_as_on_the_signal_screens() -> None:
    """我的跟车, 跟车记录, 跟车设置: the notice of a follow uses the same word."""
    said = render(
        Fields(
            kind=events.FOLLOW_EXECUTED,
            ref="20261123000001",
            subject="沪深300发车",
            amount=Decimal("1200.00"),
            detail="BUY",
            occurred_on=date(2026, 11, 23),
        ),
        wallet_name="活期宝",
    )
    assert said.title == "跟车已执行"
    assert said.content == "根据沪深300发车的最新信号，已为您买入1,200.00元。"


@pytest.mark.parametrize(
    ("account_type", "screen"),
    [
        ("service", "/fa/adjustment"),
        ("robo_service", "/advisor/adjustment"),
        ("", "/fa/adjustment"),  # an event recorded before the type was
    ],
)
def test_an_adjustment_waiting_links_the_adjustment_screen_of_its_kind_of_account(
    account_type: str, screen: str
) -> None:
    link = render(
        Fields(
            kind=events.ADJUSTMENT_WAITING,
            ref="42",
            subject="智能投顾·稳健增值",
            amount=None,
            detail=account_type,
            occurred_on=date(2026, 11, 17),
        ),
        wallet_name="活期宝",
    ).link
    assert link == f"{screen}?adjustmentId=42"
