"""Follow plans and the follows of signals (docs/signals.md): an OPEN plan buys base × multiple
on a buy signal through the ordinary purchase, sells the instructed part on a sell signal, once
per plan and signal; a paused plan does not follow; the bad inputs of the follow screens are
refused with their Chinese messages and nothing written."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, literal_column, select
from sqlalchemy.orm import Session

from opentamp.kit.money import SqlMoney, fig
from opentamp.models.catalogue import ProductSignal
from opentamp.models.orders import TradeOrder
from opentamp.models.products import STATUS_STOP_ALLOT, Portfolio
from opentamp.models.signals import SignalFollowPlan, SignalFollowRecord
from opentamp.rules import signals as signal_rules
from opentamp.signals.api import PublishIn, follow_day, publish
from opentamp.signals.follow import trade_uuid
from tests.factories import login, make_financial_account
from tests.signals.conftest import (
    Signals,
    Trader,
    disclose,
    make_holding,
    make_signal_product,
    make_trader,
)
from tests.trading.conftest import PASSWORD

pytestmark = pytest.mark.usefixtures("monday", "gateway")


def count(session: Session, model: type) -> int:
    return int(session.scalar(select(func.count()).select_from(model)) or 0)


def signal(session: Session, po: Portfolio, **fields: object) -> ProductSignal:
    body = {"poCode": po.code, "signalType": "BUY", "autoFollowBuyRate": "1.5", **fields}
    return publish(session, body=PublishIn.model_validate(body))


# -- rules -----------------------------------------------------------------------------------


def test_follow_amount_bands_and_minimum(session: Session) -> None:
    # 1 000.00 × 1.5 = 1 500.00; 333.33 × 0.75 = 249.9975 → 250.00 (half-up to the cent)
    assert signal_rules.follow_amount(Decimal("1000.00"), Decimal("1.5")) == Decimal("1500.00")
    assert signal_rules.follow_amount(Decimal("333.33"), Decimal("0.75")) == Decimal("250.00")
    assert [signal_rules.multiple_band(Decimal(m)) for m in ("0.5", "0.9", "1", "1.2", "2")] == [
        "decrease", "decrease", "standard", "increase", "increase",
    ]  # fmt: skip
    for outside in ("0.49", "2.01"):
        with pytest.raises(ValueError):
            signal_rules.multiple_band(Decimal(outside))
    # the least base whose 0.5× still meets a 100.00 minimum; 33.33 → 66.66; 33.335 → 66.67
    assert signal_rules.min_base(Decimal("100.00")) == Decimal("200.00")
    assert signal_rules.min_base(Decimal("33.335")) == Decimal("66.67")
    # the SQL twin agrees
    m = SqlMoney.of(session)
    units = m.mul(
        fig(literal_column("100000" if m.sqlite else "CAST('1000.00' AS NUMERIC)"), 2),
        fig(literal_column("150000000" if m.sqlite else "CAST('1.5' AS NUMERIC)"), 8),
    )
    got = Decimal(session.execute(select(units)).scalar())
    assert (got / 100 if m.sqlite else got) == Decimal("1500.00")


# -- the follow plan -------------------------------------------------------------------------


def test_the_follow_setting_names_the_paying_card_as_the_trade_screens_do(
    signals: Signals, product: Portfolio
) -> None:
    """跟车设置 and the result of 确认跟车 show 扣款方式 as the buy and order screens name a
    paying card (payments card_show_name: the bank's short name and the card's tail)."""
    unset = signals.get("/trade/signalPo/followSetting", poCode=product.code)["data"]
    assert unset["bankCardShowName"] == ""
    card = signals.trader.card
    plan = signals.follow(product)["data"]
    assert plan["bankCardShowName"] == f"工商银行({card.card_tail})"  # bank 002
    setting = signals.get("/account/getFollowSetting", poCode=product.code)["data"]
    assert setting["bankCardShowName"] == f"工商银行({card.card_tail})"


def test_create_a_follow_plan_then_follow_a_buy_signal_at_publication(
    session: Session, signals: Signals, product: Portfolio
) -> None:
    setting = signals.get("/trade/signalPo/followSetting", poCode=product.code)["data"]
    assert [setting["status"], setting["action"], setting["isSetConfig"]] == [
        "INIT",
        "CREATE",
        False,
    ]
    assert setting["minAmount"] == "200.00" and setting["minPurchaseAmount"] == "100.00"
    assert [b["band"] for b in setting["bands"]] == ["decrease", "standard", "increase"]

    plan = signals.follow(product)["data"]
    assert [plan["status"], plan["action"], plan["baseAmount"]] == ["OPEN", "UPDATE", "1000.00"]
    assert signals.get("/account/getFollowSetting", poCode=product.code)["data"]["isSetConfig"]

    # published Monday 10:00 for Monday: followed at once, before the cut-off
    s = signal(session, product)
    assert s.sig_id == f"{product.code}-20261123"
    record = session.scalars(select(SignalFollowRecord)).one()
    assert [record.status, record.amount, record.multiple] == [
        "SUCCESS",
        Decimal("1500.00"),
        Decimal("1.5"),
    ]
    order = session.get(TradeOrder, record.order_id)
    assert order is not None
    assert [order.order_code, order.trade_amount, order.trade_date] == [
        "P02",
        Decimal("1500.00"),
        date(2026, 11, 23),
    ]
    assert order.ext_meta_info == {"signalFollowPlanId": plan["followPlanId"], "sigId": s.sig_id}
    children = session.scalars(select(TradeOrder).where(TradeOrder.parent_id == order.id)).all()
    # 60 % / 40 % of 1 500.00, each with its 1.5 % fee (外扣法): 900 / 1.015 = 886.70
    assert sorted(c.trade_amount for c in children) == [Decimal("600.00"), Decimal("900.00")]
    assert sorted(c.net_amount for c in children) == [Decimal("591.13"), Decimal("886.70")]

    history = signals.get("/trade/signalPo/followHistory", poCode=product.code)["data"]
    assert history["total"] == 1
    row = history["list"][0]
    assert [row["amount"], row["status"], row["orderCode"], row["autoFollowBuyRate"]] == [
        "1500.00", "SUCCESS", "P02", "1.5",
    ]  # fmt: skip
    latest = signals.get("/account/followSignal", poCode=product.code)["data"]
    assert latest["latestSignalInfo"]["sigId"] == s.sig_id
    assert latest["latestFollow"]["recordId"] == row["recordId"]
    followed = signals.get("/trade/getFollowSignal")["data"]
    assert [
        (f["poCode"], f["followCount"], f["totalFollowed"], f["financialAccountName"])
        for f in followed
    ] == [(product.code, 1, "1500.00", "交易账户")]


def test_the_daily_step_follows_once_per_plan_and_signal(
    session: Session, signals: Signals, product: Portfolio
) -> None:
    signals.follow(product)
    s = signal(session, product, sigDate="2026-11-24", autoFollowBuyRate="0.8")
    assert count(session, SignalFollowRecord) == 0  # tomorrow's: left to its day
    follow_day(session, date(2026, 11, 24))
    follow_day(session, date(2026, 11, 24))
    records = session.scalars(select(SignalFollowRecord)).all()
    assert len(records) == 1 and records[0].amount == Decimal("800.00")
    order = session.get(TradeOrder, records[0].order_id)
    assert order is not None and order.trade_date == date(2026, 11, 24)
    assert order.apply_time.hour == 9 and order.apply_time.minute == 30
    assert count(session, TradeOrder) == 3  # one parent, two children
    # the tradeUUID of plan + signal: the same follow is never placed twice
    from opentamp.models.auth import TradeRequest

    keys = session.scalars(select(TradeRequest.trade_uuid)).all()
    assert trade_uuid(records[0].plan_id, s.sig_id) in keys


def _held_by_halves(session: Session, product: Portfolio, trader: Trader) -> None:
    """The product's two component funds held: 600.00 and 401.00 shares, bought 2026-01-05."""
    from opentamp.models.products import Fund, PortfolioComponent

    funds = session.scalars(
        select(Fund).join(PortfolioComponent, PortfolioComponent.fund_code == Fund.code)
        .where(PortfolioComponent.portfolio_code == product.code).order_by(Fund.code)
    ).all()  # fmt: skip
    for fund, shares in zip(funds, ("600.00", "401.00"), strict=True):
        make_holding(session, trader=trader, fund=fund, lots=[(date(2026, 1, 5), shares)],
                     portfolio_code=product.code)  # fmt: skip


