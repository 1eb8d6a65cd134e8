"""The rate 交易规则 shows is the rate the order charges (opentamp/rules/fees.py
``discounted_rate``): listed 1.2 % at a discount of 0.0123 is 0.0001476 (7 decimals), which the
screen used to round to 0.000148."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.kit.clock import BEIJING, frozen
from opentamp.models.orders import TradeOrder
from tests.factories import make_fund
from tests.trading.conftest import Api

D = Decimal


@pytest.mark.parametrize(
    ("listed", "discount", "charged"),
    [
        (D("0.015"), D("0.1"), D("0.0015")),  # 一折
        (D("0.012"), D("0.0123"), D("0.0001476")),  # more decimals than 6
        (D("0.0150"), D("0.33333333"), D("0.00500000")),  # rounded once, to 8 places
    ],
)
def test_trade_rules_show_the_rate_the_order_charges(
    session: Session, me: Api, listed: Decimal, discount: Decimal, charged: Decimal
) -> None:
    fund = make_fund(session, purchase_rate=listed, purchase_discount=discount)
    with frozen(datetime(2026, 11, 24, 10, 0, tzinfo=BEIJING)):
        screen = me.get("/product/tradeRules", productCode=fund.code)["data"]
        info = me.get("/product/fund/info", fundCode=fund.code)["data"]
        estimate = me.get("/trade/estimateBuyFundFee", fundCode=fund.code, amount="10000.00")
        order = me.buy_fund(fund.code, "10000.00")["data"]
    (tier,) = screen["funds"][0]["purchaseFees"]
    shown = {
        D(tier["discountedRate"]),
        D(info["purchaseFeeRateDiscounted"]),
        D(estimate["data"]["discountFeeRate"]),
        D(order["feeRate"]),
    }
    assert shown == {charged}
    stored = session.scalars(
        select(TradeOrder).where(TradeOrder.broker_order_no == order["brokerOrderNo"])
    ).one()
    assert stored.fee_rate == charged
