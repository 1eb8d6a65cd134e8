"""The single-fund sale estimate of a service account (fund/preRedeem) charges the ordinary
redemption fee: each lot's rate by its holding days (docs/advisory.md#deposit-and-withdraw)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from opentamp.models.advisory import AdvisoryStrategy, ServiceAccount
from opentamp.models.holdings import Holding
from opentamp.models.orders import TradeOrder
from tests.advisory.conftest import PASSWORD, Calls, World, freeze, holdings_of, run_day

D = Decimal


def test_the_single_fund_estimate_carries_the_redemption_fee(
    session: Session, calls: Calls, world: World
) -> None:
    s = session.get(AdvisoryStrategy, world.half.code)
    assert s is not None
    s.allow_single_fund_redeem = True
    freeze("2026-11-02 09:00")
    sa = calls.sign(world.half.code)
    calls.deposit(sa, "2000.00")
    run_day(session, world, date(2026, 11, 2))
    run_day(session, world, date(2026, 11, 3))  # confirmed: 50 % of 2 000.00 less its fee
    account = session.get(ServiceAccount, sa)
    assert account is not None and account.financial_account_id is not None
    fa = account.financial_account_id
    first = world.funds[0].code
    held: Holding = holdings_of(session, fa, world.half.code)[first]
    assert held.shares > 100
    freeze("2026-11-04 10:00")
    est = calls.post(
        "/serviceAccount/fund/preRedeem",
        {"serviceAccountId": sa, "fundCode": first, "shares": "100.00"},
    )["data"]
    # NAV 1.0000, the lot bought on 11-02 held fewer than 7 days: 1.5 % of 100.00
    assert (est["totalFee"], est["totalAmount"]) == ("1.50", "98.50")
    (item,) = est["itemList"]
    assert (item["fee"], item["amount"], item["shares"]) == ("1.50", "98.50", "100.00")
    # more than held: refused with its message
    res = calls.post(
        "/serviceAccount/fund/preRedeem",
        {"serviceAccountId": sa, "fundCode": first, "shares": str(held.shares + 1)},
        status=400,
    )
    assert res["msg"] == "卖出份额超过可用份额"


def test_the_single_fund_sale_refusals_write_nothing(
    session: Session, calls: Calls, world: World
) -> None:
    """fund/redeem: 69012 where the strategy does not allow it; more than held answers its
    message; neither writes an order. Within the holding it places one sale into the wallet."""
    freeze("2026-11-02 09:00")
    sa = calls.sign(world.half.code)
    calls.deposit(sa, "2000.00")
    run_day(session, world, date(2026, 11, 2))
    run_day(session, world, date(2026, 11, 3))
    account = session.get(ServiceAccount, sa)
    assert account is not None and account.financial_account_id is not None
    first = world.funds[0].code
    held = holdings_of(session, account.financial_account_id, world.half.code)[first]
    freeze("2026-11-04 10:00")

    def redeem(shares: Decimal, status: int) -> dict[str, Any]:
        return calls.post(
            "/serviceAccount/fund/redeem",
            {"serviceAccountId": sa, "fundCode": first, "shares": str(shares),
             "tradePassword": PASSWORD, "tradeUUID": calls.uuid()},
            status=status,
        )  # fmt: skip

    n = orders(session)
    closed = redeem(D("100.00"), 400)
    assert (closed["code"], closed["msg"]) == (69012, "该投顾组合不支持单只基金卖出")
    s = session.get(AdvisoryStrategy, world.half.code)
    assert s is not None
    s.allow_single_fund_redeem = True
    session.flush()
    over = redeem(held.shares + 1, 400)
    assert over["msg"] == "卖出份额超过可用份额"
    assert orders(session) == n
    sold = redeem(D("100.00"), 200)["data"]
    assert sold["tradeShare"] == "100.00" and orders(session) == n + 1


def orders(session: Session) -> int:
    return session.scalar(select(func.count()).select_from(TradeOrder)) or 0