def test_a_sell_signal_sells_the_instructed_part(
    session: Session, signals: Signals, product: Portfolio, trader: Trader
) -> None:
    _held_by_halves(session, product, trader)
    signals.follow(product)
    signal(session, product, signalType="SELL", sellRatio="0.5", sigDate="2026-11-24")
    follow_day(session, date(2026, 11, 24))
    record = session.scalars(select(SignalFollowRecord)).one()
    assert [record.status, record.signal_type, record.amount] == [
        "SUCCESS",
        "SELL",
        Decimal("0.00"),
    ]
    order = session.get(TradeOrder, record.order_id)
    assert order is not None
    assert [order.order_code, order.is_signal_sell_order, order.redeem_to] == ["P03", True, "card"]
    # half of 600.00 and of 401.00 (200.50 half-up), each component's redemption; the parent
    # has no shares of its own (two funds' do not add up)
    kids = session.scalars(select(TradeOrder).where(TradeOrder.parent_id == order.id)).all()
    assert sorted(k.trade_share for k in kids) == [Decimal("200.50"), Decimal("300.00")]
    assert order.trade_share == Decimal("0.00")
    row = signals.get("/trade/signalPo/followHistory")["data"]["list"][0]
    assert [row["signalType"], row["orderCode"], row["tradeShare"]] == ["SELL", "P03", None]


