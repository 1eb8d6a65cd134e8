"""The buy verify code on purchases (docs/trading.md "Buy verify code"): an account whose
payAuthMode is PASSWORD_SMS pays only with the one-use ticket of a checked SMS code
(``verifyTicket``), spent in the order's own transaction."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from decimal import Decimal

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from opentamp.kit.clock import BEIJING, frozen
from opentamp.models.auth import TradeRequest
from opentamp.models.orders import TradeOrder
from opentamp.models.verification import SecurityTicket
from tests.factories import make_fund, make_payment_method, make_portfolio
from tests.sms import SmsRecorder
from tests.trading.conftest import Api, RecordingGateway, Trader, make_trader, ticket

D = Decimal
MORNING = datetime(2026, 11, 24, 10, 0, tzinfo=BEIJING)


@pytest.fixture
def sms_user(session: Session, api_of: Callable[[Trader], Api]) -> Api:
    trader = make_trader(session)
    trader.account.trade_verify_method = "PASSWORD_SMS"
    session.flush()
    return api_of(trader)


def orders_of(session: Session, trader: Trader) -> list[TradeOrder]:
    return list(
        session.scalars(select(TradeOrder).where(TradeOrder.broker_user_id == trader.user.id))
    )


def tickets_spent(session: Session, trader: Trader) -> list[bool]:
    rows = session.scalars(
        select(SecurityTicket)
        .where(SecurityTicket.broker_user_id == trader.user.id)
        .order_by(SecurityTicket.id)
        .execution_options(populate_existing=True)
    )
    return [row.used_at is not None for row in rows]


def test_without_a_ticket_the_purchase_is_refused_and_nothing_written(
    session: Session, sms_user: Api, gateway: RecordingGateway
) -> None:
    fund = make_fund(session)
    with frozen(MORNING):
        res = sms_user.buy_fund(fund.code, "100.00", status=400)
    assert (res["code"], res["msg"], res["error"]) == (
        60102,
        "请先完成短信验证",
        "buy_verify_required",
    )
    assert orders_of(session, sms_user.trader) == [] and gateway.calls == []
    assert session.scalar(select(func.count()).select_from(TradeRequest)) == 0


def test_a_checked_ticket_pays_once_and_is_spent(
    session: Session, sms_user: Api, sms: SmsRecorder, gateway: RecordingGateway
) -> None:
    fund = make_fund(session)
    with frozen(MORNING):
        raw = ticket(sms_user, sms)
        data = sms_user.buy_fund(fund.code, "100.00", verifyTicket=raw)["data"]
        assert data["orderCode"] == "022" and data["tradeAmount"] == "100.00"
        assert tickets_spent(session, sms_user.trader) == [True]
        # The same ticket does not pay for a second order.
        again = sms_user.buy_fund(fund.code, "200.00", verifyTicket=raw, status=400)
    assert (again["code"], again["msg"]) == (62050, "身份验证已过期，请重新验证")
    assert [o.trade_amount for o in orders_of(session, sms_user.trader)] == [D("100.00")]
    assert gateway.calls == [("charge", D("100.00"), data["brokerOrderNo"])]


def test_a_repeated_trade_uuid_answers_the_first_order_without_a_new_ticket(
    session: Session, sms_user: Api, sms: SmsRecorder
) -> None:
    fund = make_fund(session)
    with frozen(MORNING):
        first = sms_user.buy_fund(
            fund.code, "100.00", tradeUUID="once", verifyTicket=ticket(sms_user, sms)
        )["data"]
        repeat = sms_user.buy_fund(fund.code, "100.00", tradeUUID="once")["data"]
    assert repeat["brokerOrderNo"] == first["brokerOrderNo"]
    assert len(orders_of(session, sms_user.trader)) == 1


def test_a_refused_order_leaves_its_ticket_unspent(
    session: Session, api_of: Callable[[Trader], Api], sms: SmsRecorder
) -> None:
    """The ticket is spent in the order's transaction: a refused charge rolls it back too."""
    trader = make_trader(session, failing_card=True)
    trader.account.trade_verify_method = "PASSWORD_SMS"
    session.flush()
    me = api_of(trader)
    fund = make_fund(session)
    with frozen(MORNING):
        raw = ticket(me, sms)
        res = me.buy_fund(fund.code, "100.00", verifyTicket=raw, status=400)
        assert res["code"] == 60007
        assert tickets_spent(session, trader) == [False]
        # Paid from another card, the same ticket still serves.
        other = make_payment_method(session, account=trader.account)
        me.buy_fund(fund.code, "100.00", verifyTicket=raw, paymentMethodId=other.id)
    assert tickets_spent(session, trader) == [True]
    assert len(orders_of(session, trader)) == 1


