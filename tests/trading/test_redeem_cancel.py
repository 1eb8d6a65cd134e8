"""Selling, the wallet and cancelling (docs/trading.md "Selling and cancelling"), on a frozen
clock with the numbers worked out by hand."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from decimal import ROUND_HALF_UP, Decimal

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.kit.clock import BEIJING, frozen
from opentamp.models.holdings import Holding, HoldingLot
from opentamp.models.orders import OrderLot, TradeOrder
from opentamp.models.products import Fund
from tests.factories import add_navs, make_fund, make_portfolio
from tests.trading.conftest import PASSWORD, Api, RecordingGateway, Trader, make_holding

D = Decimal
TUESDAY_10 = "2026-11-24 10:00"


def at(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=BEIJING)


def lot_rows(session: Session, order_no: str) -> list[tuple[Decimal, Decimal]]:
    order = session.scalar(select(TradeOrder).where(TradeOrder.broker_order_no == order_no))
    assert order is not None
    return [
        (r.shares, r.fee_rate)
        for r in session.scalars(
            select(OrderLot).where(OrderLot.order_id == order.id).order_by(OrderLot.lot_id)
        )
    ]


@pytest.fixture
def fund(session: Session) -> Fund:
    return make_fund(
        session, min_redeem_shares=D("10.00"), min_hold_shares=D("10.00"), redeem_settle_days=3
    )


@pytest.fixture
def holding(session: Session, me: Api, fund: Fund) -> Holding:
    # 600 shares confirmed 2025-10-01 (419 days on T: 0.25 %) and 400 confirmed 2026-11-20
    # (4 days on T = 2026-11-24: under 7 days, 1.5 %).
    return make_holding(
        session,
        trader=me.trader,
        fund=fund,
        lots=[(date(2025, 10, 1), "600.00"), (date(2026, 11, 20), "400.00")],
    )


# -- fund redemption --------------------------------------------------------------------------


def test_a_redemption_freezes_shares_and_takes_lots_first_in_first_out(
    session: Session, me: Api, fund: Fund, holding: Holding
) -> None:
    with frozen(at(TUESDAY_10)):
        data = me.redeem(fund.code, "700.00")["data"]
        second = me.redeem(fund.code, "300.00")["data"]
    assert data["orderCode"] == "024" and data["confirmStatus"] == "0"
    assert (data["tradeShare"], data["redeemTo"]) == ("700.00", "card")
    # T = Tuesday 11-24, confirmed T+1, cash on the card T+3 = Friday 11-27.
    assert (data["tradeDate"], data["confirmDate"], data["arrivalDate"]) == (
        "2026-11-24",
        "2026-11-25",
        "2026-11-27",
    )
    assert lot_rows(session, data["brokerOrderNo"]) == [
        (D("600.00"), D("0.0025")),
        (D("100.00"), D("0.015")),
    ]
    # The second takes what the first left of the newer lot.
    assert lot_rows(session, second["brokerOrderNo"]) == [(D("300.00"), D("0.015"))]
    session.refresh(holding)
    assert (holding.shares, holding.frozen_shares) == (D("1000.00"), D("1000.00"))


def test_the_estimate_shows_the_fee_and_net_the_order_will_charge(
    session: Session, me: Api, fund: Fund, holding: Holding
) -> None:
    with frozen(at(TUESDAY_10)):
        est = me.get(
            "/trade/estimateRedeemFundFee",
            financialAccountId=me.trader.fa.id,
            fundCode=fund.code,
            shares="700.00",
        )["data"]
        order = me.redeem(fund.code, "700.00")["data"]
        over = me.get(
            "/trade/estimateRedeemFundFee",
            financialAccountId=me.trader.fa.id,
            fundCode=fund.code,
            shares="301.00",
            status=400,
        )
    nav = D(est["nav"])
    # 600.00 held 419 days at 0.25 %, 100.00 held 4 days at 1.5 %: each lot rounded, then summed
    cent = D("0.01")
    g1 = (D("600.00") * nav).quantize(cent, ROUND_HALF_UP)
    g2 = (D("100.00") * nav).quantize(cent, ROUND_HALF_UP)
    fee = (g1 * D("0.0025")).quantize(cent, ROUND_HALF_UP) + (g2 * D("0.015")).quantize(
        cent, ROUND_HALF_UP
    )
    assert (D(est["estimatedGross"]), D(est["estimatedFee"])) == (g1 + g2, fee)
    assert D(est["estimatedAmount"]) == g1 + g2 - fee
    # the order takes the very lots the estimate priced
    assert lot_rows(session, order["brokerOrderNo"]) == [
        (D("600.00"), D("0.0025")),
        (D("100.00"), D("0.015")),
    ]
    # what is frozen by the order is no longer there to estimate
    assert over["code"] == 60011


def test_frozen_shares_cannot_be_redeemed_twice(
    session: Session, me: Api, fund: Fund, holding: Holding
) -> None:
    with frozen(at(TUESDAY_10)):
        me.redeem(fund.code, "700.00")
        res = me.redeem(fund.code, "301.00", status=400)
    assert (res["code"], res["msg"]) == (60011, "卖出份额超过可用份额，当前可用 300.00 份")


def test_minimums(session: Session, me: Api, fund: Fund, holding: Holding) -> None:
    with frozen(at(TUESDAY_10)):
        below = me.redeem(fund.code, "9.99", status=400)
        remainder = me.redeem(fund.code, "995.00", status=400)  # would leave 5.00 < 10.00
        too_many = me.redeem(fund.code, "1000.01", status=400)
        estimate_too_many = me.get(
            "/trade/estimateRedeemFundFee",
            financialAccountId=me.trader.fa.id,
            fundCode=fund.code,
            shares="1000.01",
            status=400,
        )
        everything = me.redeem(fund.code, "1000.00")["data"]
    assert (below["code"], below["msg"]) == (60012, "单笔卖出份额不能少于 10.00 份")
    assert remainder["code"] == 60013
    assert remainder["msg"] == "卖出后剩余份额不能少于 10.00 份，请全部卖出或减少卖出份额"
    # shares written as the screens write them (kit.money.shares_text), the sale and its estimate
    # alike
    available = "卖出份额超过可用份额，当前可用 1,000.00 份"
    assert (too_many["code"], too_many["msg"]) == (60011, available)
    assert (estimate_too_many["code"], estimate_too_many["msg"]) == (60011, available)
    assert everything["tradeShare"] == "1000.00"


def test_suspended_redemption_and_no_holding(session: Session, me: Api, holding: Holding) -> None:
    stopped = make_fund(session, status="STOP_REDEEM")
    make_holding(session, trader=me.trader, fund=stopped, lots=[(date(2026, 1, 5), "100.00")])
    other = make_fund(session)
    with frozen(at(TUESDAY_10)):
        assert me.redeem(stopped.code, "50.00", status=400)["code"] == 60003
        assert me.redeem(other.code, "50.00", status=400)["code"] == 60014


def test_redeem_to_the_wallet_arrives_on_t_plus_1(
    session: Session, me: Api, fund: Fund, holding: Holding, wallet_fund: Fund
) -> None:
    with frozen(at("2026-11-27 14:00")):  # Friday
        data = me.redeem(fund.code, "100.00", redeemTo="wallet")["data"]
    assert (data["redeemTo"], data["arrivalDate"]) == ("wallet", "2026-11-30")


def test_a_qdii_fund_redeemed_to_the_wallet_arrives_at_its_confirmation(
    session: Session, me: Api, wallet_fund: Fund
) -> None:
    """Settlement pays wallet-bound cash at confirmation: a QDII fund (T+2) reaches the wallet
    on T+2, the day its shares are confirmed, not T+1 before them (交易详情 showed 到账日期
    a day before 确认日期)."""
    qdii = make_fund(session, confirm_days=2, redeem_settle_days=7)
    make_holding(session, trader=me.trader, fund=qdii, lots=[(date(2026, 1, 5), "1000.00")])
    with frozen(at("2026-11-24 14:00")):  # Tuesday
        data = me.redeem(qdii.code, "100.00", redeemTo="wallet")["data"]
    assert (data["tradeDate"], data["confirmDate"], data["arrivalDate"]) == (
        "2026-11-24",
        "2026-11-26",
        "2026-11-26",
    )


# -- portfolio sale -------------------------------------------------------------------------------


def test_a_portfolio_sale_redeems_the_same_ratio_of_each_component(
    session: Session, me: Api
) -> None:
    a, b = make_fund(session), make_fund(session)
    po = make_portfolio(session, components=[(a, D("0.6")), (b, D("0.4"))])
    make_holding(
        session,
        trader=me.trader,
        fund=a,
        portfolio_code=po.code,
        lots=[(date(2026, 1, 5), "333.33")],
    )
    make_holding(
        session,
        trader=me.trader,
        fund=b,
        portfolio_code=po.code,
        lots=[(date(2026, 1, 5), "200.01")],
    )
    add_navs(session, a, {date(2026, 11, 23): "1.2000"})
    add_navs(session, b, {date(2026, 11, 23): "2.0000"})
    body = {
        "financialAccountId": me.trader.fa.id,
        "poCode": po.code,
        "ratio": "0.5",
        "tradePassword": PASSWORD,
        "tradeUUID": "sell-1",
    }
    with frozen(at(TUESDAY_10)):
        preview = me.get(
            "/trade/prepareRedeemPo",
            financialAccountId=me.trader.fa.id,
            poCode=po.code,
            ratio="0.5",
        )["data"]
        data = me.post("/trade/redeemPo", body)["data"]
    # 333.33 × 0.5 = 166.665 → 166.67; 200.01 × 0.5 = 100.005 → 100.01 (half up).
    # Held since 2026-01-05 (323 days): 0.5 %. A: 166.67 × 1.2 = 200.00 (200.004), fee 1.00;
    # B: 100.01 × 2 = 200.02, fee 1.00 (1.0001). Estimated 199.00 + 199.02 = 398.02.
    assert [(i["shares"], i["estimatedAmount"], i["estimatedFee"]) for i in preview["items"]] == [
        ("166.67", "199.00", "1.00"),
        ("100.01", "199.02", "1.00"),
    ]
    assert (preview["estimatedAmount"], preview["estimatedFee"]) == ("398.02", "2.00")
    assert data["orderCode"] == "P03" and data["confirmStatus"] == "P0"
    assert data["extMetaInfo"] == {"ratio": "0.5"}
    # a sale of half of each component: no shares of its own (two funds' do not add up)
    assert data["tradeShare"] == "0.00" and data["tradeAmount"] == "0.00"
    assert [(c["orderCode"], c["productCode"], c["tradeShare"]) for c in data["children"]] == [
        ("024", a.code, "166.67"),
        ("024", b.code, "100.01"),
    ]


# -- the wallet ------------------------------------------------------------------------------------


def wallet_body(me: Api, amount: str, *, fast: bool) -> dict:
    return {
        "financialAccountId": me.trader.fa.id,
        "amount": amount,
        "fast": fast,
        "paymentMethodId": me.trader.card.id,
        "tradePassword": PASSWORD,
        "tradeUUID": me.uuid(),
    }


def test_open_and_recharge_the_wallet(
    session: Session, me: Api, wallet_fund: Fund, gateway: RecordingGateway
) -> None:
    opened = me.post("/trade/openWallet", {"financialAccountId": me.trader.fa.id})["data"]
    again = me.post("/trade/openWallet", {"financialAccountId": me.trader.fa.id})["data"]
    assert opened == again == {"fundCode": "000509", "opened": True}
    body = {
        "financialAccountId": me.trader.fa.id,
        "amount": "888.88",
        "paymentMethodId": me.trader.card.id,
        "tradePassword": PASSWORD,
        "tradeUUID": "r-1",
    }
    with frozen(at(TUESDAY_10)):
        data = me.post("/trade/rechargeWallet", body)["data"]
    assert (data["orderCode"], data["confirmStatus"], data["productType"]) == (
        "W01",
        "W0",
        "WALLET",
    )
    assert (data["tradeAmount"], data["fee"], data["netAmount"]) == ("888.88", "0.00", "888.88")
    assert data["productName"] == "钱包" and data["confirmDate"] == "2026-11-25"
    assert gateway.calls == [("charge", D("888.88"), data["brokerOrderNo"])]
    assert me.get("/account/getUserWalletType")["data"]["walletType"] == "WALLET"


def test_a_recharge_below_the_wallets_minimum_is_refused(
    session: Session, me: Api, wallet_fund: Fund, gateway: RecordingGateway
) -> None:
    """起存金额 (docs/trading.md#the-wallets-minimum): the broker's super wallet minimum, 100.00
    here, though the wallet fund itself takes 0.01; 10.00 for a broker set to it; the fund's
    own minimum when it is the larger. The refusal charges nothing."""
    from opentamp.models.platform import Broker

    def recharge(amount: str, status: int = 200) -> dict:
        body = {
            "financialAccountId": me.trader.fa.id,
            "amount": amount,
            "paymentMethodId": me.trader.card.id,
            "tradePassword": PASSWORD,
            "tradeUUID": me.uuid(),
        }
        return me.post("/trade/rechargeWallet", body, status=status)

    broker = session.get(Broker, me.trader.user.broker_id)
    assert broker is not None and broker.super_wallet_min_purchase == D("100.00")
    assert wallet_fund.min_purchase_amount == D("0.01")
    with frozen(at(TUESDAY_10)):
        for amount in ("0.01", "99.99"):
            refused = recharge(amount, 400)
            assert (refused["code"], refused["msg"]) == (60005, "金额不能少于 100.00 元")
        assert recharge("100.00")["data"]["tradeAmount"] == "100.00"
        broker.super_wallet_min_purchase = D("10.00")
        session.flush()
        assert recharge("9.99", 400)["msg"] == "金额不能少于 10.00 元"
        assert recharge("10.00")["data"]["tradeAmount"] == "10.00"
        wallet_fund.min_purchase_amount = D("50.00")
        session.flush()
        assert recharge("49.99", 400)["msg"] == "金额不能少于 50.00 元"
    assert [amount for _, amount, _ in gateway.calls] == [D("100.00"), D("10.00")]


def test_normal_and_fast_withdrawals(
    session: Session, me: Api, wallet_fund: Fund, gateway: RecordingGateway
) -> None:
    wallet = make_holding(
        session, trader=me.trader, fund=wallet_fund, lots=[(date(2026, 11, 2), "20000.00")]
    )
    with frozen(at("2026-11-24 20:00")):  # after the cut-off: T = Wednesday
        normal = me.post("/trade/redeemWallet", wallet_body(me, "1000.00", fast=False))["data"]
        fast = me.post("/trade/redeemWallet", wallet_body(me, "6000.00", fast=True))["data"]
        more = me.post("/trade/redeemWallet", wallet_body(me, "4000.00", fast=True))["data"]
        over = me.post("/trade/redeemWallet", wallet_body(me, "0.01", fast=True), status=400)
    with frozen(at("2026-11-25 09:00")):
        next_day = me.post("/trade/redeemWallet", wallet_body(me, "0.01", fast=True))["data"]
    assert (normal["orderCode"], normal["confirmStatus"]) == ("W02", "W0")
    assert (normal["tradeDate"], normal["arrivalDate"]) == ("2026-11-25", "2026-11-26")
    assert (fast["orderCode"], fast["confirmStatus"], fast["arrivalDate"]) == (
        "W03",
        "W2",
        "2026-11-24",
    )
    # done at once, after the cut-off too: traded, confirmed and paid that day, not dated by
    # the next trading day after the money has already arrived
    assert (fast["tradeDate"], fast["confirmDate"]) == ("2026-11-24", "2026-11-24")
    assert (fast["confirmedAmount"], fast["nav"]) == ("6000.00", "1.0000")
    assert more["confirmStatus"] == "W2"
    assert (over["code"], over["msg"]) == (
        60017,
        "快速取现每日限额 10,000.00 元，今日还可快速取现 0.00 元",
    )
    assert next_day["confirmStatus"] == "W2"
    # 20000 − 6000 − 4000 − 0.01 taken; 1000 frozen for the normal withdrawal.
    session.refresh(wallet)
    assert (wallet.shares, wallet.frozen_shares) == (D("9999.99"), D("1000.00"))
    assert [c[0] for c in gateway.calls] == ["payout", "payout", "payout"]


# -- cancelling -----------------------------------------------------------------------------------


def test_cancel_before_the_cut_off_refunds_and_after_is_refused(
    session: Session, me: Api, gateway: RecordingGateway
) -> None:
    fund = make_fund(session)
    with frozen(at(TUESDAY_10)):
        first = me.buy_fund(fund.code, "1000.00")["data"]
        second = me.buy_fund(fund.code, "2000.00")["data"]
    with frozen(at("2026-11-24 14:59:59")):
        cancelled = me.cancel(first["brokerOrderNo"])["data"]
        twice = me.cancel(first["brokerOrderNo"], status=400)
    with frozen(at("2026-11-24 15:00")):
        late = me.cancel(second["brokerOrderNo"], status=400)
        assert (
            me.get("/trade/getOrderDetail", brokerOrderNo=second["brokerOrderNo"])["data"][
                "canCancel"
            ]
            is False
        )
    assert (cancelled["confirmStatus"], cancelled["canCancel"]) == ("9", False)
    assert gateway.calls[-1] == ("refund", D("1000.00"), first["brokerOrderNo"])
    assert twice["code"] == 60015
    assert (late["code"], late["msg"]) == (60016, "已过撤单截止时间，无法撤单")


def test_cancel_on_t_after_a_holiday(session: Session, me: Api) -> None:
    fund = make_fund(session)
    with frozen(at("2026-02-13 15:30")):
        order = me.buy_fund(fund.code, "1000.00")["data"]
    with frozen(at("2026-02-24 14:00")):  # still before the cut-off of T
        assert me.cancel(order["brokerOrderNo"])["data"]["confirmStatus"] == "9"


def test_cancel_a_redemption_releases_the_shares(
    session: Session, me: Api, fund: Fund, holding: Holding
) -> None:
    with frozen(at(TUESDAY_10)):
        order = me.redeem(fund.code, "700.00")["data"]
        me.cancel(order["brokerOrderNo"])
        again = me.redeem(fund.code, "1000.00")["data"]
    session.refresh(holding)
    assert holding.frozen_shares == D("1000.00")
    assert lot_rows(session, order["brokerOrderNo"]) == []
    assert len(lot_rows(session, again["brokerOrderNo"])) == 2


def test_cancel_a_wallet_paid_purchase_returns_the_shares(
    session: Session, me: Api, wallet_fund: Fund
) -> None:
    fund = make_fund(session)
    wallet = make_holding(
        session,
        trader=me.trader,
        fund=wallet_fund,
        lots=[(date(2026, 11, 2), "300.00"), (date(2026, 11, 3), "700.00")],
    )
    with frozen(at(TUESDAY_10)):
        order = me.buy_fund(fund.code, "500.00", payType="wallet", paymentMethodId=None)["data"]
        session.refresh(wallet)
        assert wallet.shares == D("500.00")
        cancelled = me.cancel(order["brokerOrderNo"])["data"]
    assert cancelled["confirmStatus"] == "W9"
    session.refresh(wallet)
    assert (wallet.shares, wallet.cost, wallet.redeemed_net) == (
        D("1000.00"),
        D("1000.00"),
        D("0.00"),
    )
    lots = session.scalars(
        select(HoldingLot.shares).where(HoldingLot.holding_id == wallet.id).order_by(HoldingLot.id)
    ).all()
    assert lots == [D("300.00"), D("700.00")]


def test_cancel_a_portfolio_order(session: Session, me: Api, gateway: RecordingGateway) -> None:
    a, b = make_fund(session), make_fund(session)
    po = make_portfolio(session, components=[(a, D("0.5")), (b, D("0.5"))])
    body = {
        "financialAccountId": me.trader.fa.id,
        "poCode": po.code,
        "amount": "1000.00",
        "payType": "card",
        "paymentMethodId": me.trader.card.id,
        "tradePassword": PASSWORD,
        "tradeUUID": "po-c",
    }
    with frozen(at(TUESDAY_10)):
        parent = me.post("/trade/buyPo", body)["data"]
        child_no = parent["children"][0]["brokerOrderNo"]
        assert me.cancel(child_no, status=400)["code"] == 60021
        assert me.cancel(parent["brokerOrderNo"], status=400)["code"] == 60015
        data = me.cancel(parent["brokerOrderNo"], po=True)["data"]
    assert data["confirmStatus"] == "P9"
    assert [c["confirmStatus"] for c in data["children"]] == ["9", "9"]
    assert gateway.calls[-1] == ("refund", D("1000.00"), parent["brokerOrderNo"])


def test_another_users_order_answers_404(
    session: Session, me: Api, api_of: Callable[[Trader], Api]
) -> None:
    from tests.trading.conftest import make_trader

    fund = make_fund(session)
    with frozen(at(TUESDAY_10)):
        order = me.buy_fund(fund.code, "100.00")["data"]
        stranger = api_of(make_trader(session))
        assert stranger.cancel(order["brokerOrderNo"], status=404)["code"] == 40400
        stranger.get("/trade/getOrderDetail", brokerOrderNo=order["brokerOrderNo"], status=404)


def test_cancel_a_normal_withdrawal_unfreezes_the_wallet(
    session: Session, me: Api, wallet_fund: Fund
) -> None:
    wallet = make_holding(
        session, trader=me.trader, fund=wallet_fund, lots=[(date(2026, 11, 2), "500.00")]
    )
    with frozen(at(TUESDAY_10)):
        order = me.post("/trade/redeemWallet", wallet_body(me, "200.00", fast=False))["data"]
        session.refresh(wallet)
        assert wallet.frozen_shares == D("200.00")
        assert me.cancel(order["brokerOrderNo"])["data"]["confirmStatus"] == "W9"
    session.refresh(wallet)
    assert (wallet.shares, wallet.frozen_shares) == (D("500.00"), D("0.00"))
    assert lot_rows(session, order["brokerOrderNo"]) == []


def test_a_portfolio_paid_from_the_wallet_and_cancelled(
    session: Session, me: Api, wallet_fund: Fund, gateway: RecordingGateway
) -> None:
    a, b, c = (
        make_fund(session),
        make_fund(session, fund_type=7, confirm_days=2),
        make_fund(session),
    )
    po = make_portfolio(session, components=[(a, D("0.4")), (b, D("0.3")), (c, D("0.3"))])
    wallet = make_holding(
        session, trader=me.trader, fund=wallet_fund, lots=[(date(2026, 11, 2), "1000.00")]
    )
    body = {
        "financialAccountId": me.trader.fa.id,
        "poCode": po.code,
        "amount": "100.00",
        "payType": "wallet",
        "tradePassword": PASSWORD,
        "tradeUUID": "po-w",
    }
    with frozen(at(TUESDAY_10)):
        dates = me.get("/trade/getTradeDate", productCode=po.code)["data"]
        parent = me.post("/trade/buyPo", body)["data"]
        session.refresh(wallet)
        assert wallet.shares == D("900.00")
        cancelled = me.cancel(parent["brokerOrderNo"], po=True)["data"]
    # The QDII component confirms on T+2 (Thursday 11-26): the portfolio's dates are its.
    assert (dates["tradeDate"], dates["confirmDate"], dates["profitDate"]) == (
        "2026-11-24",
        "2026-11-26",
        "2026-11-27",
    )
    assert parent["confirmDate"] == "2026-11-26"
    # 100 × 0.4 = 40.00 (largest weight), 30.00, 30.00; wallet-paid children are W04.
    assert [(k["orderCode"], k["confirmStatus"], k["tradeAmount"]) for k in parent["children"]] == [
        ("W04", "W0", "40.00"),
        ("W04", "W0", "30.00"),
        ("W04", "W0", "30.00"),
    ]
    assert cancelled["confirmStatus"] == "P9"
    assert [k["confirmStatus"] for k in cancelled["children"]] == ["W9", "W9", "W9"]
    session.refresh(wallet)
    assert wallet.shares == D("1000.00") and gateway.calls == []


def test_a_card_is_needed_and_must_be_ones_own(
    session: Session, me: Api, api_of: Callable[[Trader], Api], wallet_fund: Fund
) -> None:
    from tests.trading.conftest import make_trader

    fund = make_fund(session)
    other = make_trader(session)
    res = me.buy_fund(fund.code, "100.00", paymentMethodId=None, status=400)
    assert (res["code"], res["msg"]) == (60020, '请选择 "扣款方式"')
    body = wallet_body(me, "1.00", fast=True) | {"paymentMethodId": other.card.id}
    assert me.post("/trade/redeemWallet", body, status=404)["code"] == 40400