def _sell_by_hand(
    signals: Signals, product: Portfolio, sig_id: str, uuid: str, status: int = 200
) -> Any:
    return signals.post(
        "/trade/signalPo/redeem",
        {"financialAccountId": signals.trader.fa.id, "poCode": product.code, "sigId": sig_id,
         "redeemTo": "card", "paymentMethodId": signals.trader.card.id,
         "tradePassword": PASSWORD, "tradeUUID": uuid},
        status=status,
    )  # fmt: skip


def test_a_sell_signal_sells_a_holding_once_by_hand_or_by_the_plan(
    session: Session, signals: Signals, product: Portfolio, trader: Trader
) -> None:
    """按信号卖出 after the follow plan sold by the signal is refused (68118), and the plan does
    not follow a signal its follower sold by hand; a sale by another signal is not one of
    them, nor one cancelled (docs/signals.md#one-sale-a-signal)."""
    _held_by_halves(session, product, trader)
    signals.follow(product)
    first = signal(session, product, signalType="SELL", sellRatio="0.5", sigDate="2026-11-24")
    follow_day(session, date(2026, 11, 24))
    [record] = session.scalars(select(SignalFollowRecord)).all()
    assert record.status == "SUCCESS"
    orders = count(session, TradeOrder)
    res = _sell_by_hand(signals, product, first.sig_id, "by-hand-1", 409)
    assert (res["code"], res["msg"]) == (68118, "已按该信号卖出，不能重复卖出")
    assert count(session, TradeOrder) == orders

    # the next signal sold by hand first: the plan's follow of it is refused with the reason
    second = signal(session, product, signalType="SELL", sellRatio="0.2", sigDate="2026-11-25")
    sold = _sell_by_hand(signals, product, second.sig_id, "by-hand-2")["data"]
    assert (sold["orderCode"], sold["isSignalSellOrder"]) == ("P03", True)
    orders = count(session, TradeOrder)
    follow_day(session, date(2026, 11, 25))
    record = session.scalars(
        select(SignalFollowRecord).where(SignalFollowRecord.sig_id == second.sig_id)
    ).one()
    assert (record.status, record.fail_reason, record.order_id) == (
        "FAIL",
        "已按该信号卖出，不能重复卖出",
        None,
    )
    assert count(session, TradeOrder) == orders
    res = _sell_by_hand(signals, product, second.sig_id, "by-hand-3", 409)
    assert res["code"] == 68118

    # a sale cancelled (撤单) sold nothing: the signal may be sold by again
    signals.post(
        "/trade/cancelPoOrder",
        {"brokerOrderNo": sold["brokerOrderNo"], "tradePassword": PASSWORD},
    )
    again = _sell_by_hand(signals, product, second.sig_id, "by-hand-4")["data"]
    assert (again["orderCode"], again["isSignalSellOrder"]) == ("P03", True)


