"""Plan fixtures: the trading factories (an investor ready to trade, the wallet fund, a
recording gateway), a frozen clock, and the plan calls of one investor."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any

import pytest
from fastapi.testclient import TestClient

from opentamp.kit.clock import BEIJING, ClockState, clock
from tests.trading.conftest import (  # noqa: F401  (fixtures)
    PASSWORD,
    Trader,
    gateway,
    make_holding,
    make_trader,
    make_wallet_fund,
    trader,
    wallet_fund,
)


def freeze(text: str) -> None:
    """Stop the clock at a Beijing-time moment: ``freeze("2026-11-23 10:00")``."""
    moment = datetime.fromisoformat(text).replace(tzinfo=BEIJING)
    clock.override(ClockState(frozen_at=moment))


@pytest.fixture
def monday() -> Iterator[None]:
    freeze("2026-11-23 10:00")
    yield


class Plans:
    """The plan calls of one signed-in investor."""

    def __init__(self, client: TestClient, base: str, investor: Trader) -> None:
        self.client, self.base, self.trader = client, base, investor
        self._n = 0

    def uuid(self) -> str:
        self._n += 1
        return f"p-{self.trader.user.id}-{self._n}"

    def post(self, path: str, body: dict[str, Any], *, status: int = 200) -> dict[str, Any]:
        res = self.client.post(f"{self.base}{path}", json=body, headers=self.trader.headers)
        assert res.status_code == status, res.text
        return dict(res.json())

    def get(self, path: str, *, expect: int = 200, **params: Any) -> dict[str, Any]:
        res = self.client.get(f"{self.base}{path}", params=params, headers=self.trader.headers)
        assert res.status_code == expect, res.text
        return dict(res.json())

    def create(self, *, status: int = 200, base: str = "/trade/investPlan", **fields: Any
               ) -> dict[str, Any]:  # fmt: skip
        body = {
            "financialAccountId": self.trader.fa.id,
            "productType": "fund",
            "amount": "500.00",
            "periodUnit": 1,
            "periodDay": 3,
            "payType": "card",
            "paymentMethodId": self.trader.card.id,
            "tradePassword": PASSWORD,
            "tradeUUID": self.uuid(),
            **fields,
        }
        return self.post(f"{base}/create", body, status=status)

    def act(self, action: str, plan_id: int, *, status: int = 200, **fields: Any) -> dict:
        body = {
            "investPlanId": plan_id,
            "tradePassword": PASSWORD,
            "tradeUUID": self.uuid(),
            **fields,
        }
        return self.post(f"/trade/investPlan/{action}", body, status=status)


@pytest.fixture
def plans(client: TestClient, api: str, trader: Trader) -> Plans:  # noqa: F811
    return Plans(client, api, trader)
