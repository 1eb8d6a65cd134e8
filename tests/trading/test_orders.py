"""The order reads (docs/trading.md "Orders"): getAllOrders, uniteOrder/list, getOrderDetail."""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal

from sqlalchemy.orm import Session

from opentamp.kit.clock import BEIJING, frozen
from tests.factories import make_fund, make_portfolio
from tests.trading.conftest import PASSWORD, Api

D = Decimal


def test_pages_newest_first_with_children_under_their_parent(session: Session, me: Api) -> None:
    fund = make_fund(session)
    a, b = make_fund(session), make_fund(session)
    po = make_portfolio(session, components=[(a, D("0.5")), (b, D("0.5"))])
    start = datetime(2026, 11, 24, 9, 0, tzinfo=BEIJING)
    numbers = []
    for i in range(11):
        with frozen(start + timedelta(minutes=i)):
            numbers.append(me.buy_fund(fund.code, f"{100 + i}.00")["data"]["brokerOrderNo"])
    with frozen(start + timedelta(minutes=30)):
        parent = me.post(
            "/trade/buyPo",
            {
                "financialAccountId": me.trader.fa.id,
                "poCode": po.code,
                "amount": "1000.00",
                "paymentMethodId": me.trader.card.id,
                "tradePassword": PASSWORD,
                "tradeUUID": "po-list",
            },
        )["data"]
        first = me.get("/trade/getAllOrders", accountId=me.trader.account.id)["data"]
        second = me.get("/trade/getAllOrders", page=2, size=10)["data"]
        unite = me.get("/uniteOrder/list")["data"]
        only_po = me.get("/trade/getAllOrders", productCode=po.code)["data"]
        sells = me.get("/trade/getAllOrders", type="sell")["data"]
        waiting = me.get("/trade/getAllOrders", type="ing", size=5)["data"]
        detail = me.get("/trade/getOrderDetail", brokerOrderNo=parent["brokerOrderNo"])["data"]
    # 11 fund orders and one portfolio parent: 12, its two children not listed on their own.
    assert (first["total"], first["page"], first["size"], first["hasMore"]) == (12, 1, 10, True)
    assert [o["brokerOrderNo"] for o in first["content"]] == [
        parent["brokerOrderNo"],
        *reversed(numbers[2:]),
    ]
    assert len(first["content"][0]["children"]) == 2
    assert [o["brokerOrderNo"] for o in second["content"]] == [numbers[1], numbers[0]]
    assert second["hasMore"] is False
    assert unite == first
    assert [o["orderCode"] for o in only_po["content"]] == ["P02"]
    assert sells["total"] == 0 and sells["content"] == []
    assert (waiting["total"], len(waiting["content"])) == (12, 5)
    assert detail == parent | {"canCancel": True}
    assert [c["poOrderCode"] for c in detail["children"]] == ["P02", "P02"]
    assert [c["fundOrderCode"] for c in detail["children"]] == ["022", "022"]


def test_an_unknown_order_and_bad_paging(session: Session, me: Api) -> None:
    assert me.get("/trade/getOrderDetail", brokerOrderNo="nope", status=404)["code"] == 40400
    assert me.get("/trade/getAllOrders", page=0, status=400)["code"] == 40001
    assert me.get("/trade/getAllOrders", type="other", status=400)["code"] == 40001


def test_dividend_method(session: Session, me: Api) -> None:
    from datetime import date

    from tests.trading.conftest import make_holding

    fund = make_fund(session)
    make_holding(session, trader=me.trader, fund=fund, lots=[(date(2026, 1, 5), "10.00")])
    body = {"financialAccountId": me.trader.fa.id, "fundCode": fund.code, "method": "reinvest"}
    assert me.post("/trade/setFundDividendMethod", body)["data"] == {
        "fundCode": fund.code,
        "method": "reinvest",
    }
    other = make_fund(session)
    res = me.post("/trade/setFundDividendMethod", body | {"fundCode": other.code}, status=400)
    assert res["code"] == 60014


def test_orders_narrowed_to_one_business_code_with_profit_dates(session: Session, me: Api) -> None:
    """``orderCode`` narrows the feed (dividendDetail asks for 143, rebalanceRecord for P04);
    a purchase carries the day its profit first shows, the trading day after confirmation."""
    fund = make_fund(session)
    with frozen(datetime(2026, 11, 24, 9, 0, tzinfo=BEIJING)):  # a Tuesday: T 24, confirm 25
        order = me.buy_fund(fund.code, "100.00")["data"]
        buys = me.get("/trade/getAllOrders", orderCode="022")["data"]
        dividends = me.get("/trade/getAllOrders", orderCode="143")["data"]
        sells_022 = me.get("/trade/getAllOrders", type="sell", orderCode="022")["data"]
    assert (order["tradeDate"], order["confirmDate"], order["profitDate"]) == (
        "2026-11-24",
        "2026-11-25",
        "2026-11-26",
    )
    assert [o["brokerOrderNo"] for o in buys["content"]] == [order["brokerOrderNo"]]
    assert dividends["total"] == 0 and sells_022["total"] == 0


def test_a_wallet_recharge_carries_the_day_its_income_first_shows(
    session: Session,
    me: Api,
    wallet_fund,  # type: ignore[no-untyped-def]
) -> None:
    """The recharge screen promises 查看收益日期 (getTradeDate's profitDate): the recharge's
    order carries the same day, the trading day after its confirmation, for its 查看收益 step."""
    with frozen(datetime(2026, 11, 24, 9, 0, tzinfo=BEIJING)):  # a Tuesday: T 24, confirm 25
        promised = me.get("/trade/getTradeDate", productCode=wallet_fund.code)["data"]
        order = me.post(
            "/trade/rechargeWallet",
            {
                "financialAccountId": me.trader.fa.id,
                "amount": "1000.00",
                "paymentMethodId": me.trader.card.id,
                "tradePassword": PASSWORD,
                "tradeUUID": me.uuid(),
            },
        )["data"]
        listed = me.get("/trade/getAllOrders", orderCode="W01")["data"]["content"]
    assert (order["orderCode"], order["confirmDate"], order["profitDate"]) == (
        "W01",
        "2026-11-25",
        "2026-11-26",
    )
    assert promised["profitDate"] == order["profitDate"] == listed[0]["profitDate"]