def test_a_paused_plan_does_not_follow_and_resumes(
    session: Session, signals: Signals, product: Portfolio
) -> None:
    signals.follow(product)
    paused = signals.follow(product, action="PAUSE", baseAmount=None)["data"]
    assert [paused["status"], paused["action"]] == ["PAUSE", "RESUME"]
    signal(session, product, sigDate="2026-11-24")
    follow_day(session, date(2026, 11, 24))
    assert count(session, SignalFollowRecord) == 0
    resumed = signals.follow(product, action="RESUME", baseAmount=None)["data"]
    assert resumed["status"] == "OPEN" and resumed["baseAmount"] == "1000.00"
    signal(session, product, sigDate="2026-11-25")
    follow_day(session, date(2026, 11, 25))
    assert count(session, SignalFollowRecord) == 1


def test_a_follow_refused_by_the_purchase_records_its_reason(
    session: Session, signals: Signals, product: Portfolio
) -> None:
    signals.follow(product)
    # a component stops purchases after the plan was set up: the purchase's own refusal
    from opentamp.models.products import Fund, PortfolioComponent

    fund = session.scalars(
        select(Fund).join(PortfolioComponent, PortfolioComponent.fund_code == Fund.code)
        .where(PortfolioComponent.portfolio_code == product.code).limit(1)
    ).one()  # fmt: skip
    fund.status = STATUS_STOP_ALLOT
    signal(session, product, sigDate="2026-11-24")
    follow_day(session, date(2026, 11, 24))
    record = session.scalars(select(SignalFollowRecord)).one()
    assert record.status == "FAIL" and record.order_id is None
    assert record.fail_reason == f"成分基金{fund.name}暂停申购，该组合暂时无法购买"
    assert count(session, TradeOrder) == 0


def test_the_minimum_refuses_a_set_of_follows_in_one_statement_and_the_rest_are_placed(
    session: Session, signals: Signals, product: Portfolio
) -> None:
    """A base of 200.00 (the least follow amount at a minimum of 100.00); the minimum is then
    raised to 150.00: 0.5× = 100.00 fails with trading's own message, 1× = 200.00 is placed,
    split 60 / 40 with a 1.5 % fee on each part (外扣法)."""
    signals.follow(product, baseAmount="200.00")
    product.min_purchase_amount = Decimal("150.00")
    signal(session, product, sigDate="2026-11-24", autoFollowBuyRate="0.5")
    follow_day(session, date(2026, 11, 24))
    failed = session.scalars(select(SignalFollowRecord)).one()
    assert [failed.status, failed.amount, failed.order_id] == ["FAIL", Decimal("100.00"), None]
    assert failed.fail_reason == "金额不能少于 150.00 元"
    assert count(session, TradeOrder) == 0
    signal(session, product, sigDate="2026-11-25", autoFollowBuyRate="1")
    follow_day(session, date(2026, 11, 25))
    placed = session.scalars(
        select(SignalFollowRecord).where(SignalFollowRecord.status == "SUCCESS")
    ).one()
    parent = session.get(TradeOrder, placed.order_id)
    assert parent is not None and parent.trade_amount == Decimal("200.00")
    children = session.scalars(
        select(TradeOrder).where(TradeOrder.parent_id == parent.id).order_by(TradeOrder.id)
    ).all()
    # 120.00: fee 120.00 − 120.00 / 1.015 = 1.77, net 118.23; 80.00: fee 1.18, net 78.82
    assert [(c.trade_amount, c.fee, c.net_amount) for c in children] == [
        (Decimal("120.00"), Decimal("1.77"), Decimal("118.23")),
        (Decimal("80.00"), Decimal("1.18"), Decimal("78.82")),
    ]
    assert [parent.fee, parent.net_amount] == [Decimal("2.95"), Decimal("197.05")]
    # the follow's notice: one event per followed record, recorded with the set
    from opentamp.models.notices import OutboxEvent

    event = session.scalars(select(OutboxEvent).where(OutboxEvent.kind == "follow.executed")).one()
    assert [event.key, event.ref, event.amount, event.detail] == [
        f"follow.executed:{placed.plan_id}:{placed.sig_id}",
        parent.broker_order_no,
        Decimal("200.00"),
        "BUY",
    ]


