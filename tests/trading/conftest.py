"""Trading factories: an investor ready to trade, holdings with lots, the wallet fund."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from argon2 import PasswordHasher
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import Engine, text
from sqlalchemy.orm import Session

from opentamp.core.answers import AnswerCache, RedisAnswers, answers
from opentamp.models.accounts import Account, FinancialAccount, PaymentMethod
from opentamp.models.auth import BrokerUser
from opentamp.models.holdings import Holding, HoldingLot
from opentamp.models.products import FUND_TYPE_MONEY_MARKET, WALLET_FUND_CODE, Fund
from opentamp.outside.payment import (
    CARD_CHARGE_FAILS,
    LocalPaymentGateway,
    PaymentResult,
    card_fingerprint,
    use_payment_gateway,
)
from tests.factories import (
    login,
    make_account,
    make_financial_account,
    make_fund,
    make_payment_method,
    make_user,
)
from tests.sms import SmsRecorder, sms  # noqa: F401  (the sms fixture)

PASSWORD = "135790"
FAST_HASHER = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
#: The gateway token of the designated failing card (every charge fails).
FAILING_TOKEN = "loc_" + card_fingerprint(CARD_CHARGE_FAILS)[:24]


@dataclass
class Trader:
    user: BrokerUser
    account: Account
    fa: FinancialAccount
    card: PaymentMethod
    headers: dict[str, str]


def make_trader(session: Session, *, risk_grade5: int = 5, failing_card: bool = False) -> Trader:
    """A signed-in investor with an opened account (grade C5 unless told), a trade password
    (``PASSWORD``), a bound card and a financial account to trade in."""
    from opentamp.kit.clock import now

    user = make_user(session)
    account = make_account(session, user=user, risk_grade5=risk_grade5, risk_assessed_at=now())
    # The same argon2 hash as set_trade_password, at test strength (verify reads the cost
    # from the hash), so hundreds of trades stay fast.
    account.trade_password_hash = FAST_HASHER.hash(PASSWORD)
    fa = make_financial_account(session, account=account, name="交易账户")
    card = make_payment_method(session, account=account)
    if failing_card:
        card.gateway_token = FAILING_TOKEN
    session.flush()
    return Trader(user, account, fa, card, login(session, user))


def make_wallet_fund(session: Session) -> Fund:
    fund = session.get(Fund, WALLET_FUND_CODE)
    if fund is not None:
        return fund
    return make_fund(
        session,
        code=WALLET_FUND_CODE,
        name="测试货币市场基金",
        short_name="测试货币",
        fund_type=FUND_TYPE_MONEY_MARKET,
        risk_level=1,
        purchase_rate=None,
        redeem_tiers=[],
        min_purchase_amount=Decimal("0.01"),
        min_redeem_shares=Decimal("0.01"),
        min_hold_shares=Decimal("0.00"),
    )


def make_holding(
    session: Session,
    *,
    trader: Trader,
    fund: Fund,
    lots: list[tuple[date, str]],
    portfolio_code: str = "",
    cost: str | None = None,
    fa: FinancialAccount | None = None,
) -> Holding:
    """A confirmed holding made of lots (confirm date, shares); cost = shares unless given."""
    fa = fa or trader.fa
    shares = sum((Decimal(s) for _, s in lots), Decimal("0.00"))
    holding = Holding(
        broker_user_id=trader.user.id,
        account_id=trader.account.id,
        financial_account_id=fa.id,
        fund_code=fund.code,
        portfolio_code=portfolio_code,
        shares=shares,
        cost=Decimal(cost) if cost is not None else shares,
        paid_in=Decimal(cost) if cost is not None else shares,
        nav=Decimal("1.0000"),
        market_value=shares,
        first_confirm_date=min(d for d, _ in lots),
    )
    session.add(holding)
    session.flush()
    for day, amount in lots:
        session.add(HoldingLot(holding_id=holding.id, confirm_date=day, shares=Decimal(amount)))
    session.flush()
    return holding


@pytest.fixture
def trader(session: Session) -> Trader:
    return make_trader(session)


@pytest.fixture
def wallet_fund(session: Session) -> Fund:
    return make_wallet_fund(session)


class RecordingGateway(LocalPaymentGateway):
    """The local gateway, remembering each call as (kind, amount, order number)."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Decimal, str]] = []

    def charge(self, *, token: str, amount: Decimal, order_no: str) -> PaymentResult:
        result = super().charge(token=token, amount=amount, order_no=order_no)
        if result.ok:
            self.calls.append(("charge", amount, order_no))
        return result

    def refund(self, *, token: str, amount: Decimal, order_no: str) -> PaymentResult:
        self.calls.append(("refund", amount, order_no))
        return super().refund(token=token, amount=amount, order_no=order_no)

    def payout(self, *, token: str, amount: Decimal, order_no: str) -> PaymentResult:
        self.calls.append(("payout", amount, order_no))
        return super().payout(token=token, amount=amount, order_no=order_no)


