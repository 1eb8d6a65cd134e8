"""The pension calls of docs/pension.md through the API: the account (bind, open, one per
person), contributions against the 12 000 元 cap, pension funds bought with the pension payment
method and redeemed back into the account, and the refusals that write nothing."""

from __future__ import annotations

from decimal import Decimal

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from opentamp.models.accounts import FinancialAccount
from opentamp.models.orders import TradeOrder
from opentamp.models.pension import PensionAccount, PensionContribution
from opentamp.settlement.service import settle_day
from tests.factories import make_fund
from tests.pension.conftest import (
    MON,
    PASSWORD,
    Pension,
    freeze,
    make_pension_fund,
    make_trader,
)
from tests.trading.conftest import RecordingGateway

pytestmark = pytest.mark.usefixtures("monday")


def _contributions(session: Session, user_id: int) -> int:
    return (
        session.scalar(select(func.count()).where(PensionContribution.broker_user_id == user_id))
        or 0
    )


# -- banks, cities, agreements, time ---------------------------------------------------------


def test_banks_cities_agreements_and_the_trading_window(pension: Pension) -> None:
    banks = pension.get("/pension/bankList")["data"]
    assert banks[0] == {
        "bankNo": "002",
        "bankName": "中国工商银行",
        "shortName": "工商银行",
        "color": "red",
        "canOpen": True,
        "highlight": "网点最多，线上开户当日可用",
    }
    assert any(not b["canOpen"] for b in banks)
    assert "北京市" in pension.get("/pension/supportCities", bankNo="002")["data"]["cities"]
    assert pension.get("/pension/supportCities", bankNo="999", status=400)["code"] == 71104
    auth = pension.get("/pension/getAuthorizedAgreement")["data"]
    assert auth["title"] == "个人养老金信息授权协议" and auth["content"]
    assert pension.get("/pension/getRechargeAgreement")["data"]["title"] == "个人养老金缴存协议"
    # Monday 2026-11-23 10:00: a trading day before the cut-off → priced today, confirmed Tuesday.
    t = pension.get("/pension/time")["data"]
    assert (t["tradeDate"], t["confirmDate"], t["inWindow"], t["cutOff"]) == (
        "2026-11-23",
        "2026-11-24",
        True,
        "15:00",
    )
    freeze("2026-11-23 15:30")
    t = pension.get("/pension/time")["data"]
    assert (t["tradeDate"], t["inWindow"]) == ("2026-11-24", False)


# -- the account ----------------------------------------------------------------------------------


def test_bind_makes_the_pension_financial_account_and_a_second_account_is_refused(
    pension: Pension, session: Session
) -> None:
    before = pension.account()
    assert before["hasAccount"] is False and before["remainingQuota"] == "12000.00"
    assert pension.bind(agreed=False, status=400)["code"] == 71103
    assert pension.bind(accountNo="1234", status=400)["code"] == 71106
    assert pension.bind(city="火星", status=400)["code"] == 71105
    assert session.scalar(select(func.count()).select_from(PensionAccount)) == 0

    data = pension.bind()["data"]
    assert (data["hasAccount"], data["status"], data["bankName"], data["accountTail"]) == (
        True,
        "ACTIVE",
        "中国工商银行",
        "5678",
    )
    fa = session.get(FinancialAccount, data["financialAccountId"])
    assert fa is not None and fa.type == "pension" and fa.name == "个人养老金"
    assert data["tdPaymentMethods"][0]["isPension"] is True
    account = pension.get("/account/getAccount", brokerUserId=pension.trader.user.id)["data"]
    assert account["hasPensionAccount"] is True

    second = pension.bind(bankNo="005", status=400)
    assert (second["code"], second["msg"]) == (
        71102,
        "每人只能开立一个个人养老金资金账户，您已在中国工商银行开通",
    )
    body = {"bankNo": "005", "city": "上海市", "agreed": True}
    assert pension.post("/pension/openTDAccount", body, status=400)["code"] == 71102