def test_card_follows_are_placed_as_a_set_and_the_rest_one_by_one(
    session: Session, client: TestClient, api: str, signals: Signals, product: Portfolio
) -> None:
    """Three followers of 1 000.00 on a 1.5× signal: a card within the grade (placed with the
    set), a card the bank refuses (the set's charge fails its record and removes its order),
    and an investor below the product's grade who confirmed it (judge_risk, one by one)."""
    from opentamp.models.auth import TradeRequest
    from opentamp.models.suitability import RiskConfirmation

    refused = make_trader(session, failing_card=True)
    cautious = make_trader(session, risk_grade5=product.risk_level - 1)
    signals.follow(product)
    Signals(client, api, refused).follow(product)
    Signals(client, api, cautious).follow(product, riskConfirmed=True)
    signal(session, product, sigDate="2026-11-24", autoFollowBuyRate="1.5")
    follow_day(session, date(2026, 11, 24))
    records = {rec.broker_user_id: rec for rec in session.scalars(select(SignalFollowRecord)).all()}
    ok, bad, confirmed = (records[t.user.id] for t in (signals.trader, refused, cautious))
    assert [ok.status, bad.status, confirmed.status] == ["SUCCESS", "FAIL", "SUCCESS"]
    assert bad.fail_reason == "银行卡扣款失败：银行卡余额不足" and bad.order_id is None
    for record in (ok, confirmed):
        parent = session.get(TradeOrder, record.order_id)
        assert parent is not None
        assert [parent.order_code, parent.trade_amount, parent.trade_date] == [
            "P02",
            Decimal("1500.00"),
            date(2026, 11, 24),
        ]
        assert parent.ext_meta_info is not None
        assert parent.ext_meta_info["sigId"] == record.sig_id
        children = session.scalars(
            select(TradeOrder).where(TradeOrder.parent_id == parent.id).order_by(TradeOrder.id)
        ).all()
        # 900.00: fee 900.00 − 900.00 / 1.015 = 13.30, net 886.70; 600.00: fee 8.87
        assert [(c.order_code, c.trade_amount, c.fee, c.net_amount) for c in children] == [
            ("022", Decimal("900.00"), Decimal("13.30"), Decimal("886.70")),
            ("022", Decimal("600.00"), Decimal("8.87"), Decimal("591.13")),
        ]
        assert [c.broker_order_no[:-2] for c in children] == [parent.broker_order_no] * 2
        assert [parent.fee, parent.net_amount] == [Decimal("22.17"), Decimal("1477.83")]
    assert count(session, TradeOrder) == 6
    keys = set(session.scalars(select(TradeRequest.trade_uuid)).all())
    assert trade_uuid(ok.plan_id, ok.sig_id) in keys
    assert trade_uuid(bad.plan_id, bad.sig_id) not in keys
    assert (
        session.scalar(
            select(func.count())
            .select_from(RiskConfirmation)
            .where(
                RiskConfirmation.broker_user_id == cautious.user.id,
                RiskConfirmation.product_code == product.code,
            )
        )
        >= 1
    )
    # the same day again places nothing more
    follow_day(session, date(2026, 11, 24))
    assert count(session, TradeOrder) == 6