@pytest.fixture
def gateway() -> Iterator[RecordingGateway]:
    recorder = RecordingGateway()
    use_payment_gateway(recorder)
    try:
        yield recorder
    finally:
        use_payment_gateway(None)


class Api:
    """The trade calls of one signed-in investor, through the test client."""

    def __init__(self, client: TestClient, base: str, trader: Trader) -> None:
        self.client, self.base, self.trader = client, base, trader
        self._n = 0

    def uuid(self) -> str:
        self._n += 1
        return f"t-{self.trader.user.id}-{self._n}"

    def post(self, path: str, body: dict[str, Any], *, status: int = 200) -> dict[str, Any]:
        res = self.client.post(f"{self.base}{path}", json=body, headers=self.trader.headers)
        assert res.status_code == status, res.text
        return res.json()

    def get(self, path: str, *, status: int = 200, **params: Any) -> dict[str, Any]:
        res = self.client.get(f"{self.base}{path}", params=params, headers=self.trader.headers)
        assert res.status_code == status, res.text
        return res.json()

    def buy_fund(self, fund_code: str, amount: str, *, status: int = 200, **extra: Any) -> dict:
        body = {
            "financialAccountId": self.trader.fa.id,
            "fundCode": fund_code,
            "amount": amount,
            "payType": "card",
            "paymentMethodId": self.trader.card.id,
            "tradePassword": PASSWORD,
            "tradeUUID": self.uuid(),
            **extra,
        }
        return self.post("/trade/buyFund", body, status=status)

    def redeem(self, fund_code: str, shares: str, *, status: int = 200, **extra: Any) -> dict:
        body = {
            "financialAccountId": self.trader.fa.id,
            "fundCode": fund_code,
            "shares": shares,
            "redeemTo": "card",
            "tradePassword": PASSWORD,
            "tradeUUID": self.uuid(),
            **extra,
        }
        return self.post("/trade/redeemFundByFundCode", body, status=status)

    def cancel(self, order_no: str, *, po: bool = False, status: int = 200) -> dict:
        path = "/trade/cancelPoOrder" if po else "/trade/cancelFundOrder"
        return self.post(
            path, {"brokerOrderNo": order_no, "tradePassword": PASSWORD}, status=status
        )


@pytest.fixture
def api_of(client: TestClient, api: str) -> Callable[[Trader], Api]:
    return lambda trader: Api(client, api, trader)


@pytest.fixture
def me(api_of: Callable[[Trader], Api], trader: Trader) -> Api:
    return api_of(trader)


def ticket(me: Api, texts: SmsRecorder) -> str:
    """A checked buy verify code's ticket (the screens' 发送验证码 and 确定)."""
    me.post("/trade/buyVerifyCode/send", {"financialAccountId": me.trader.fa.id})
    code = texts.code(me.trader.account.phone, "trade")
    data = me.post("/trade/buyVerifyCode/check", {"code": code})["data"]
    return str(data["ticket"])


#: The Redis database of the answer-store tests (skipped when none answers).
REDIS_URL = os.environ.get("OPENTAMP_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")


@pytest.fixture
def redis_answers() -> Iterator[RedisAnswers]:
    """The answer store on Redis for the test, emptied and put back to memory after it."""
    store = RedisAnswers(REDIS_URL)
    try:
        store._redis.ping()
    except Exception:  # noqa: BLE001 - any failure to reach it
        pytest.skip(f"no Redis at {REDIS_URL}")
    answers.use(store)
    try:
        yield store
    finally:
        store.clear()
        answers.use(AnswerCache())


@pytest.fixture
def served(app: FastAPI, committed: Engine) -> Iterator[TestClient]:
    """A client of the app as it serves: no dependency overridden, every commit real (the
    per-test rolled-back session is a connection no other sees)."""
    assert not app.dependency_overrides
    answers.clear()
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client
    answers.clear()


def end_other_connections(engine: Engine) -> int:
    """PostgreSQL: end every other connection of the test database (pooled ones included), as
    a server restart or an idle timeout would; how many were ended."""
    with engine.connect() as admin:
        return int(
            admin.execute(
                text(
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
            ).scalar()
            or 0
        )