def test_an_expired_or_foreign_ticket_is_refused(
    session: Session,
    sms_user: Api,
    sms: SmsRecorder,
    api_of: Callable[[Trader], Api],
) -> None:
    fund = make_fund(session)
    with frozen(MORNING):
        raw = ticket(sms_user, sms)
    with frozen(datetime(2026, 11, 24, 10, 10, tzinfo=BEIJING)):  # ten minutes later
        assert sms_user.buy_fund(fund.code, "100.00", verifyTicket=raw, status=400)["code"] == (
            62050
        )
    someone = make_trader(session)
    someone.account.trade_verify_method = "PASSWORD_SMS"
    session.flush()
    with frozen(datetime(2026, 11, 24, 10, 11, tzinfo=BEIJING)):
        mine = ticket(sms_user, sms)
        res = api_of(someone).buy_fund(fund.code, "100.00", verifyTicket=mine, status=400)
    assert res["code"] == 62050
    assert tickets_spent(session, sms_user.trader) == [False, False]
    assert orders_of(session, sms_user.trader) == orders_of(session, someone) == []


def test_portfolio_and_wallet_purchases_ask_for_it_too(
    session: Session, sms_user: Api, sms: SmsRecorder, wallet_fund: object
) -> None:
    po = make_portfolio(session, components=[(make_fund(session), D("1"))])
    card = sms_user.trader.card.id
    fa = sms_user.trader.fa.id
    po_body = {
        "financialAccountId": fa,
        "poCode": po.code,
        "amount": "1000.00",
        "payType": "card",
        "paymentMethodId": card,
        "tradePassword": "135790",
    }
    recharge = {
        "financialAccountId": fa,
        "amount": "500.00",
        "paymentMethodId": card,
        "tradePassword": "135790",
    }
    with frozen(MORNING):
        refused = sms_user.post("/trade/buyPo", {**po_body, "tradeUUID": "po"}, status=400)
        assert refused["code"] == 60102
        refused = sms_user.post("/trade/rechargeWallet", {**recharge, "tradeUUID": "w"}, status=400)
        assert refused["code"] == 60102
        body = {**po_body, "tradeUUID": "po", "verifyTicket": ticket(sms_user, sms)}
        assert sms_user.post("/trade/buyPo", body)["data"]["orderCode"] == "P02"
    with frozen(datetime(2026, 11, 24, 10, 2, tzinfo=BEIJING)):  # one code a minute
        body = {**recharge, "tradeUUID": "w", "verifyTicket": ticket(sms_user, sms)}
        assert sms_user.post("/trade/rechargeWallet", body)["data"]["orderCode"] == "W01"
    assert tickets_spent(session, sms_user.trader) == [True, True]


def test_password_only_accounts_are_unchanged_and_ignore_the_field(
    session: Session, me: Api
) -> None:
    fund = make_fund(session)
    with frozen(MORNING):
        me.buy_fund(fund.code, "100.00")
        me.buy_fund(fund.code, "100.00", verifyTicket="not-a-ticket")
    assert len(orders_of(session, me.trader)) == 2