# -- bad input -------------------------------------------------------------------------------


def test_bad_follow_settings_write_nothing(
    session: Session, signals: Signals, product: Portfolio, trader: Trader
) -> None:
    cases = [
        ({"baseAmount": "199.99"}, 68104, "最低跟车金额为200.00元"),
        # a 2× buy signal would charge the card 50 000.02, above its 50 000.00 single limit
        (
            {"baseAmount": "25000.01"},
            68119,
            "跟车单次最多扣款50,000.02元（跟车金额×2倍），"
            "超过该银行卡单笔限额50,000.00元，请调低金额或更换银行卡",
        ),
        ({"financialAccountId": None}, 68107, '请选择 "理财账户"'),
        ({"payType": None}, 68106, '请选择 "扣款方式"'),
        ({"paymentMethodId": None}, 68106, '请选择 "扣款方式"'),
        ({"payType": "wallet", "paymentMethodId": None}, 68105, "请先充值钱包"),
        ({"action": "UPDATE"}, 68114, "当前跟车状态为未跟车，不能修改跟车"),
    ]
    for fields, code, msg in cases:
        res = signals.follow(product, status=400, **fields)
        assert (res["code"], res["msg"]) == (code, msg), fields
    bare = make_signal_product(session, documents=False)
    res = signals.follow(bare, status=400)
    assert res["msg"] == "该组合目前缺少产品信息披露，暂时无法交易"
    # the product disclosed, a component fund not: the fund's own message
    disclose(session, bare.code)
    res = signals.follow(bare, status=400)
    assert (res["code"], res["msg"]) == (68117, "该产品无法交易，因披露信息不足")
    assert count(session, SignalFollowPlan) == 0


def test_a_follow_by_card_up_to_half_the_cards_limit_is_taken(
    session: Session, signals: Signals, product: Portfolio, trader: Trader
) -> None:
    """The biggest buy signal doubles the amount: 25 000.00 a follow is 50 000.00 at most, the
    card's single limit, and is taken."""
    assert trader.card.single_limit == Decimal("50000.00")
    signals.follow(product, baseAmount="25000.00")
    assert count(session, SignalFollowPlan) == 1


def test_the_pension_and_service_accounts_take_no_signal_product(
    session: Session, signals: Signals, product: Portfolio, trader: Trader
) -> None:
    """A follow plan or a purchase on a signal is a portfolio purchase: refused in the pension
    account (71125) and in a service account (60115), as /trade/buyPo refuses them."""
    s = signal(session, product)
    for kind, code in (("pension", 71125), ("service", 60115)):
        fa = make_financial_account(session, account=trader.account, name=kind, type=kind)
        res = signals.follow(product, status=400, financialAccountId=fa.id)
        assert res["code"] == code, kind
        res = signals.post(
            "/trade/signalPo/buy",
            {"financialAccountId": fa.id, "poCode": product.code, "sigId": s.sig_id,
             "amount": "1500.00", "payType": "card", "paymentMethodId": trader.card.id,
             "tradePassword": PASSWORD, "tradeUUID": f"sb-{kind}"},
            status=400,
        )  # fmt: skip
        assert res["code"] == code, kind
    assert count(session, SignalFollowPlan) == 0
    assert count(session, TradeOrder) == 0


def test_another_users_plan_answers_404(
    session: Session, client: TestClient, api: str, signals: Signals, product: Portfolio
) -> None:
    plan = signals.follow(product)["data"]
    other = make_trader(session)
    res = client.get(
        f"{api}/trade/signalPo/followHistory",
        params={"followPlanId": plan["followPlanId"]},
        headers=other.headers,
    )
    assert res.status_code == 404 and res.json()["code"] == 68103
    # another user's account in a setting: 404, nothing written
    res = client.post(
        f"{api}/trade/signalPo/followSetting",
        json={"poCode": product.code, "action": "PAUSE", "financialAccountId": signals.trader.fa.id,
              "tradePassword": "135790"},
        headers=other.headers,
    )  # fmt: skip
    assert res.status_code == 404
    assert session.get(SignalFollowPlan, plan["followPlanId"]).status == "OPEN"  # type: ignore[union-attr]


