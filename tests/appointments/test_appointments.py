"""Redemption appointments and saved trade forms (docs/appointments.md): a booking for the
next open day placed by the daily step, cancellation, and the bad input (a fund without open
periods, too many shares, another user's booking or form)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.appointments.api import place_due
from opentamp.models.appointments import FundOpenPeriod, RedeemAppointment
from opentamp.models.orders import TradeOrder
from opentamp.models.products import Fund
from tests.factories import login, make_fund
from tests.plans.conftest import freeze
from tests.trading.conftest import PASSWORD, Trader, make_holding, make_trader

D = Decimal


class Calls:
    def __init__(self, client: TestClient, base: str, trader: Trader) -> None:
        self.client, self.base, self.trader, self.n = client, base, trader, 0

    def get(self, path: str, status: int = 200, **params: Any) -> dict[str, Any]:
        res = self.client.get(f"{self.base}{path}", params=params, headers=self.trader.headers)
        assert res.status_code == status, res.text
        return dict(res.json())

    def post(self, path: str, body: dict[str, Any], status: int = 200) -> dict[str, Any]:
        res = self.client.post(f"{self.base}{path}", json=body, headers=self.trader.headers)
        assert res.status_code == status, res.text
        return dict(res.json())

    def book(self, fund: Fund, shares: str, status: int = 200) -> dict[str, Any]:
        self.n += 1
        return self.post(
            "/trade/redeemAppointment/create",
            {"financialAccountId": self.trader.fa.id, "fundCode": fund.code, "shares": shares,
             "redeemTo": "wallet", "tradePassword": PASSWORD,
             "tradeUUID": f"a-{self.trader.user.id}-{self.n}"},
            status,
        )  # fmt: skip


@pytest.fixture
def calls(client: TestClient, api: str, trader: Trader) -> Calls:
    return Calls(client, api, trader)


def fixed_open_fund(session: Session, trader: Trader) -> Fund:
    fund = make_fund(session, name="测试定开债券基金")
    for start, end in ((date(2026, 11, 2), date(2026, 11, 6)),
                       (date(2026, 12, 5), date(2026, 12, 11))):  # fmt: skip
        session.add(FundOpenPeriod(fund_code=fund.code, start_date=start, end_date=end))
    make_holding(session, trader=trader, fund=fund, lots=[(date(2026, 6, 1), "5000.00")])
    return fund


def test_a_booking_waits_for_the_next_open_day_and_is_placed_then(
    session: Session, calls: Calls, wallet_fund: Fund
) -> None:
    fund = fixed_open_fund(session, calls.trader)
    freeze("2026-11-24 10:00")
    listed = calls.get("/trade/redeemAppointment/list")["data"]
    (f,) = listed["funds"]
    # The next period opens on Saturday 12-05: its first trading day is Monday 12-07.
    assert (f["nextOpenDate"], f["availableShares"], f["bookedShares"]) == (
        "2026-12-07", "5000.00", "0.00")  # fmt: skip
    booked = calls.book(fund, "3000.00")["data"]
    assert (booked["status"], booked["statusName"], booked["openDate"]) == (
        "BOOKED", "已预约", "2026-12-07")  # fmt: skip
    # 2 000.00 remain to book.
    res = calls.book(fund, "2000.01", 400)
    assert (res["code"], res["msg"]) == (68223, "预约份额超过可预约份额2,000.00份")
    assert place_due(session, date(2026, 12, 4)) == 0
    assert place_due(session, date(2026, 12, 7)) == 1
    row = session.get(RedeemAppointment, booked["appointmentId"])
    assert row is not None and row.status == "PLACED"
    order = session.get(TradeOrder, row.order_id)
    assert order is not None and (order.order_code, order.trade_share, order.trade_date) == (
        "024", D("3000.00"), date(2026, 12, 7))  # fmt: skip
    assert place_due(session, date(2026, 12, 7)) == 0
    res = calls.post("/trade/redeemAppointment/cancel",
                     {"appointmentId": booked["appointmentId"]}, 400)  # fmt: skip
    assert (res["code"], res["msg"]) == (68224, "该预约已提交赎回，无法撤销")


def test_cancel_and_another_users_booking(
    session: Session, calls: Calls, wallet_fund: Fund
) -> None:
    fund = fixed_open_fund(session, calls.trader)
    freeze("2026-11-24 10:00")
    booked = calls.book(fund, "100.00")["data"]
    mine = calls.trader
    calls.trader = make_trader(session)
    res = calls.post("/trade/redeemAppointment/cancel",
                     {"appointmentId": booked["appointmentId"]}, 404)  # fmt: skip
    assert res["code"] == 68221
    assert calls.get("/trade/redeemAppointment/list")["data"]["appointments"] == []
    calls.trader = mine
    done = calls.post("/trade/redeemAppointment/cancel",
                      {"appointmentId": booked["appointmentId"]})["data"]  # fmt: skip
    assert done["status"] == "CANCELLED"
    assert place_due(session, date(2026, 12, 7)) == 0


def test_a_fund_without_open_periods_takes_no_booking(session: Session, calls: Calls) -> None:
    fund = make_fund(session)
    make_holding(session, trader=calls.trader, fund=fund, lots=[(date(2026, 6, 1), "100.00")])
    freeze("2026-11-24 10:00")
    res = calls.book(fund, "10.00", 400)
    assert (res["code"], res["msg"]) == (68222, "该基金不是定期开放基金，无需预约，可直接卖出")
    assert session.scalars(select(RedeemAppointment)).all() == []


def test_a_saved_form_is_its_owners_until_it_expires(session: Session, calls: Calls) -> None:
    freeze("2026-11-24 10:00")
    saved = calls.post("/trade/saveTemporary", {"tradeType": "redeemAppointment",
                       "payload": {"fundCode": "000001", "shares": "10.00"}})["data"]  # fmt: skip
    tid = saved["temporaryId"]
    got = calls.post("/trade/verifyTemporary", {"temporaryId": tid})["data"]
    assert got["payload"] == {"fundCode": "000001", "shares": "10.00"}
    mine = calls.trader
    calls.trader = make_trader(session)
    res = calls.post("/trade/verifyTemporary", {"temporaryId": tid}, 404)
    assert res["code"] == 68231
    calls.trader = mine
    freeze("2026-11-24 10:31")
    res = calls.post("/trade/verifyTemporary", {"temporaryId": tid}, 400)
    assert (res["code"], res["msg"]) == (68232, "交易信息已过期，请重新填写")


def test_an_ordinary_redemption_outside_the_open_periods_is_refused(
    session: Session, calls: Calls, wallet_fund: Fund
) -> None:
    fund = fixed_open_fund(session, calls.trader)

    def redeem(shares: str, status: int) -> dict[str, Any]:
        calls.n += 1
        return calls.post(
            "/trade/redeemFundByFundCode",
            {"financialAccountId": calls.trader.fa.id, "fundCode": fund.code, "shares": shares,
             "redeemTo": "wallet", "tradePassword": PASSWORD,
             "tradeUUID": f"r-{calls.trader.user.id}-{calls.n}"},
            status,
        )  # fmt: skip

    freeze("2026-11-24 10:00")  # between the periods: refused, nothing written
    res = redeem("100.00", 400)
    assert (res["code"], res["msg"]) == (60116, "该基金为定期开放基金，当前不在开放期，请预约赎回")
    assert session.scalars(select(TradeOrder)).all() == []
    freeze("2026-12-04 16:00")  # after Friday's cut-off the trade date is Monday 12-07: open
    calls.trader.headers = login(session, calls.trader.user)
    order = redeem("100.00", 200)["data"]
    assert (order["orderCode"], order["tradeDate"]) == ("024", "2026-12-07")
    freeze("2026-12-11 16:00")  # after the last day's cut-off: the next trade date is closed
    calls.trader.headers = login(session, calls.trader.user)
    assert redeem("100.00", 400)["code"] == 60116