def test_opening_online_through_the_banks_page(pension: Pension, client, api, session) -> None:
    refused = {"bankNo": "006", "city": "上海市", "agreed": True}  # 交通银行 only binds
    assert pension.post("/pension/openTDAccount", refused, status=400)["code"] == 71104
    applied = pension.post(
        "/pension/openTDAccount", {"bankNo": "005", "city": "上海市", "agreed": True}
    )["data"]
    assert (applied["status"], applied["bankName"]) == ("OPENING", "中国建设银行")
    no = applied["applyNo"]
    url = pension.get("/pension/applyOpenUrl", applyNo=no)["data"]["url"]
    assert url == f"pension/openAccountBank?applyNo={no}&bankNo=005"
    # Not yet open: no contribution, no pension payment method.
    assert pension.account()["tdPaymentMethods"] == []
    assert pension.apply("100.00", status=400)["code"] == 71116
    # Another user's application answers as one that does not exist.
    other = make_trader(session)
    res = client.post(f"{api}/pension/confirmOpen", json={"applyNo": no}, headers=other.headers)
    assert res.status_code == 404
    done = pension.post("/pension/confirmOpen", {"applyNo": no})["data"]
    assert done["status"] == "ACTIVE" and len(done["accountTail"]) == 4
    assert pension.post("/pension/confirmOpen", {"applyNo": no})["data"]["status"] == "ACTIVE"


# -- contributions -----------------------------------------------------------------------------


def test_contributions_count_against_the_yearly_cap(
    pension: Pension, session: Session, gateway: RecordingGateway
) -> None:
    pension.bind()
    applied = pension.apply("5000.00")["data"]
    assert (applied["status"], applied["remainingQuota"]) == ("APPLIED", "7000.00")
    assert gateway.calls == []  # nothing charged before the confirmation
    assert pension.confirm(applied["applyNo"], agreed=False, status=400)["code"] == 71103
    done = pension.confirm(applied["applyNo"])["data"]
    assert (done["status"], done["amount"], done["remainingQuota"]) == (
        "SUCCESS",
        "5000.00",
        "7000.00",
    )
    assert gateway.calls == [("charge", Decimal("5000.00"), applied["applyNo"])]
    assert pension.confirm(applied["applyNo"], status=400)["code"] == 71112

    # 8 000 more is past the cap: refused with the 7 000 left named, and nothing written.
    count = _contributions(session, pension.trader.user.id)
    over = pension.apply("8000.00", status=400)
    assert (over["code"], over["msg"]) == (
        71110,
        "超过个人养老金年度缴存上限12,000.00元，2026年剩余可缴存额度为7,000.00元",
    )
    assert _contributions(session, pension.trader.user.id) == count

    year = pension.get("/pension/queryRecharge")["data"]
    assert (year["year"], year["yearContributed"], year["remainingQuota"]) == (
        2026,
        "5000.00",
        "7000.00",
    )
    assert [c["amount"] for c in year["list"]] == ["5000.00"]
    home = pension.account()
    assert (home["balance"], home["yearContributed"], home["remainingQuota"]) == (
        "5000.00",
        "5000.00",
        "7000.00",
    )
    # The tax estimate at 10 %: 500 saved now, 150 on receipt, 350 in all.
    ten = next(e for e in home["taxEstimates"] if e["rate"] == "0.10")
    assert (ten["deductionSaving"], ten["withdrawalTax"], ten["netSaving"]) == (
        "500.00",
        "150.00",
        "350.00",
    )


def test_two_applications_within_the_quota_cannot_both_pass_it(pension: Pension) -> None:
    pension.bind()
    first = pension.apply("7000.00")["data"]["applyNo"]
    second = pension.apply("7000.00")["data"]["applyNo"]
    pension.confirm(first)
    late = pension.confirm(second, status=400)
    assert late["code"] == 71110 and "剩余可缴存额度为5,000.00元" in late["msg"]


