"""Buying (docs/trading.md "Buying"): fund and portfolio purchases by card and from the wallet,
on a frozen clock, with the fees and dates worked out by hand."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from opentamp.kit.clock import BEIJING, frozen
from opentamp.models.auth import TradeRequest
from opentamp.models.catalogue import ProductShelf
from opentamp.models.holdings import HoldingLot
from opentamp.models.orders import OrderLot, TradeOrder
from opentamp.models.products import FundFeeTier
from opentamp.models.suitability import RiskConfirmation
from tests.factories import make_fund, make_portfolio
from tests.trading.conftest import (
    PASSWORD,
    Api,
    RecordingGateway,
    Trader,
    make_holding,
    make_trader,
)

D = Decimal


def at(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=BEIJING)


def orders_of(session: Session, trader: Trader) -> list[TradeOrder]:
    return list(
        session.scalars(
            select(TradeOrder)
            .where(TradeOrder.broker_user_id == trader.user.id)
            .order_by(TradeOrder.id)
        )
    )


def discounted_fund(session: Session, **fields: object):  # type: ignore[no-untyped-def]
    """Listed 1.5 %, sold at 一折 (discount 0.1): rate 0.0015."""
    return make_fund(session, purchase_rate=D("0.015"), purchase_discount=D("0.1"), **fields)


# -- fees and dates -----------------------------------------------------------------------------


def test_ten_thousand_on_a_tuesday_at_14_59(
    session: Session, me: Api, gateway: RecordingGateway
) -> None:
    fund = discounted_fund(session)
    with frozen(at("2026-11-24 14:59")):
        data = me.buy_fund(fund.code, "10000.00")["data"]
    assert data["orderCode"] == "022" and data["confirmStatus"] == "0" and data["payStatus"] == "2"
    assert data["productType"] == "FUND" and data["productCode"] == fund.code
    assert data["tradeAmount"] == "10000.00"
    assert (data["fee"], data["netAmount"], data["feeRate"]) == ("14.98", "9985.02", "0.0015")
    assert (data["tradeDate"], data["confirmDate"]) == ("2026-11-24", "2026-11-25")
    assert data["payType"] == "card" and data["cardTail"] == me.trader.card.card_tail
    assert data["bankName"] == "中国工商银行"
    # as 支付方式 shows it, the card as the payment methods list shows it (bankCardShowName)
    assert data["bankCardShowName"] == f"工商银行({me.trader.card.card_tail})"
    assert data["canCancel"] is True  # until 15:00 of T
    assert gateway.calls == [("charge", D("10000.00"), data["brokerOrderNo"])]
    (order,) = orders_of(session, me.trader)
    assert (order.fee, order.net_amount, order.fee_rate) == (D("14.98"), D("9985.02"), D("0.0015"))


def test_ten_thousand_on_a_tuesday_at_15_00_belongs_to_wednesday(session: Session, me: Api) -> None:
    fund = discounted_fund(session)
    with frozen(at("2026-11-24 15:00")):
        data = me.buy_fund(fund.code, "10000.00")["data"]
        assert data["canCancel"] is True
    assert (data["tradeDate"], data["confirmDate"]) == ("2026-11-25", "2026-11-26")


def test_friday_evening_before_the_spring_festival(session: Session, me: Api) -> None:
    fund = discounted_fund(session)
    with frozen(at("2026-02-13 15:30")):
        data = me.buy_fund(fund.code, "10000.00")["data"]
        estimate = me.get("/trade/estimateBuyFundFee", fundCode=fund.code, amount="10000.00")
        dates = me.get("/trade/getTradeDate", productCode=fund.code)["data"]
    assert (data["tradeDate"], data["confirmDate"]) == ("2026-02-24", "2026-02-25")
    assert estimate["data"] == {
        "fundCode": fund.code,
        "amount": "10000.00",
        "feeRate": "0.015",
        "discountFeeRate": "0.0015",
        "fixedFee": None,
        "originalFee": "147.78",
        "fee": "14.98",
        "netAmount": "9985.02",
        "tradeDate": "2026-02-24",
        "confirmDate": "2026-02-25",
        "profitDate": "2026-02-26",
        "minPurchaseAmount": "10.00",
    }
    # Redemption cash to the card on T+3: 02-25, 02-26, 02-27.
    assert dates == {
        "tradeDate": "2026-02-24",
        "confirmDate": "2026-02-25",
        "profitDate": "2026-02-26",
        "arrivalDate": "2026-02-27",
    }


def test_a_fixed_fee_tier(session: Session, me: Api) -> None:
    fund = make_fund(session, purchase_rate=None, purchase_discount=D("0.1"))
    session.add_all(
        [
            FundFeeTier(
                fund_code=fund.code,
                kind="purchase",
                amount_from=D("0"),
                amount_to=D("5000000.00"),
                rate=D("0.012"),
            ),
            FundFeeTier(
                fund_code=fund.code,
                kind="purchase",
                amount_from=D("5000000.00"),
                fixed_fee=D("1000.00"),
            ),
        ]
    )
    me.trader.card.single_limit = D("10000000.00")  # a card that pays 5 000 000.00 at once
    session.flush()
    with frozen(at("2026-11-24 10:00")):
        data = me.buy_fund(fund.code, "5000000.00")["data"]
        small = me.buy_fund(fund.code, "1000.00")["data"]
    # The fixed fee is charged whole, not discounted: net 4 999 000.00.
    assert (data["fee"], data["netAmount"], data["feeRate"]) == ("1000.00", "4999000.00", None)
    # 1 000 at 0.012 × 0.1 = 0.0012: 1000 / 1.0012 = 998.8014… → 998.80, fee 1.20.
    assert (small["fee"], small["netAmount"], small["feeRate"]) == ("1.20", "998.80", "0.0012")


def test_a_money_market_fund_charges_no_fee(session: Session, me: Api) -> None:
    fund = make_fund(session, fund_type=4, risk_level=1, purchase_rate=D("0.015"))
    session.add(FundFeeTier(fund_code=fund.code, kind="purchase", rate=D("0.015")))
    session.flush()
    with frozen(at("2026-11-24 10:00")):
        data = me.buy_fund(fund.code, "500.00")["data"]
    assert (data["fee"], data["netAmount"], data["feeRate"]) == ("0.00", "500.00", "0")


def test_qdii_is_confirmed_on_t_plus_2(session: Session, me: Api) -> None:
    fund = discounted_fund(session, fund_type=7, confirm_days=2)
    with frozen(at("2026-09-30 10:00")):
        data = me.buy_fund(fund.code, "1000.00")["data"]
    # T = 09-30; 10-01..07 closed; T+1 = 10-08, T+2 = 10-09.
    assert (data["tradeDate"], data["confirmDate"]) == ("2026-09-30", "2026-10-09")


# -- portfolio ----------------------------------------------------------------------------------


def five_fund_portfolio(session: Session):  # type: ignore[no-untyped-def]
    weights = ["0.25", "0.30", "0.20", "0.15", "0.10"]
    funds = [discounted_fund(session) for _ in weights]
    po = make_portfolio(
        session, components=[(f, D(w)) for f, w in zip(funds, weights, strict=True)]
    )
    return po, funds


def test_a_portfolio_purchase_splits_by_weight(
    session: Session, me: Api, gateway: RecordingGateway
) -> None:
    po, funds = five_fund_portfolio(session)
    body = {
        "financialAccountId": me.trader.fa.id,
        "poCode": po.code,
        "amount": "10000.01",
        "payType": "card",
        "paymentMethodId": me.trader.card.id,
        "tradePassword": PASSWORD,
        "tradeUUID": "po-1",
    }
    with frozen(at("2026-11-24 10:00")):
        preview = me.get("/trade/prepareBuyPo", poCode=po.code, amount="10000.01")["data"]
        data = me.post("/trade/buyPo", body)["data"]
    # 10000.01 × 0.30 = 3000.003 → 3000.00, × 0.25 → 2500.00, × 0.20 → 2000.00,
    # × 0.15 → 1500.00, × 0.10 → 1000.00: 10000.00, the cent left goes to the largest weight.
    # Fees at 0.0015: 3000.01/1.0015 = 2995.5167 → 2995.52 (fee 4.49); 2500 → 2496.26 (3.74);
    # 2000 → 1997.00 (3.00); 1500 → 1497.75 (2.25); 1000 → 998.50 (1.50). Σ fee 14.98.
    expected = {
        funds[1].code: ("3000.01", "4.49", "2995.52"),
        funds[0].code: ("2500.00", "3.74", "2496.26"),
        funds[2].code: ("2000.00", "3.00", "1997.00"),
        funds[3].code: ("1500.00", "2.25", "1497.75"),
        funds[4].code: ("1000.00", "1.50", "998.50"),
    }
    assert data["orderCode"] == "P02" and data["confirmStatus"] == "P0"
    assert data["productType"] == "PO" and data["poOrderCode"] == "P02"
    assert (data["tradeAmount"], data["fee"], data["netAmount"]) == ("10000.01", "14.98", "9985.03")
    kids = {c["productCode"]: c for c in data["children"]}
    assert {k: (c["tradeAmount"], c["fee"], c["netAmount"]) for k, c in kids.items()} == expected
    assert all(c["orderCode"] == "022" and c["confirmStatus"] == "0" for c in kids.values())
    assert all(c["brokerOrderNo"].startswith(data["brokerOrderNo"]) for c in kids.values())
    assert [i["amount"] for i in preview["items"]] == [v[0] for v in expected.values()]
    assert (preview["fee"], preview["netAmount"]) == ("14.98", "9985.03")
    # One charge for the whole amount.
    assert gateway.calls == [("charge", D("10000.01"), data["brokerOrderNo"])]
    assert len(orders_of(session, me.trader)) == 6


# -- the wallet pays ---------------------------------------------------------------------------


def test_paid_from_the_wallet_first_in_first_out(session: Session, me: Api, wallet_fund) -> None:  # type: ignore[no-untyped-def]
    fund = discounted_fund(session)
    wallet = make_holding(
        session,
        trader=me.trader,
        fund=wallet_fund,
        lots=[(date(2026, 11, 2), "3000.00"), (date(2026, 11, 10), "2000.00")],
    )
    with frozen(at("2026-11-24 10:00")):
        data = me.buy_fund(fund.code, "4000.00", payType="wallet", paymentMethodId=None)["data"]
        again = me.buy_fund(
            fund.code, "1000.01", payType="wallet", paymentMethodId=None, status=400
        )
    assert (
        data["orderCode"] == "W04" and data["confirmStatus"] == "W0" and data["payType"] == "wallet"
    )
    # 4000 at 0.0015: 4000 / 1.0015 = 3994.0090 → 3994.01, fee 5.99.
    assert (data["fee"], data["netAmount"]) == ("5.99", "3994.01")
    session.refresh(wallet)
    assert (wallet.shares, wallet.cost, wallet.redeemed_net) == (
        D("1000.00"),
        D("1000.00"),
        D("4000.00"),
    )
    lots = session.scalars(
        select(HoldingLot.shares).where(HoldingLot.holding_id == wallet.id).order_by(HoldingLot.id)
    ).all()
    assert lots == [D("0.00"), D("1000.00")]
    taken = session.scalars(select(OrderLot.shares).order_by(OrderLot.lot_id)).all()
    assert taken == [D("3000.00"), D("1000.00")]
    assert again["code"] == 60010 and again["msg"] == "钱包可用余额不足，当前可用 1,000.00 元"


def test_an_empty_wallet(session: Session, me: Api, wallet_fund) -> None:  # type: ignore[no-untyped-def]
    fund = discounted_fund(session)
    res = me.buy_fund(fund.code, "100.00", payType="wallet", paymentMethodId=None, status=400)
    assert res["code"] == 60009 and res["msg"] == "请先充值钱包"


# -- refusals --------------------------------------------------------------------------------------


def test_refusals_of_the_product(session: Session, me: Api) -> None:
    stopped = discounted_fund(session, status="STOP_ALLOT")
    small = discounted_fund(session, min_purchase_amount=D("100.00"))
    large = discounted_fund(session, min_purchase_amount=D("10000.00"))
    limited = discounted_fund(session, trade_limit_start="14:30:00", trade_limit_end="15:00")
    hidden = discounted_fund(session)
    session.add(
        ProductShelf(
            broker_id=me.trader.user.broker_id,
            shelf="home",
            product_code=hidden.code,
            product_type="fund",
            is_disable_buy=True,
        )
    )
    session.flush()
    with frozen(at("2026-11-24 14:40")):
        assert me.buy_fund(stopped.code, "100.00", status=400)["code"] == 60002
        below = me.buy_fund(small.code, "99.99", status=400)
        assert (below["code"], below["msg"]) == (60005, "金额不能少于 100.00 元")
        below_large = me.buy_fund(large.code, "9999.99", status=400)
        assert below_large["msg"] == "金额不能少于 10,000.00 元"  # as the screens write money
        window = me.buy_fund(limited.code, "100.00", status=400)
        assert (window["code"], window["msg"]) == (
            60006,
            "本产品在交易日 14:30-15:00 期间提交的申请（包含申购、定投、赎回等交易）会确认失败，"
            "若需交易请避开如上期间进行交易操作。",
        )
        assert me.buy_fund(hidden.code, "100.00", status=400)["code"] == 60004
        assert me.buy_fund("999999", "100.00", status=404)["code"] == 60001
        bad = me.buy_fund(small.code, "100.001", status=400)
        assert bad["msg"] == "金额小数位数过多"
    assert orders_of(session, me.trader) == []


def test_above_the_grade_needs_a_recorded_confirmation(
    session: Session, api_of: Callable[[Trader], Api]
) -> None:
    investor = api_of(make_trader(session, risk_grade5=2))
    fund = discounted_fund(session, risk_level=3)
    with frozen(at("2026-11-24 10:00")):
        refused = investor.buy_fund(fund.code, "100.00", status=400)
        assert refused["code"] == 64004 and "超出您的风险承受能力" in refused["msg"]
        assert orders_of(session, investor.trader) == []
        investor.buy_fund(fund.code, "100.00", riskConfirmed=True)
    confirmation = session.scalar(
        select(RiskConfirmation).where(RiskConfirmation.broker_user_id == investor.trader.user.id)
    )
    assert confirmation is not None and confirmation.product_code == fund.code
    assert (confirmation.product_level, confirmation.risk_grade5) == (3, 2)


def test_a_c1_investor_may_buy_only_r1(session: Session, api_of: Callable[[Trader], Api]) -> None:
    investor = api_of(make_trader(session, risk_grade5=1))
    r2 = discounted_fund(session, risk_level=2)
    r1 = discounted_fund(session, risk_level=1)
    with frozen(at("2026-11-24 10:00")):
        refused = investor.buy_fund(r2.code, "100.00", riskConfirmed=True, status=400)
        verdict = investor.get("/trade/judgeRisk", productCode=r2.code)["data"]
        investor.buy_fund(r1.code, "100.00")
    # the purchase's refusal, the words judgeRisk gives the H5's pre-check (one definition)
    words = "该产品风险等级超出您的风险承受能力，暂时无法购买"
    assert (refused["code"], refused["msg"]) == (64003, words)
    assert (verdict["forbidden"], verdict["refusal"]) == (True, words)
    assert len(orders_of(session, investor.trader)) == 1


def test_a_wrong_trade_password_writes_nothing_but_the_count(
    session: Session, me: Api, gateway: RecordingGateway
) -> None:
    fund = discounted_fund(session)
    res = me.buy_fund(fund.code, "100.00", tradePassword="000000", status=400)
    assert (res["code"], res["msg"]) == (62002, "交易密码错误，还可尝试4次")
    session.refresh(me.trader.account)
    assert me.trader.account.trade_password_failures == 1
    assert orders_of(session, me.trader) == [] and gateway.calls == []
    assert session.scalar(select(func.count()).select_from(TradeRequest)) == 0


def test_a_failed_card_charge_writes_nothing(
    session: Session, api_of: Callable[[Trader], Api]
) -> None:
    investor = api_of(make_trader(session, failing_card=True))
    fund = discounted_fund(session)
    res = investor.buy_fund(fund.code, "100.00", status=400)
    assert (res["code"], res["msg"]) == (60007, "银行卡扣款失败：银行卡余额不足")
    assert orders_of(session, investor.trader) == []
    assert session.scalar(select(func.count()).select_from(TradeRequest)) == 0


def test_a_charge_above_the_cards_single_limit_is_refused(
    session: Session,
    me: Api,
    gateway: RecordingGateway,
    wallet_fund,  # type: ignore[no-untyped-def]
) -> None:
    """The buy and recharge screens show 单笔限额 50,000.00 元 under the card: a purchase, a
    portfolio purchase or a wallet recharge by that card above it is refused before the bank is
    called; the limit itself goes through."""
    me.trader.card.single_limit = D("50000.00")
    fund = discounted_fund(session)
    po = make_portfolio(session, components=[(fund, D("1"))])
    session.flush()
    refused = "超过银行卡单笔支付限额 50,000.00 元"
    with frozen(at("2026-11-24 10:00")):
        res = me.buy_fund(fund.code, "50000.01", status=400)
        assert (res["code"], res["error"], res["msg"]) == (
            60025,
            "amount_above_card_limit",
            refused,
        )
        po_body = {
            "financialAccountId": me.trader.fa.id,
            "poCode": po.code,
            "amount": "60000.00",
            "payType": "card",
            "paymentMethodId": me.trader.card.id,
            "tradePassword": PASSWORD,
            "tradeUUID": me.uuid(),
        }
        assert me.post("/trade/buyPo", po_body, status=400)["msg"] == refused
        recharge = {
            "financialAccountId": me.trader.fa.id,
            "amount": "999999.00",
            "paymentMethodId": me.trader.card.id,
            "tradePassword": PASSWORD,
            "tradeUUID": me.uuid(),
        }
        assert me.post("/trade/rechargeWallet", recharge, status=400)["msg"] == refused
        assert orders_of(session, me.trader) == [] and gateway.calls == []
        data = me.buy_fund(fund.code, "50000.00")["data"]
    assert gateway.calls == [("charge", D("50000.00"), data["brokerOrderNo"])]


def test_another_users_account_and_card_answer_404(
    session: Session, me: Api, api_of: Callable[[Trader], Api]
) -> None:
    other = make_trader(session)
    fund = discounted_fund(session)
    res = me.buy_fund(fund.code, "100.00", financialAccountId=other.fa.id, status=404)
    assert res["code"] == 40400
    assert me.buy_fund(fund.code, "100.00", paymentMethodId=other.card.id, status=404)
    assert me.get("/trade/getAllOrders", accountId=other.account.id, status=404)
    assert orders_of(session, me.trader) == []


def test_the_same_trade_uuid_twice_is_one_order(
    session: Session, me: Api, gateway: RecordingGateway
) -> None:
    fund = discounted_fund(session)
    first = me.buy_fund(fund.code, "100.00", tradeUUID="same")
    second = me.buy_fund(fund.code, "100", tradeUUID="same")
    assert first == second and first["data"]["tradeAmount"] == "100.00"
    assert len(orders_of(session, me.trader)) == 1 and len(gateway.calls) == 1


def test_the_same_trade_uuid_with_another_amount_is_refused(
    session: Session, me: Api, gateway: RecordingGateway
) -> None:
    """docs/trading.md#calls: the tradeUUID of an order sent again with another body answers 422;
    the first order is not passed off as the answer to a request it does not match."""
    fund = discounted_fund(session)
    first = me.buy_fund(fund.code, "100.00", tradeUUID="same")
    changed = me.buy_fund(fund.code, "999.00", tradeUUID="same", status=422)
    assert (changed["code"], changed["error"]) == (42201, "trade_uuid_mismatch")
    assert changed["msg"] == "该交易请求编号已用于内容不同的另一笔交易，请刷新页面后重新提交"
    paid_from_wallet = me.buy_fund(
        fund.code, "100.00", tradeUUID="same", payType="wallet", status=422
    )
    assert paid_from_wallet["code"] == 42201
    assert me.buy_fund(fund.code, "100.00", tradeUUID="same") == first
    assert len(orders_of(session, me.trader)) == 1 and len(gateway.calls) == 1