def test_bad_publications_write_nothing(session: Session, product: Portfolio) -> None:
    from opentamp.errors import AppError

    paused = make_signal_product(session, status=STATUS_STOP_ALLOT)
    cases = [
        ({"autoFollowBuyRate": "2.5"}, 68109),
        ({"autoFollowBuyRate": "0.4"}, 68109),
        ({"autoFollowBuyRate": None}, 68109),
        ({"signalType": "SELL", "sellRatio": "1.5"}, 68110),
        ({"sigDate": "2026-11-20"}, 68113),  # a day the market has already run
        ({"sigDate": "2026-11-28"}, 68113),  # a Saturday
        ({"poCode": paused.code}, 68111),
        ({"poCode": "ZH999999"}, 68101),
    ]
    for fields, code in cases:
        with pytest.raises(AppError) as caught:
            signal(session, product, **fields)
        assert caught.value.code == code, fields
    signal(session, product)
    with pytest.raises(AppError) as caught:
        signal(session, product)
    assert caught.value.code == 68112
    assert count(session, ProductSignal) == 1


def test_a_customer_token_never_publishes(
    session: Session, client: TestClient, api: str, product: Portfolio
) -> None:
    customer = make_trader(session)
    body = {"poCode": product.code, "autoFollowBuyRate": "1.5"}
    res = client.post(f"{api}/operator/signal/publish", json=body, headers=customer.headers)
    assert res.status_code == 401 and res.json()["code"] == 67004
    res = client.post(
        f"{api}/operator/signal/publish", json=body, headers=login(session, customer.user)
    )
    assert res.status_code == 401
    assert count(session, ProductSignal) == 0


def test_a_purchase_on_a_buy_signal_by_hand_is_an_ordinary_purchase_with_the_signal(
    session: Session, product: Portfolio, signals: Signals
) -> None:
    """跟车买入 (/trade/signalPo/buy): the order remembers its signal; the ordinary checks hold
    (the minimum, the SMS step of payAuthMode PASSWORD_SMS); a sell signal is no buy."""
    s = signal(session, product)

    def buy(amount: str, status: int = 200, sig_id: str = s.sig_id, **more: Any) -> Any:
        return signals.post(
            "/trade/signalPo/buy",
            {"financialAccountId": signals.trader.fa.id, "poCode": product.code,
             "sigId": sig_id, "amount": amount, "payType": "card",
             "paymentMethodId": signals.trader.card.id, "tradePassword": PASSWORD,
             "tradeUUID": f"sb-{amount}-{sig_id}", **more},
            status=status,
        )  # fmt: skip

    res = buy("1.00", 400)
    assert (res["code"], res["msg"]) == (60005, f"金额不能少于 {product.min_purchase_amount} 元")
    assert count(session, TradeOrder) == 0
    signals.trader.account.trade_verify_method = "PASSWORD_SMS"
    session.flush()
    res = buy("1500.00", 400)
    assert (res["code"], res["msg"]) == (60102, "请先完成短信验证")
    assert count(session, TradeOrder) == 0
    signals.trader.account.trade_verify_method = "PASSWORD"
    session.flush()
    order = buy("1500.00")["data"]
    assert (order["orderCode"], order["tradeAmount"]) == ("P02", "1500.00")
    assert order["extMetaInfo"] == {"sigId": s.sig_id}
    sell = signal(
        session, product, signalType="SELL", autoFollowBuyRate="0.3", sigDate="2026-11-24"
    )
    assert buy("1500.00", 400, sig_id=sell.sig_id)["code"] == 68116
