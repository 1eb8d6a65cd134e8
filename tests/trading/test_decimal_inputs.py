"""Amounts, shares and ratios in requests (docs/architecture.md#transport): a plain ASCII
decimal string of at most 2 places (ratios 8), or a JSON number read exactly; full-width or
Arabic-Indic digits, spaces, exponents, signs and leading zeros are refused and place no
order."""

from __future__ import annotations

import json
from datetime import date, datetime
from decimal import Decimal

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.kit.clock import BEIJING, frozen
from opentamp.models.orders import TradeOrder
from tests.factories import make_fund, make_portfolio
from tests.trading.conftest import PASSWORD, Api, RecordingGateway, make_holding

D = Decimal
TUESDAY_10 = datetime(2026, 11, 24, 10, 0, tzinfo=BEIJING)

NOT_PLAIN = [
    "１００",  # full-width digits
    "١٠٠",  # Arabic-Indic digits
    " 100 ",
    "100 ",
    "1e2",
    "1E2",
    "+100",
    "-100",
    "0100",
    "100.",
    ".5",
    "1,000",
    "1_000",
    "0x64",
    "Infinity",
    "100\n",
]


def orders(session: Session, me: Api) -> list[TradeOrder]:
    return list(
        session.scalars(select(TradeOrder).where(TradeOrder.broker_user_id == me.trader.user.id))
    )


@pytest.mark.parametrize("amount", NOT_PLAIN)
def test_an_amount_not_written_plainly_places_no_order(
    session: Session, me: Api, gateway: RecordingGateway, amount: str
) -> None:
    fund = make_fund(session)
    with frozen(TUESDAY_10):
        body = me.buy_fund(fund.code, amount, status=400)
    assert (body["error"], body["msg"]) == ("invalid_params", "金额格式不正确"), amount
    assert orders(session, me) == [] and gateway.calls == []


def test_amount_limits(session: Session, me: Api, gateway: RecordingGateway) -> None:
    fund = make_fund(session)
    with frozen(TUESDAY_10):
        for amount, msg in [
            ("100.001", "金额小数位数过多"),
            ("100.000", "金额小数位数过多"),
            ("0.00", "金额必须大于 0"),
            ("1000000000000.00", "金额不能大于 999999999999.99"),
            (True, "金额格式不正确"),
            ([], "金额格式不正确"),
        ]:
            assert me.buy_fund(fund.code, amount, status=400)["msg"] == msg, amount  # type: ignore[arg-type]
    assert orders(session, me) == []


def test_a_json_number_is_read_exactly(
    session: Session, me: Api, client: TestClient, api: str, gateway: RecordingGateway
) -> None:
    fund = make_fund(session)
    with frozen(TUESDAY_10):
        data = me.buy_fund(fund.code, 100.5)["data"]  # type: ignore[arg-type]
        assert data["tradeAmount"] == "100.50"
        assert me.buy_fund(fund.code, 200)["data"]["tradeAmount"] == "200.00"  # type: ignore[arg-type]
        assert me.buy_fund(fund.code, 0.001, status=400)["msg"] == "金额小数位数过多"  # type: ignore[arg-type]
        # 16 digits: through a float 99999999999999.99 would become 99999999999999.98
        held = make_fund(session, min_redeem_shares=D("0.01"), min_hold_shares=D("0.00"))
        make_holding(
            session, trader=me.trader, fund=held, lots=[(date(2025, 1, 2), "99999999999999.99")]
        )
        body = {
            "financialAccountId": me.trader.fa.id,
            "fundCode": held.code,
            "shares": "@",
            "redeemTo": "card",
            "tradePassword": PASSWORD,
            "tradeUUID": me.uuid(),
        }
        raw = json.dumps(body).replace('"@"', "99999999999999.99").encode()
        res = client.post(
            f"{api}/trade/redeemFundByFundCode",
            content=raw,
            headers={**me.trader.headers, "Content-Type": "application/json"},
        )
    assert res.status_code == 200, res.text
    assert res.json()["data"]["tradeShare"] == "99999999999999.99"
    redeemed = [o for o in orders(session, me) if o.fund_code == held.code]
    assert [o.trade_share for o in redeemed] == [D("99999999999999.99")]


def test_shares_and_ratios_follow_the_same_rule(
    session: Session, me: Api, gateway: RecordingGateway
) -> None:
    fund = make_fund(session, min_redeem_shares=D("0.01"), min_hold_shares=D("0.00"))
    make_holding(session, trader=me.trader, fund=fund, lots=[(date(2025, 1, 2), "1000.00")])
    portfolio = make_portfolio(session, components=[(fund, D("1"))])
    with frozen(TUESDAY_10):
        for shares in ("１００", "1e2", " 100"):
            assert me.redeem(fund.code, shares, status=400)["msg"] == "份额格式不正确"
        for ratio in ("０.５", "5e-1", " 0.5"):
            data = me.get(
                "/trade/prepareRedeemPo",
                status=400,
                financialAccountId=me.trader.fa.id,
                poCode=portfolio.code,
                ratio=ratio,
            )
            assert data["msg"] == "比例格式不正确", ratio
        data = me.get(
            "/trade/prepareRedeemPo",
            status=400,
            financialAccountId=me.trader.fa.id,
            poCode=portfolio.code,
            ratio="1.5",
        )
        assert data["msg"] == "比例不能大于 1"
        # named as the screen names what was typed, not by the request's field
        assert me.redeem(fund.code, "0", status=400)["msg"] == "份额必须大于 0"
        assert me.redeem(fund.code, "1.234", status=400)["msg"] == "份额小数位数过多"
        # query strings: the fee estimate reads its amount there
        for amount in ("１００", "1e2", " 100 "):
            data = me.get(
                "/trade/estimateBuyFundFee", status=400, fundCode=fund.code, amount=amount
            )
            assert data["msg"] == "金额格式不正确", amount
        assert (
            me.get("/trade/estimateBuyFundFee", fundCode=fund.code, amount="100")["data"]["amount"]
            == "100.00"
        )
    assert orders(session, me) == []
