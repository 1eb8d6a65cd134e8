"""What an order did, in the server's texts (opentamp/rules/order_words.py)."""

from __future__ import annotations

from opentamp.rules.order_words import order_words


def test_a_plans_purchase_reads_dingtou_for_a_portfolio_as_for_a_fund() -> None:
    plan = {"investPlanId": 4, "executionId": 10}
    assert order_words("039", wallet_name="活期宝", ext_meta_info=plan) == "定投"
    assert order_words("W11", wallet_name="活期宝", ext_meta_info=plan) == "活期宝定投"
    assert order_words("P02", wallet_name="活期宝", ext_meta_info=plan) == "组合定投"
    # a strategy's plan places a P02 too
    target = {"investPlanId": 5, "targetRound": 1}
    assert order_words("P02", wallet_name="活期宝", ext_meta_info=target) == "组合定投"


def test_a_purchase_by_hand_or_by_a_signal_reads_as_its_code() -> None:
    assert order_words("P02", wallet_name="活期宝") == "组合买入"
    assert order_words("P02", wallet_name="活期宝", ext_meta_info={}) == "组合买入"
    follow = {"signalFollowPlanId": 3, "sigId": "SI000001-20261123"}
    assert order_words("P02", wallet_name="活期宝", ext_meta_info=follow) == "组合买入"
    assert order_words("P02", wallet_name="活期宝", ext_meta_info={"investPlanId": None}) == (
        "组合买入"
    )
    # the plan changes no other code's words
    assert order_words("P03", wallet_name="活期宝", ext_meta_info={"investPlanId": 4}) == "组合卖出"


def test_a_code_marked_as_a_plans_reads_as_its_plan() -> None:
    """A notice's detail carries the code only: ``P02+plan`` (core.finished_orders)."""
    assert order_words("P02+plan", wallet_name="活期宝") == "组合定投"
