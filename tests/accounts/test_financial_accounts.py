"""Financial accounts (docs/product.md#screens-and-routes, docs/product.md#entities,
docs/product.md#validation): the broker's maximum with its exact dialog text, names, hiding, and
each account's figures as sums of its holdings (docs/rules.md#profit)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from opentamp.models.accounts import Account, FinancialAccount
from opentamp.models.holdings import Holding
from tests.assets.factories import make_order
from tests.factories import (
    login,
    make_account,
    make_broker,
    make_financial_account,
    make_fund,
    make_user,
)


def _holding(
    session: Session,
    fa: FinancialAccount,
    account: Account,
    *,
    shares: str,
    value: str,
    profit: str,
    acc: str,
    prev: str,
    day: date | None,
) -> None:
    fund = make_fund(session)
    session.add(
        Holding(
            broker_user_id=account.broker_user_id,
            account_id=account.id,
            financial_account_id=fa.id,
            fund_code=fund.code,
            shares=Decimal(shares),
            market_value=Decimal(value),
            holding_profit=Decimal(profit),
            accumulated_profit=Decimal(acc),
            previous_profit=Decimal(prev),
            profit_date=day,
        )
    )
    session.flush()


def test_the_list_sums_holdings(client: TestClient, api: str, session: Session) -> None:
    user = make_user(session)
    account = make_account(session, user=user)
    [default] = [fa for fa in session.query(FinancialAccount).filter_by(account_id=account.id)]
    saving = make_financial_account(session, account=account, name="养老钱", sort_order=1)
    hidden = make_financial_account(
        session, account=account, name="小金库", is_hidden=True, sort_order=2
    )
    d1, d0 = date(2026, 11, 20), date(2026, 11, 19)
    _holding(session, saving, account, shares="1000.00", value="1234.50", profit="34.50",
             acc="40.10", prev="3.20", day=d1)  # fmt: skip
    _holding(session, saving, account, shares="500.00", value="615.25", profit="-9.75",
             acc="-12.00", prev="-1.05", day=d1)  # fmt: skip
    # Not yet valued for d1: its yesterday's profit is left out and the account is 更新中.
    _holding(session, saving, account, shares="100.00", value="100.00", profit="0.00",
             acc="1.00", prev="0.50", day=d0)  # fmt: skip
    # Cleared: no shares, its accumulated profit stays.
    _holding(session, hidden, account, shares="0.00", value="0.00", profit="0.00",
             acc="88.88", prev="0.00", day=d0)  # fmt: skip
    # Money awaiting confirmation counts in an account's 总资产, as in 我的's; a purchase whose
    # payment failed does not.
    fund = make_fund(session).code
    make_order(session, fa=default, order_code="022", confirm_status="0", trade_amount="1000.00",
               fund_code=fund)  # fmt: skip
    make_order(session, fa=saving, order_code="022", confirm_status="0", trade_amount="50.00",
               fund_code=fund)  # fmt: skip
    make_order(session, fa=saving, order_code="022", confirm_status="0", trade_amount="70.00",
               fund_code=fund, pay_status="1")  # fmt: skip
    res = client.get(
        f"{api}/account/getFinancialAccountList",
        params={"needAsset": "true", "brokerUserId": user.id, "accountId": account.id},
        headers=login(session, user),
    ).json()["data"]
    by_id = {a["financialAccountId"]: a for a in res["financialAccountList"]}
    s = by_id[saving.id]
    # 1234.50 + 615.25 + 100.00 = 1949.75; 34.50 − 9.75 + 0 = 24.75; 40.10 − 12 + 1 = 29.10;
    # 3.20 − 1.05 = 2.15 (the d0 holding's 0.50 is left out).
    assert (s["holdingAsset"], s["holdingProfit"], s["accumulatedProfit"], s["previousProfit"]) == (
        "1949.75",
        "24.75",
        "29.10",
        "2.15",
    )
    assert (s["updateDate"], s["profitProgress"]) == ("2026-11-20", "UPDATING")
    assert [by_id[fa.id]["totalAsset"] for fa in (default, saving, hidden)] == [
        "1000.00",
        "1999.75",
        "0.00",
    ]
    h = by_id[hidden.id]
    assert (h["holdingAsset"], h["accumulatedProfit"], h["profitProgress"]) == (
        "0.00",
        "88.88",
        "DONE",
    )
    assert by_id[default.id]["holdingAsset"] == "0.00" and by_id[default.id]["updateDate"] is None
    assert [a["financialAccountId"] for a in res["visibleAccountList"]] == [default.id, saving.id]
    assert [a["financialAccountId"] for a in res["hiddenAccountList"]] == [hidden.id]
    assert res["hasFinancialAccount"] is True
    assert res["realFinancialAccountCount"] == 3
    plain = client.get(
        f"{api}/account/getFinancialAccountList", headers=login(session, user)
    ).json()["data"]
    assert plain["financialAccountList"][0]["holdingAsset"] is None
    assert plain["financialAccountList"][0]["totalAsset"] is None


def test_the_broker_maximum_with_the_exact_dialog_text(
    client: TestClient, api: str, session: Session
) -> None:
    broker = make_broker(session, max_real_financial_accounts=3)
    user = make_user(session, broker=broker)
    account = make_account(session, user=user)  # 默认账户: 1
    make_financial_account(session, account=account, name="养老", type="pension")  # not real
    headers = login(session, user)
    for name in ("教育金", "旅行"):
        res = client.post(
            f"{api}/account/createFinancialAccount",
            json={"financialAccountName": name},
            headers=headers,
        )
        assert res.json()["code"] == 0
    res = client.post(
        f"{api}/account/createFinancialAccount",
        json={"financialAccountName": "第四个"},
        headers=headers,
    )
    assert res.status_code == 400
    assert res.json()["msg"] == (
        "最多支持创建3个理财账户，你当前已经持有3个账户，无法继续创建新的账户。"
    )


def test_names_rename_and_hide(client: TestClient, api: str, session: Session) -> None:
    user = make_user(session)
    account = make_account(session, user=user)
    headers = login(session, user)
    created = client.post(
        f"{api}/account/createFinancialAccount",
        json={"financialAccountName": " 教育金 "},
        headers=headers,
    ).json()["data"]
    assert created["financialAccountName"] == "教育金" and created["realFinancialAccount"] is True
    dup = client.post(
        f"{api}/account/createFinancialAccount",
        json={"financialAccountName": "教育金"},
        headers=headers,
    )
    assert dup.json()["msg"] == "已有同名的理财账户，请换一个名称"
    long = client.post(
        f"{api}/account/createFinancialAccount",
        json={"financialAccountName": "一二三四五六七八九十一"},
        headers=headers,
    )
    assert long.json()["msg"] == "账户名称为1-10个字符"
    fa_id = created["financialAccountId"]
    renamed = client.put(
        f"{api}/account/updateFinancialAccount",
        json={"financialAccountId": fa_id, "financialAccountName": "子女教育"},
        headers=headers,
    ).json()["data"]
    assert renamed["financialAccountName"] == "子女教育"
    default = session.query(FinancialAccount).filter_by(account_id=account.id, type="default").one()
    res = client.post(
        f"{api}/account/batchUpdateFinancialAccountHiddenStatus",
        json={
            "financialAccountList": [
                {"financialAccountId": fa_id, "isHidden": True},
                {"financialAccountId": default.id, "isHidden": True},
            ]
        },
        headers=headers,
    )
    assert res.json()["msg"] == "默认账户不可隐藏"
    session.refresh(session.get(FinancialAccount, fa_id))
    assert session.get(FinancialAccount, fa_id).is_hidden is False  # all or nothing
    client.post(
        f"{api}/account/batchUpdateFinancialAccountHiddenStatus",
        json={"financialAccountList": [{"financialAccountId": fa_id, "isHidden": True}]},
        headers=headers,
    )
    listed = client.get(f"{api}/account/getFinancialAccountList", headers=headers).json()["data"]
    assert [a["financialAccountId"] for a in listed["hiddenAccountList"]] == [fa_id]


def test_settings_round_trip(client: TestClient, api: str, session: Session) -> None:
    user = make_user(session)
    headers = login(session, user)
    first = client.get(f"{api}/account/setting", headers=headers).json()["data"]
    assert first["hideAmounts"] is False and first["personalizedRecommend"] is True
    changed = client.post(
        f"{api}/account/setting",
        json={"hideAmounts": True, "personalizedRecommend": False},
        headers=headers,
    ).json()["data"]
    assert changed["hideAmounts"] is True and changed["personalizedRecommend"] is False
    assert changed["tradeNotify"] is True
    assert client.get(f"{api}/account/setting", headers=headers).json()["data"] == changed