def test_a_new_year_opens_a_new_quota(pension: Pension) -> None:
    freeze("2025-12-31 20:00")
    pension.bind()
    pension.contribute("12000.00")
    assert pension.apply("1.00", status=400)["msg"].endswith("2025年剩余可缴存额度为0.00元")
    applied = pension.apply("10.00", status=400)
    assert applied["code"] == 71110
    freeze("2026-01-02 10:00")
    assert pension.account()["remainingQuota"] == "12000.00"
    assert pension.contribute("3000.00")["data"]["remainingQuota"] == "9000.00"
    assert pension.get("/pension/queryRecharge", year=2025)["data"]["yearContributed"] == "12000.00"


def test_another_users_card_and_application_answer_404(
    pension: Pension, session: Session, client, api
) -> None:
    pension.bind()
    other = make_trader(session)
    pension.apply("100.00", paymentMethodId=other.card.id, status=404)
    applied = pension.apply("100.00")["data"]["applyNo"]
    res = client.post(
        f"{api}/pension/rechargeConfirm",
        json={"applyNo": applied, "tradePassword": PASSWORD, "agreed": True},
        headers=other.headers,
    )
    assert res.status_code == 404
    res = client.get(f"{api}/pension/tdAccount", headers=other.headers)
    assert res.json()["data"]["hasAccount"] is False


def test_a_contribution_without_an_account_is_refused(pension: Pension) -> None:
    assert pension.apply("100.00", status=404)["code"] == 71101


# -- buying and redeeming pension funds -------------------------------------------------------


def test_a_pension_fund_bought_with_pension_money(
    pension: Pension, session: Session, gateway: RecordingGateway
) -> None:
    fund = make_pension_fund(session)
    plain = make_fund(session)
    pension.bind()
    pension.contribute("5000.00")
    gateway.calls.clear()

    order = pension.buy(fund.code, "2000.00")["data"]
    # The listed 0.8 % is waived (discount 0): no fee, the whole amount invested.
    assert (order["orderCode"], order["fee"], order["netAmount"]) == ("022", "0.00", "2000.00")
    assert gateway.calls == []  # no card is charged
    assert pension.account()["balance"] == "3000.00"
    assert pension.account()["pendingAmount"] == "2000.00"

    assert pension.buy(plain.code, "100.00", status=400)["code"] == 71120
    over = pension.buy(fund.code, "3000.01", status=400)
    assert (over["code"], over["msg"]) == (71122, "个人养老金资金账户余额不足，可用余额3,000.00元")
    by_card = {
        "financialAccountId": pension.trader.fa.id,
        "fundCode": fund.code,
        "amount": "100.00",
        "payType": "card",
        "paymentMethodId": pension.trader.card.id,
        "tradePassword": PASSWORD,
        "tradeUUID": pension.uuid(),
    }
    assert pension.post("/trade/buyFund", by_card, status=400)["code"] == 71121
    # Pension money spent in an ordinary account is refused too.
    assert pension.buy(fund.code, "100.00", financialAccountId=pension.trader.fa.id,
                       status=400)["code"] == 71124  # fmt: skip
    assert session.scalar(select(func.count()).select_from(TradeOrder)) == 1

    # Settled on Tuesday at Monday's NAV 1.2500: 2 000 / 1.25 = 1 600.00 shares; valued at
    # Tuesday's 1.2600 → 2 016.00, holding profit 16.00.
    freeze("2026-11-24 20:00")
    settle_day(session, day=MON)
    settle_day(session, day=MON.replace(day=24))
    home = pension.account()
    assert home["holdings"][0]["shares"] == "1600.00"
    # 总资产 is what the pension account holds here; the 3 000.00 left in the fund account is
    # at the bank (资金账户余额, beside it): docs/pension.md#the-figures.
    assert (home["holdingAsset"], home["holdingProfit"], home["totalAsset"]) == (
        "2016.00",
        "16.00",
        "2016.00",
    )
    assert home["balance"] == "3000.00"


