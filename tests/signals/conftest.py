"""Signal fixtures: an investor ready to trade (the trading factories), a signal product with
its disclosure files, a frozen Monday before the cut-off, and the signal calls."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from opentamp.models.catalogue import ProductDocument
from opentamp.models.products import Portfolio
from tests.factories import make_fund, make_portfolio
from tests.plans.conftest import freeze
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


@pytest.fixture
def monday() -> Iterator[None]:
    """Monday 2026-11-23 10:00, before the cut-off; no day of the pipeline has run."""
    freeze("2026-11-23 10:00")
    yield


def disclose(session: Session, *codes: str) -> None:
    for code in codes:
        session.add(
            ProductDocument(
                product_code=code, doc_type="prospectus", title="招募说明书",
                version_date=date(2026, 1, 4),
            )
        )  # fmt: skip
    session.flush()


def make_signal_product(session: Session, *, documents: bool = True, **fields: Any) -> Portfolio:
    """A signal product of two funds (60 % / 40 %), minimum purchase 100.00 元."""
    a = make_fund(session, min_purchase_amount=Decimal("10.00"))
    b = make_fund(session, min_purchase_amount=Decimal("10.00"))
    po = make_portfolio(
        session,
        components=[(a, Decimal("0.6")), (b, Decimal("0.4"))],
        kind="signal",
        min_purchase_amount=Decimal("100.00"),
        manager_name="王磊",
        **fields,
    )
    if documents:
        disclose(session, po.code, a.code, b.code)
    return po


@pytest.fixture
def product(session: Session) -> Portfolio:
    return make_signal_product(session)


class Signals:
    """The signal calls of one signed-in investor."""

    def __init__(self, client: TestClient, base: str, investor: Trader) -> None:
        self.client, self.base, self.trader = client, base, investor

    def post(self, path: str, body: dict[str, Any], *, status: int = 200) -> dict[str, Any]:
        res = self.client.post(f"{self.base}{path}", json=body, headers=self.trader.headers)
        assert res.status_code == status, res.text
        return dict(res.json())

    def get(self, path: str, *, status: int = 200, **params: Any) -> dict[str, Any]:
        res = self.client.get(f"{self.base}{path}", params=params, headers=self.trader.headers)
        assert res.status_code == status, res.text
        return dict(res.json())

    def follow(self, po: Portfolio, *, status: int = 200, **fields: Any) -> dict[str, Any]:
        body = {
            "poCode": po.code,
            "action": "CREATE",
            "financialAccountId": self.trader.fa.id,
            "baseAmount": "1000.00",
            "payType": "card",
            "paymentMethodId": self.trader.card.id,
            "tradePassword": PASSWORD,
            **fields,
        }
        return self.post("/trade/signalPo/followSetting", body, status=status)


@pytest.fixture
def signals(client: TestClient, api: str, trader: Trader) -> Signals:  # noqa: F811
    return Signals(client, api, trader)
