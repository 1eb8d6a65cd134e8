"""The shelf's calls (docs/shelf.md): all payment methods, product status, the account list,
the document-link allow-list and the transfer-centre jump."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from opentamp.models.accounts import Account
from opentamp.models.platform import Broker
from opentamp.models.products import FundNav
from tests.assets.conftest import World
from tests.assets.factories import make_holding, make_order
from tests.factories import login, make_account, make_fund, make_payment_method

D = Decimal


def _get(client: TestClient, api: str, headers: dict[str, str], path: str, **params: object):
    return client.get(api + path, params=params, headers=headers)


def _broker(session: Session, world: World) -> Broker:
    broker = session.get(Broker, world.user.broker_id)
    assert broker is not None
    return broker


def test_all_payment_methods(client: TestClient, api: str, world: World, session: Session) -> None:
    account = session.query(Account).filter_by(broker_user_id=world.user.id).one()
    card = make_payment_method(session, account=account, bank_no="002", card_tail="6789")
    _broker(session, world).wallet_name = "活期宝"
    res = _get(client, api, world.headers, "/account/getAllPaymentMethods", capitalMode="ALL")
    assert res.status_code == 200, res.text
    data = res.json()["data"]
    assert data["capitalMode"] == "ALL"
    assert [m["paymentMethodId"] for m in data["paymentMethods"]] == [card.id]
    wallets = {w["financialAccountId"]: w for w in data["walletPaymentMethods"]}
    # fa holds 300.00 wallet shares; fa2 has no wallet yet
    assert wallets[world.fa.id]["walletShares"] == "300.00"
    assert wallets[world.fa2.id]["walletShares"] == "0.00"
    assert wallets[world.fa.id]["isWallet"] is True
    # the card by its show name, as the buy, sell and order screens name a paying card
    assert wallets[world.fa.id]["walletNameWithBankCard"] == "活期宝（工商银行(6789)）"
    assert data["tdPaymentMethods"] == []
    assert data["walletShares"] == "300.00"
    one = _get(
        client, api, world.headers, "/account/getAllPaymentMethods", financialAccountId=world.fa2.id
    ).json()["data"]
    assert one["walletShares"] == "0.00"


def test_wallet_names_the_card_that_pays_not_the_first_bound(
    client: TestClient, api: str, world: World, session: Session
) -> None:
    """walletNameWithBankCard names the card a payment uses (payments' paying_card: the first
    signed card, as the trade screens start from), not the first the user bound."""
    account = session.query(Account).filter_by(broker_user_id=world.user.id).one()
    make_payment_method(session, account=account, bank_no="002", card_tail="6789", is_signed=False)
    make_payment_method(session, account=account, bank_no="007", card_tail="4321", is_signed=True)
    _broker(session, world).wallet_name = "活期宝"
    data = _get(client, api, world.headers, "/account/getAllPaymentMethods").json()["data"]
    names = {w["walletNameWithBankCard"] for w in data["walletPaymentMethods"]}
    assert names == {"活期宝（招商银行(4321)）"}


def test_another_users_account_is_404(
    client: TestClient, api: str, world: World, session: Session
) -> None:
    other = make_account(session)
    headers = login(session, session.get(type(world.user), other.broker_user_id))
    res = _get(
        client, api, headers, "/account/getAllPaymentMethods", financialAccountId=world.fa.id
    )
    assert res.status_code == 404


def test_product_status(client: TestClient, api: str, world: World) -> None:
    res = _get(client, api, world.headers, "/tamp/getBrokerUserProductStatus")
    assert res.status_code == 200, res.text
    data = res.json()["data"]
    assert data["hasAccount"] is True and data["hasWallet"] is True
    kinds = {p["productType"]: p for p in data["products"]}
    assert kinds["wallet"]["status"] == "HOLDING" and kinds["wallet"]["holdingAsset"] == "300.00"
    assert kinds["poFund"]["status"] == "HOLDING"
    assert kinds["signal"]["status"] == "NONE" and kinds["signal"]["productCount"] == 0
    assert kinds["pension"]["status"] == "NONE"


def test_account_asset_list(client: TestClient, api: str, world: World) -> None:
    res = _get(client, api, world.headers, "/account/getAccountAssetList")
    assert res.status_code == 200, res.text
    items = {i["financialAccountId"]: i for i in res.json()["data"]}
    assert set(items) == {world.fa.id, world.fa2.id}
    # fa's figures (tests/assets/conftest.py): 4395.00 held, 3600.00 waiting
    assert items[world.fa.id]["holdingAsset"] == "4395.00"
    assert Decimal(items[world.fa.id]["totalAsset"]) == Decimal("4395.00") + Decimal("3600.00")
    assert items[world.fa2.id]["financialAccountName"] == "第二账户"


@pytest.mark.parametrize(
    "url",
    [
        "https://evil.example/phish",
        "http://www.csrc.gov.cn/doc.pdf",  # allowed host, but not https
        "javascript:alert(1)",
        "//evil.example/x",
        "https://user:pw@www.csrc.gov.cn/doc.pdf",
        "https://www.csrc.gov.cn.evil.example/doc.pdf",
        "",
    ],
)
def test_document_link_refuses_other_addresses(
    client: TestClient, api: str, world: World, session: Session, url: str
) -> None:
    broker = _broker(session, world)
    broker.document_hosts = ["www.csrc.gov.cn"]
    res = client.get(api + "/noauth/utils/documentLink", params={"url": url, "brokerId": broker.id})
    assert res.status_code == 400
    assert res.json()["code"] in (72302, 40001)
    if url:
        assert res.json()["code"] == 72302 and res.json()["msg"] == "该链接不在允许打开的范围内"


def test_document_link_allows_the_brokers_hosts_and_this_site(
    client: TestClient, api: str, world: World, session: Session
) -> None:
    broker = _broker(session, world)
    broker.document_hosts = ["www.csrc.gov.cn"]
    ok = client.get(
        api + "/noauth/utils/documentLink",
        params={"url": "https://www.csrc.gov.cn/doc.pdf", "title": "公告", "brokerId": broker.id},
    )
    assert ok.status_code == 200, ok.text
    assert ok.json()["data"] == {
        "url": "https://www.csrc.gov.cn/doc.pdf",
        "title": "公告",
        "host": "www.csrc.gov.cn",
    }
    own = client.get(api + "/noauth/utils/documentLink", params={"url": "http://testserver/a.pdf"})
    assert own.status_code == 200
    # another broker's allow-list does not count
    refused = client.get(
        api + "/noauth/utils/documentLink", params={"url": "https://www.csrc.gov.cn/doc.pdf"}
    )
    assert refused.status_code == 400


def test_transfer_center(client: TestClient, api: str, world: World, session: Session) -> None:
    broker = _broker(session, world)
    res = _get(client, api, world.headers, "/customer/transferCenter", reportId="R1")
    assert res.status_code == 400 and res.json()["code"] == 72303
    broker.transfer_center_url = "https://transfer.partner.example/center"
    broker.frame_ancestors = ["https://app.partner.example"]
    data = _get(client, api, world.headers, "/customer/transferCenter", reportId="R1").json()[
        "data"
    ]
    assert data["knownOrigin"] is False
    assert data["url"].startswith(
        "https://transfer.partner.example/center?scene=tampReport&ticket="
    )
    assert data["url"].endswith("&reportId=R1")
    known = _get(
        client,
        api,
        world.headers,
        "/customer/transferCenter",
        origin="https://app.partner.example",
    ).json()["data"]
    assert known["knownOrigin"] is True
    assert known["url"].startswith("https://app.partner.example/customer/transferCenter?")
    assert "token" not in known["url"].split("?")[1].split("=")[0]


def test_the_fof_shelf_and_records(
    client: TestClient, api: str, world: World, session: Session
) -> None:
    make_fund(session, code="009901", fund_type=3, name="测试稳健一年持有期混合型基金中基金(FOF)")
    session.add(
        FundNav(
            fund_code="009901", nav_date=date(2025, 11, 19), nav=D("1.0000"), acc_nav=D("1.0000")
        )
    )
    session.add(
        FundNav(
            fund_code="009901", nav_date=date(2026, 11, 20), nav=D("1.0500"), acc_nav=D("1.0800")
        )
    )
    make_holding(session, fa=world.fa, fund_code="009901", shares="100.00")
    bought = make_order(
        session,
        fa=world.fa,
        order_code="022",
        confirm_status="2",
        trade_amount="105.00",
        fund_code="009901",
    )
    # Paid from the wallet and by a 定投 (W04, W11), failed at payment: listed all the same,
    # with what the client words their kind and status from; a portfolio's fund order is not
    # the user's own order of the FOF.
    by_wallet = make_order(
        session,
        fa=world.fa,
        order_code="W04",
        confirm_status="0",
        trade_amount="20.00",
        fund_code="009901",
        day=date(2026, 11, 21),
    )
    by_plan = make_order(
        session,
        fa=world.fa,
        order_code="W11",
        confirm_status="1",
        pay_status="1",
        trade_amount="30.00",
        fund_code="009901",
        day=date(2026, 11, 22),
    )
    parent = make_order(
        session, fa=world.fa, order_code="P02", confirm_status="P2", portfolio_code="ZH000001"
    )
    make_order(
        session,
        fa=world.fa,
        order_code="022",
        confirm_status="2",
        trade_amount="40.00",
        fund_code="009901",
        parent=parent,
    )
    make_order(
        session,
        fa=world.fa,
        order_code="022",
        confirm_status="0",
        trade_amount="50.00",
        fund_code="000101",
    )
    shelf = _get(client, api, world.headers, "/shelf/dsfof/list").json()["data"]
    mine = [f for f in shelf if f["fundCode"] == "009901"]
    assert mine and all("FOF" in f["fundName"] or "基金中基金" in f["fundName"] for f in shelf)
    assert mine[0]["nav"] == "1.0500" and mine[0]["oneYearReturn"] == "0.0800"
    assert mine[0]["heldShares"] == "100.00"
    records = _get(client, api, world.headers, "/shelf/dsfof/records").json()["data"]
    assert [
        (r["brokerOrderNo"], r["orderCode"], r["confirmStatus"], r["payStatus"], r["productName"])
        for r in records
    ] == [
        (by_plan.broker_order_no, "W11", "1", "1", "测试稳健一年持有期混合型基金中基金(FOF)"),
        (by_wallet.broker_order_no, "W04", "0", "2", "测试稳健一年持有期混合型基金中基金(FOF)"),
        (bought.broker_order_no, "022", "2", "2", "测试稳健一年持有期混合型基金中基金(FOF)"),
    ]
    res = _get(client, api, world.headers, "/shelf/dsfof/records", productCode="000101")
    assert res.status_code == 404
