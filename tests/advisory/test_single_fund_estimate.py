"""The single-fund sale estimate of a service account (fund/preRedeem) charges the ordinary
redemption fee: each lot's rate by its holding days (docs/advisory.md#deposit-and-withdraw)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from sqlalchemy.orm import Session

from opentamp.models.advisory import AdvisoryStrategy, ServiceAccount
from opentamp.models.holdings import Holding
from tests.advisory.conftest import Calls, World, freeze, holdings_of, run_day

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
