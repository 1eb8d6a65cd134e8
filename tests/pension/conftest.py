"""Pension fixtures: an investor ready to trade (tests/trading), a frozen clock, and the pension
and trade calls of one investor."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime
from decimal import Decimal
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from opentamp.kit.clock import BEIJING, ClockState, clock
from opentamp.models.products import Fund
from tests.factories import add_navs, make_fund
from tests.trading.conftest import (  # noqa: F401  (fixtures)
    PASSWORD,
    Trader,
    gateway,
    make_trader,
    trader,
)

MON = date(2026, 11, 23)
TUE = date(2026, 11, 24)


def freeze(text: str) -> None:
    moment = datetime.fromisoformat(text).replace(tzinfo=BEIJING)
    clock.override(ClockState(frozen_at=moment))


@pytest.fixture
def monday() -> Iterator[None]:
    freeze("2026-11-23 10:00")
    yield


def make_pension_fund(session: Session, **fields: Any) -> Fund:
    """A Y-class pension fund: listed purchase rate 0.8 % with the fee waived (discount 0)."""
    fund = make_fund(
        session,
        name="测试养老目标日期2045三年持有期混合型基金中基金(FOF)Y",
        short_name="测试养老2045Y",
        fund_type=3,
        purchase_rate=Decimal("0.008"),
        purchase_discount=Decimal("0"),
        is_pension=True,
        **fields,
    )
    add_navs(session, fund, {MON: "1.2500", TUE: "1.2600"})
    return fund


class Pension:
    """The pension and trade calls of one signed-in investor."""

    def __init__(self, client: TestClient, base: str, investor: Trader) -> None:
        self.client, self.base, self.trader = client, base, investor
        self._n = 0

    def uuid(self) -> str:
        self._n += 1
        return f"pen-{self.trader.user.id}-{self._n}"

    def post(self, path: str, body: dict[str, Any], *, status: int = 200) -> dict[str, Any]:
        res = self.client.post(f"{self.base}{path}", json=body, headers=self.trader.headers)
        assert res.status_code == status, res.text
        return dict(res.json())

    def get(self, path: str, *, status: int = 200, **params: Any) -> dict[str, Any]:
        res = self.client.get(f"{self.base}{path}", params=params, headers=self.trader.headers)
        assert res.status_code == status, res.text
        return dict(res.json())

    def bind(self, *, status: int = 200, **fields: Any) -> dict[str, Any]:
        body = {
            "bankNo": "002",
            "accountNo": "6222600100012345678",
            "city": "北京市",
            "agreed": True,
            **fields,
        }
        return self.post("/pension/bindTDAccount", body, status=status)

    def apply(self, amount: str, *, status: int = 200, **fields: Any) -> dict[str, Any]:
        body = {
            "amount": amount,
            "paymentMethodId": self.trader.card.id,
            "tradeUUID": self.uuid(),
            **fields,
        }
        return self.post("/pension/rechargeApply", body, status=status)

    def confirm(self, apply_no: str, *, status: int = 200, **fields: Any) -> dict[str, Any]:
        body = {"applyNo": apply_no, "tradePassword": PASSWORD, "agreed": True, **fields}
        return self.post("/pension/rechargeConfirm", body, status=status)

    def contribute(self, amount: str) -> dict[str, Any]:
        return self.confirm(self.apply(amount)["data"]["applyNo"])

    def account(self) -> dict[str, Any]:
        return self.get("/pension/tdAccount")["data"]

    def buy(self, fund: str, amount: str, *, status: int = 200, **fields: Any) -> dict[str, Any]:
        body = {
            "financialAccountId": self.account()["financialAccountId"],
            "fundCode": fund,
            "amount": amount,
            "payType": "pension",
            "tradePassword": PASSWORD,
            "tradeUUID": self.uuid(),
            **fields,
        }
        return self.post("/trade/buyFund", body, status=status)


@pytest.fixture
def pension(client: TestClient, api: str, trader: Trader) -> Pension:  # noqa: F811
    return Pension(client, api, trader)
