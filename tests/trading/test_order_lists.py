"""The order lists beside the unified feed, the wallet's reads and the buy verify code
(opentamp/trading/order_lists.py), over orders made by hand."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime, timedelta
from decimal import Decimal
from itertools import count

from sqlalchemy.orm import Session

from opentamp.kit.clock import BEIJING, frozen
from opentamp.models.orders import TradeOrder
from opentamp.models.platform import Broker
from opentamp.models.products import Fund, FundNav
from tests.factories import make_financial_account, make_fund, make_portfolio
from tests.sms import SmsRecorder
from tests.trading.conftest import Api, Trader, make_holding, make_trader, make_wallet_fund

D = Decimal
START = datetime(2026, 11, 24, 9, 0, tzinfo=BEIJING)
_numbers = count(1)


def order(
    session: Session,
    trader: Trader,
    code: str,
    *,
    minute: int,
    status: str = "0",
    fund_code: str = "",
    portfolio_code: str = "",
    pay_method: str = "",
    amount: str = "100.00",
    parent: TradeOrder | None = None,
    fa_id: int | None = None,
) -> TradeOrder:
    """An order applied ``minute`` minutes after START (later = newer)."""
    row = TradeOrder(
        broker_order_no=f"HB{next(_numbers):012d}",
        broker_user_id=trader.user.id,
        account_id=trader.account.id,
        financial_account_id=fa_id or trader.fa.id,
        parent_id=parent.id if parent else None,
        order_code=code,
        fund_code=fund_code,
        portfolio_code=portfolio_code,
        confirm_status=status,
        pay_method=pay_method,
        trade_amount=D(amount),
        apply_time=START + timedelta(minutes=minute),
        trade_date=date(2026, 11, 24),
        confirm_date=date(2026, 11, 25),
    )
    session.add(row)
    session.flush()
    return row


def numbers(page: dict) -> list[str]:
    return [o["brokerOrderNo"] for o in page["content"]]


# -- /uniteOrder/walletOrders ---------------------------------------------------------------------


def _wallet_world(session: Session, trader: Trader) -> dict[str, TradeOrder]:
    wallet, fund = make_wallet_fund(session).code, make_fund(session)
    a, b = make_fund(session), make_fund(session)
    po = make_portfolio(session, components=[(a, D("0.5")), (b, D("0.5"))])
    o = {
        "w01": order(session, trader, "W01", minute=1, status="W2", fund_code=wallet),
        "w02": order(session, trader, "W02", minute=2, status="W0", fund_code=wallet),
        "w03": order(session, trader, "W03", minute=3, status="W2", fund_code=wallet),
        "w04": order(session, trader, "W04", minute=4, status="W0", fund_code=fund.code),
        "w11": order(session, trader, "W11", minute=5, status="W9", fund_code=fund.code),
        "p02w": order(
            session,
            trader,
            "P02",
            minute=6,
            status="P0",
            portfolio_code=po.code,
            pay_method="wallet",
        ),  # fmt: skip
        "p02c": order(
            session,
            trader,
            "P02",
            minute=7,
            status="P0",
            portfolio_code=po.code,
            pay_method="card",
        ),  # fmt: skip
        "f022": order(session, trader, "022", minute=8, fund_code=fund.code, pay_method="card"),
        "d143": order(session, trader, "143", minute=9, status="2", fund_code=fund.code),
    }
    for i, component in enumerate((a, b)):
        order(
            session, trader, "W04", minute=6, status="W0", fund_code=component.code,
            portfolio_code=po.code, parent=o["p02w"], amount=f"{50 + i}.00",
        )  # fmt: skip
    return o


def test_wallet_orders_pages_and_types(session: Session, me: Api) -> None:
    o = _wallet_world(session, me.trader)
    first = me.get("/uniteOrder/walletOrders", size=4)["data"]
    second = me.get("/uniteOrder/walletOrders", size=4, page=2)["data"]
    # W01 W02 W03 W04 W11 and the wallet-paid P02: 6 (not the card P02, the 022, the 143, nor
    # the P02's two W04 children on their own); newest first, 4 + 2.
    assert (first["total"], first["page"], first["size"], first["hasMore"]) == (6, 1, 4, True)
    no = {k: v.broker_order_no for k, v in o.items()}
    assert numbers(first) == [no["p02w"], no["w11"], no["w04"], no["w03"]]
    assert numbers(second) == [no["w02"], no["w01"]] and second["hasMore"] is False
    assert len(first["content"][0]["children"]) == 2
    assert first["content"][0]["payType"] == "wallet"
    recharge = me.get("/uniteOrder/walletOrders", type="recharge")["data"]
    withdraw = me.get("/uniteOrder/walletOrders", type="withdraw")["data"]
    buy = me.get("/uniteOrder/walletOrders", type="buy")["data"]
    assert numbers(recharge) == [no["w01"]]
    assert numbers(withdraw) == [no["w03"], no["w02"]]
    assert numbers(buy) == [no["p02w"], no["w11"], no["w04"]]
    # 进行中 = W0 and P0; 已撤单 = W9; 成功 = W2.
    ing = me.get("/uniteOrder/walletOrders", orderStatus="ing")["data"]
    assert numbers(ing) == [no["p02w"], no["w04"], no["w02"]]
    assert numbers(me.get("/uniteOrder/walletOrders", orderStatus="cancelled")["data"]) == [
        no["w11"]
    ]
    assert numbers(me.get("/uniteOrder/walletOrders", orderStatus="success")["data"]) == [
        no["w03"],
        no["w01"],
    ]


def test_wallet_orders_by_account_empty_and_foreign(
    session: Session, me: Api, api_of: Callable[[Trader], Api]
) -> None:
    _wallet_world(session, me.trader)
    other_fa = make_financial_account(session, account=me.trader.account, name="另一个账户")
    mine = order(session, me.trader, "W01", minute=20, status="W0", fund_code="000509",
                 fa_id=other_fa.id)  # fmt: skip
    only = me.get("/uniteOrder/walletOrders", financialAccountId=other_fa.id)["data"]
    assert numbers(only) == [mine.broker_order_no] and only["total"] == 1
    stranger = api_of(make_trader(session))
    empty = stranger.get("/uniteOrder/walletOrders")["data"]
    assert empty == {"content": [], "page": 1, "size": 10, "total": 0, "hasMore": False}
    res = stranger.get("/uniteOrder/walletOrders", financialAccountId=me.trader.fa.id, status=404)
    assert res["code"] == 40400
    assert stranger.get("/uniteOrder/walletOrders", type="gift", status=400)["code"] == 40001
    assert stranger.get("/uniteOrder/walletOrders", page=0, status=400)["code"] == 40001


# -- dividends and rebalances --------------------------------------------------------------------


def test_dividends_list_143_and_029(session: Session, me: Api) -> None:
    a, b = make_fund(session), make_fund(session)
    d1 = order(session, me.trader, "143", minute=1, status="2", fund_code=a.code)
    d2 = order(session, me.trader, "143", minute=2, status="2", fund_code=b.code)
    m = order(session, me.trader, "029", minute=3, status="2", fund_code=a.code)
    order(session, me.trader, "022", minute=4, fund_code=a.code, pay_method="card")
    page = me.get("/uniteOrder/dividends")["data"]
    assert numbers(page) == [m.broker_order_no, d2.broker_order_no, d1.broker_order_no]
    assert page["content"][1]["productName"] == b.name
    only_a = me.get("/uniteOrder/dividends", productCode=a.code)["data"]
    assert numbers(only_a) == [m.broker_order_no, d1.broker_order_no]
    paged = me.get("/uniteOrder/dividends", size=2, page=2)["data"]
    assert (numbers(paged), paged["total"], paged["hasMore"]) == ([d1.broker_order_no], 3, False)


def test_rebalances_are_p04_parents_with_children(
    session: Session, me: Api, api_of: Callable[[Trader], Api]
) -> None:
    a, b = make_fund(session), make_fund(session)
    po = make_portfolio(session, components=[(a, D("0.6")), (b, D("0.4"))])
    old = order(session, me.trader, "P04", minute=1, status="P2", portfolio_code=po.code)
    new = order(session, me.trader, "P04", minute=5, status="P0", portfolio_code=po.code)
    sell = order(session, me.trader, "024", minute=5, fund_code=a.code,
                 portfolio_code=po.code, parent=new)  # fmt: skip
    buy = order(session, me.trader, "022", minute=5, fund_code=b.code,
                portfolio_code=po.code, parent=new)  # fmt: skip
    order(session, me.trader, "P02", minute=6, status="P0", portfolio_code=po.code)
    page = me.get("/uniteOrder/rebalances")["data"]
    assert numbers(page) == [new.broker_order_no, old.broker_order_no]
    assert page["content"][0]["productType"] == "PO"
    assert page["content"][0]["productName"] == po.name
    kids = page["content"][0]["children"]
    assert [k["brokerOrderNo"] for k in kids] == [sell.broker_order_no, buy.broker_order_no]
    assert page["content"][1]["children"] == []
    ing = me.get("/uniteOrder/rebalances", orderStatus="ing")["data"]
    assert numbers(ing) == [new.broker_order_no]
    stranger = api_of(make_trader(session))
    assert stranger.get("/uniteOrder/rebalances")["data"]["total"] == 0
    assert stranger.get("/uniteOrder/dividends")["data"]["content"] == []


# -- /uniteOrder/conditions ----------------------------------------------------------------------


def test_conditions(session: Session, me: Api, api_of: Callable[[Trader], Api]) -> None:
    o = _wallet_world(session, me.trader)
    broker = session.get(Broker, me.trader.user.broker_id)
    assert broker is not None
    data = me.get("/uniteOrder/conditions")["data"]
    assert [(t["value"], t["label"]) for t in data["types"]] == [
        ("all", "全部"),
        ("buy", "买入"),
        ("sell", "卖出"),
        ("recharge", "充值"),
        ("withdraw", "取现"),
        ("dividend", "分红"),
        ("rebalance", "调仓"),
    ]
    codes = {t["value"]: t["orderCodes"] for t in data["types"]}
    assert codes["all"] == [] and codes["recharge"] == ["W01"]
    assert codes["withdraw"] == ["W02", "W03"]
    assert codes["dividend"] == ["143", "029"] and codes["rebalance"] == ["P04"]
    statuses = {s["label"]: s["confirmStatuses"] for s in data["statuses"]}
    assert list(statuses) == ["进行中", "成功", "失败", "已撤单"]
    assert statuses["进行中"] == ["0", "4", "W0", "P0", "P1"]
    assert statuses["成功"] == ["2", "3", "W2", "P2", "P4"]
    assert statuses["失败"] == ["1", "W1", "P3"]
    assert statuses["已撤单"] == ["9", "W9", "P9"]
    # The wallet first (broker's wallet name), then the portfolio, then the one fund (the
    # P02 children's funds are not products of their own here).
    products = [(p["productCode"], p["productType"]) for p in data["products"]]
    po_code, fund_code = o["p02w"].portfolio_code, o["f022"].fund_code
    assert products == [("000509", "WALLET"), (po_code, "PO"), (fund_code, "FUND")]
    assert data["products"][0]["productName"] == broker.wallet_name
    stranger = api_of(make_trader(session))
    assert stranger.get("/uniteOrder/conditions")["data"]["products"] == []
    assert stranger.get(
        "/uniteOrder/conditions", financialAccountId=me.trader.fa.id, status=404
    )["code"] == 40400  # fmt: skip


# -- the super wallet's reads ---------------------------------------------------------------------


def test_super_wallet_orders_are_a_plain_list_from_page_0(
    session: Session, me: Api, api_of: Callable[[Trader], Api]
) -> None:
    o = _wallet_world(session, me.trader)
    no = {k: v.broker_order_no for k, v in o.items()}
    t = me.trader
    first = me.get(
        "/trade/getSuperWalletOrders", brokerUserId=t.user.id, accountId=t.account.id,
        page=0, size=4, needWholeOrder="false", orderDataType="noAdjust",
    )["data"]  # fmt: skip
    assert [x["brokerOrderNo"] for x in first] == [no["p02w"], no["w11"], no["w04"], no["w03"]]
    assert first[0]["children"] == []  # not the whole order
    rest = me.get("/trade/getSuperWalletOrders", page=1, size=4)["data"]
    assert [x["brokerOrderNo"] for x in rest] == [no["w02"], no["w01"]]
    assert me.get("/trade/getSuperWalletOrders", page=2, size=4)["data"] == []
    whole = me.get("/trade/getSuperWalletOrders", needWholeOrder="true")["data"]
    assert len(whole) == 6 and len(whole[0]["children"]) == 2
    stranger = api_of(make_trader(session))
    assert stranger.get("/trade/getSuperWalletOrders")["data"] == []
    for params in ({"accountId": t.account.id}, {"brokerUserId": t.user.id}):
        assert stranger.get("/trade/getSuperWalletOrders", status=404, **params)["code"] == 40400
    assert me.get("/trade/getSuperWalletOrders", page=-1, status=400)["code"] == 40001


def test_super_wallet_asset_and_shares(
    session: Session, me: Api, wallet_fund: Fund, api_of: Callable[[Trader], Api]
) -> None:
    t = me.trader
    day = date(2026, 11, 20)
    second_fa = make_financial_account(session, account=t.account, name="第二账户")
    h1 = make_holding(session, trader=t, fund=wallet_fund, lots=[(date(2026, 11, 2), "1000.00")])
    h2 = make_holding(
        session, trader=t, fund=wallet_fund, lots=[(date(2026, 11, 3), "500.50")], fa=second_fa
    )
    h1.frozen_shares = D("200.00")
    h1.accumulated_profit, h1.previous_profit, h1.profit_date = D("3.50"), D("0.12"), day
    h2.accumulated_profit, h2.previous_profit, h2.profit_date = D("1.20"), D("0.05"), day
    # An earlier day's change does not count as yesterday's.
    for d, income, y in ((date(2026, 11, 19), "0.5100", "0.02010"), (day, "0.5900", "0.02150")):
        session.add(FundNav(fund_code="000509", nav_date=d, nav=D("1.0000"), acc_nav=D("1.0000"),
                            income_per_10k=D(income), yield_7d=D(y)))  # fmt: skip
    session.flush()
    whole = me.get("/trade/superWallet/asset")["data"]
    # 1000.00 + 500.50 = 1500.50; profit 3.50 + 1.20 = 4.70, yesterday 0.12 + 0.05 = 0.17;
    # available 1500.50 − 200.00 = 1300.50; the latest row's yield 2.15 %.
    assert whole["holdingAsset"] == "1500.50"
    assert (whole["accumulatedProfit"], whole["previousProfit"]) == ("4.70", "0.17")
    assert (whole["shares"], whole["frozenShares"]) == ("1500.50", "200.00")
    assert whole["availableAmount"] == "1300.50"
    assert (whole["yield7d"], whole["incomePer10k"]) == ("0.0215", "0.5900")
    assert (whole["navDate"], whole["updateDate"]) == ("2026-11-20", "2026-11-20")
    assert whole["profitProgress"] == "DONE"
    one = me.get("/trade/superWallet/asset", financialAccountId=second_fa.id)["data"]
    assert (one["holdingAsset"], one["availableAmount"], one["previousProfit"]) == (
        "500.50",
        "500.50",
        "0.05",
    )
    shares = me.get("/trade/superWallet/shares")["data"]
    assert [(s["financialAccountId"], s["shares"], s["availableShares"]) for s in shares] == [
        (t.fa.id, "1000.00", "800.00"),
        (second_fa.id, "500.50", "500.50"),
    ]
    assert shares[0]["fundName"] == wallet_fund.name
    stranger = api_of(make_trader(session))
    empty = stranger.get("/trade/superWallet/asset")["data"]
    assert (empty["holdingAsset"], empty["availableAmount"], empty["yield7d"]) == (
        "0.00",
        "0.00",
        "0.0215",
    )
    assert stranger.get("/trade/superWallet/shares")["data"] == []
    for path in ("/trade/superWallet/asset", "/trade/superWallet/shares"):
        res = stranger.get(path, financialAccountId=t.fa.id, status=404)
        assert res["code"] == 40400


# -- the buy verify code --------------------------------------------------------------------------


def _sms_trader(session: Session, api_of: Callable[[Trader], Api]) -> Api:
    trader = make_trader(session)
    trader.account.trade_verify_method = "PASSWORD_SMS"
    session.flush()
    return api_of(trader)


def test_buy_verify_code_send_and_check(
    session: Session,
    sms: SmsRecorder,
    api_of: Callable[[Trader], Api],
) -> None:
    me = _sms_trader(session, api_of)
    phone = me.trader.account.phone
    with frozen(START):
        sent = me.post("/trade/buyVerifyCode/send", {"financialAccountId": me.trader.fa.id})
        assert sent["data"]["expiresIn"] == 300
        assert sent["data"]["phone"] == f"{phone[:3]}****{phone[-4:]}"
        assert sms.sent[-1][2] == "trade"
        code = sms.code(phone, "trade")
        wrong = "000000" if code != "000000" else "111111"
        bad = me.post("/trade/buyVerifyCode/check", {"code": wrong}, status=400)
        assert (bad["code"], bad["msg"]) == (50108, "验证码错误，还可尝试4次")
        good = me.post("/trade/buyVerifyCode/check", {"code": code})["data"]
        assert good["passed"] is True and good["ticket"] and good["expiresIn"] == 600
        # A code is spent once.
        again = me.post("/trade/buyVerifyCode/check", {"code": code}, status=400)
        assert again["code"] == 50110
        # One code a minute.
        assert me.post("/trade/buyVerifyCode/send", {}, status=429)["code"] == 42901


def test_buy_verify_code_expires_and_locks(
    session: Session,
    sms: SmsRecorder,
    api_of: Callable[[Trader], Api],
) -> None:
    me = _sms_trader(session, api_of)
    phone = me.trader.account.phone
    with frozen(START):
        me.post("/trade/buyVerifyCode/send", {})
    code = sms.code(phone, "trade")
    with frozen(START + timedelta(seconds=300)):  # 5 minutes: expired
        assert me.post("/trade/buyVerifyCode/check", {"code": code}, status=400)["code"] == 50110
    with frozen(START + timedelta(minutes=6)):
        me.post("/trade/buyVerifyCode/send", {})
        code = sms.code(phone, "trade")
        wrong = "000000" if code != "000000" else "111111"
        lefts = [
            me.post("/trade/buyVerifyCode/check", {"code": wrong}, status=400)["code"]
            for _ in range(5)
        ]
        assert lefts == [50108, 50108, 50108, 50108, 50109]
        # Locked: even the right code needs a new one now.
        assert me.post("/trade/buyVerifyCode/check", {"code": code}, status=400)["code"] == 50109


def test_buy_verify_code_only_for_password_sms_accounts(
    session: Session,
    me: Api,
    sms: SmsRecorder,
    api_of: Callable[[Trader], Api],
) -> None:
    res = me.post("/trade/buyVerifyCode/send", {}, status=400)
    assert (res["code"], res["msg"]) == (60101, "您的交易验证方式为仅交易密码，无需短信验证码")
    assert me.post("/trade/buyVerifyCode/check", {"code": "123456"}, status=400)["code"] == 60101
    assert sms.sent == []
    sms_user = _sms_trader(session, api_of)
    res = sms_user.post(
        "/trade/buyVerifyCode/send", {"financialAccountId": me.trader.fa.id}, status=404
    )
    assert res["code"] == 40400 and sms.sent == []
    assert sms_user.post("/trade/buyVerifyCode/check", {"code": ""}, status=400)["code"] == 40001