def test_the_pension_total_is_the_accounts_total_without_the_bank_balance(
    pension: Pension, session: Session
) -> None:
    """docs/pension.md#the-figures, by hand: 5 000.00 contributed; Monday 2 000.00 bought at
    Monday's NAV 1.2500 → 1 600.00 shares, valued at Tuesday's 1.2600 → 2 016.00; Tuesday
    500.00 more, awaiting confirmation until Wednesday. 总资产 = 2 016.00 + 500.00 = 2 516.00,
    as getAccountAsset gives the pension financial account; the fund account's balance
    5 000.00 − 2 000.00 − 500.00 = 2 500.00 stays out of it (at the bank, 资金账户余额)."""
    fund = make_pension_fund(session)
    pension.bind()
    pension.contribute("5000.00")
    pension.buy(fund.code, "2000.00")
    freeze("2026-11-24 10:00")
    pension.buy(fund.code, "500.00")
    freeze("2026-11-24 20:00")
    settle_day(session, day=MON)
    settle_day(session, day=MON.replace(day=24))
    home = pension.account()
    figures = ("holdingAsset", "pendingAmount", "totalAsset", "balance")
    assert [home[k] for k in figures] == ["2016.00", "500.00", "2516.00", "2500.00"]
    account = pension.get(
        "/account/getAccountAsset", financialAccountId=home["financialAccountId"]
    )["data"]
    assert [account[k] for k in figures[:3]] == ["2016.00", "500.00", "2516.00"]
    assert (home["holdingProfit"], home["accumulatedProfit"]) == (
        account["holdingProfit"],
        account["accumulatedProfit"],
    )


def test_a_cancelled_pension_purchase_gives_the_money_back(pension: Pension, session) -> None:
    fund = make_pension_fund(session)
    pension.bind()
    pension.contribute("1000.00")
    order = pension.buy(fund.code, "600.00")["data"]
    assert pension.account()["balance"] == "400.00"
    pension.post(
        "/trade/cancelFundOrder",
        {"brokerOrderNo": order["brokerOrderNo"], "tradePassword": PASSWORD},
    )
    assert pension.account()["balance"] == "1000.00"


def test_redemptions_return_to_the_pension_account_only(pension: Pension, session) -> None:
    fund = make_pension_fund(session)
    pension.bind()
    pension.contribute("2500.00")
    pension.buy(fund.code, "2500.00")
    freeze("2026-11-24 20:00")
    settle_day(session, day=MON.replace(day=24))
    fa = pension.account()["financialAccountId"]
    freeze("2026-11-25 10:00")
    body = {
        "financialAccountId": fa,
        "fundCode": fund.code,
        "shares": "1000.00",
        "tradePassword": PASSWORD,
    }
    for to in ("card", "wallet"):
        refused = pension.post(
            "/trade/redeemFundByFundCode",
            {**body, "redeemTo": to, "tradeUUID": pension.uuid()},
            status=400,
        )
        assert refused["code"] == 71123 and "退休" in refused["msg"]
    pension.post(
        "/trade/redeemFundByFundCode",
        {**body, "redeemTo": "pension", "tradeUUID": pension.uuid()},
    )
    assert pension.account()["balance"] == "0.00"
    # Priced at Wednesday's NAV 1.2700, confirmed Thursday: 1 000 × 1.27 = 1 270.00, less the
    # 1.5 % fee of shares held under 7 days (19.05) → 1 250.95 back in the account.
    from tests.factories import add_navs

    add_navs(session, fund, {MON.replace(day=25): "1.2700", MON.replace(day=26): "1.2700"})
    freeze("2026-11-26 20:00")
    settle_day(session, day=MON.replace(day=25))
    settle_day(session, day=MON.replace(day=26))
    assert pension.account()["balance"] == "1250.95"
