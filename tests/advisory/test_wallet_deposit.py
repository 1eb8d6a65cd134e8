"""A deposit paid from the service account's wallet (payType wallet,
docs/advisory.md#deposit-and-withdraw) is refused as every wallet payment is (trading's one
check, docs/trading.md#buying):
请先充值{wallet} (60009) only when the wallet holds nothing, {wallet}可用余额不足，当前可用 …元
(60010) when it holds less than the amount."""

from __future__ import annotations

from datetime import date

from sqlalchemy.orm import Session

from opentamp.models.accounts import FinancialAccount
from opentamp.models.advisory import ServiceAccount
from opentamp.models.products import Fund
from tests.advisory.conftest import PASSWORD, Calls, World, tick
from tests.trading.conftest import make_holding


def deposit_from_wallet(calls: Calls, sa_id: int, amount: str) -> dict:
    tick()
    calls.post("/serviceAccount/depositVerifyCode", {"serviceAccountId": sa_id})
    return calls.post(
        "/serviceAccount/deposit",
        {
            "serviceAccountId": sa_id,
            "amount": amount,
            "payType": "wallet",
            "tradePassword": PASSWORD,
            "verifyCode": calls.sms.code(calls.trader.account.phone),
            "tradeUUID": calls.uuid(),
        },
        status=400,
    )


def test_a_wallet_short_of_the_amount_says_how_much_it_holds(
    session: Session, world: World, calls: Calls, wallet_fund: Fund
) -> None:
    sa_id = calls.sign(world.half.code)
    empty = deposit_from_wallet(calls, sa_id, "1000.00")
    assert (empty["code"], empty["msg"]) == (60009, "请先充值钱包")

    sa = session.get_one(ServiceAccount, sa_id)
    fa = session.get_one(FinancialAccount, sa.financial_account_id)
    make_holding(session, trader=calls.trader, fund=wallet_fund,
                 lots=[(date(2026, 10, 30), "600.50")], fa=fa)  # fmt: skip
    session.flush()
    short = deposit_from_wallet(calls, sa_id, "1000.00")
    assert (short["code"], short["msg"]) == (60010, "钱包可用余额不足，当前可用 600.50 元")
