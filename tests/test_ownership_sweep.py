"""The ownership sweep (docs/architecture.md#transport): every call naming a financial account,
a card, the user or the account is made by user B with user A's id, one id at a time (B's own
for the others), and must answer 404, writing nothing; the same call with B's own id must not
answer the same 404, so the refusal is the ownership check's and not a missing product's.

The table lists each operation of the API (its OpenAPI document) whose ids are of these kinds, with
the least body that passes validation (``FA``, ``FAS``, ``CARD``, ``USER``, ``ACCOUNT``: the
ids; ``FUND``, ``PO``, ``SIGNAL``: a fund, a portfolio and its signal; ``UUID``: a fresh trade
id). Calls naming a service account, a plan, an order or a fee besides are swept in their
features' tests (tests/advisory/test_owners.py, …)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from opentamp.core.calendar import get_calendar
from opentamp.db import Base
from opentamp.kit.clock import today
from opentamp.models.accounts import Account, FinancialAccount, PaymentMethod
from opentamp.models.appointments import FundOpenPeriod
from opentamp.models.products import Fund, PortfolioComponent
from tests.factories import add_navs, login, make_fund, make_portfolio, make_signal
from tests.owners import call
from tests.signals.conftest import make_signal_product
from tests.trading.conftest import PASSWORD, Trader, make_holding, make_trader

#: (method, path, fields): query parameters of a GET, the JSON body of a write.
CALLS: list[tuple[str, str, dict[str, Any]]] = [
    ("GET", "/account/checkUserLatestContracts", {"brokerUserId": "USER"}),
    ("GET", "/account/followSignal", {"poCode": "PO", "financialAccountId": "FA"}),
    (
        "POST",
        "/account/genAssetReport",
        {"financialAccountId": "FA", "reportType": "month", "period": "2026-10"},
    ),
    ("GET", "/account/getAccount", {"brokerUserId": "USER"}),
    (
        "GET",
        "/account/getAccountAsset",
        {"financialAccountId": "FA", "brokerUserId": "USER", "accountId": "ACCOUNT"},
    ),
    (
        "GET",
        "/account/getAccountAssetDetail",
        {
            "financialAccountId": "FA",
            "productCode": "FUND",
            "brokerUserId": "USER",
            "accountId": "ACCOUNT",
        },
    ),
    (
        "GET",
        "/account/getAccountAssetDetailByConfig",
        {"financialAccountId": "FA", "brokerUserId": "USER", "accountId": "ACCOUNT"},
    ),
    ("GET", "/account/getAccountAssetList", {"brokerUserId": "USER"}),
    ("GET", "/account/getAccountSeriesStrategyAsset", {"financialAccountId": "FA"}),
    (
        "GET",
        "/account/getAccumulatedProfitTrend",
        {"financialAccountId": "FA", "brokerUserId": "USER", "accountId": "ACCOUNT"},
    ),
    ("GET", "/account/getAllPaymentMethods", {"brokerUserId": "USER", "financialAccountId": "FA"}),
    ("GET", "/account/getAssetReportList", {"financialAccountId": "FA"}),
    (
        "GET",
        "/account/getClearOutAssetList",
        {"financialAccountId": "FA", "brokerUserId": "USER", "accountId": "ACCOUNT"},
    ),
    ("GET", "/account/getFinancialAccountList", {"brokerUserId": "USER", "accountId": "ACCOUNT"}),
    ("GET", "/account/getFollowSetting", {"poCode": "PO", "financialAccountId": "FA"}),
    ("GET", "/account/getHistoryPaymentMethods", {"brokerUserId": "USER"}),
    ("GET", "/account/getLatestSurveyInfo", {"brokerUserId": "USER"}),
    ("GET", "/account/getPaymentMethods", {"brokerUserId": "USER"}),
    ("GET", "/account/getProfitBookDetail", {"financialAccountId": "FA"}),
    (
        "GET",
        "/account/getProfitDetail",
        {"financialAccountId": "FA", "brokerUserId": "USER", "accountId": "ACCOUNT"},
    ),
    (
        "GET",
        "/account/holdingAssets/riskLevel",
        {"financialAccountId": "FA", "brokerUserId": "USER", "accountId": "ACCOUNT"},
    ),
    ("POST", "/account/paymentMethod/prepareSign", {"paymentMethodId": "CARD"}),
    (
        "POST",
        "/account/paymentMethod/unbind",
        {"paymentMethodId": "CARD", "tradePassword": PASSWORD},
    ),
    ("GET", "/account/popupScene", {"popupScene": "PAYMENT_RESIGN", "brokerUserId": "USER"}),
    ("POST", "/account/popupScene", {"brokerUserId": "USER", "popupScene": "PAYMENT_RESIGN"}),
    ("GET", "/account/queryUnsignPayment", {"brokerUserId": "USER", "accountId": "ACCOUNT"}),
    ("GET", "/account/queryUnsignPayments", {"brokerUserId": "USER", "accountId": "ACCOUNT"}),
    (
        "POST",
        "/account/signLatestContracts",
        {"brokerUserId": "USER", "contracts": [{"fileType": "1", "version": "1"}]},
    ),
    ("POST", "/account/submitNonAmerican", {"brokerUserId": "USER", "nonAmerican": True}),
    (
        "PUT",
        "/account/updateFinancialAccount",
        {"financialAccountId": "FA", "financialAccountName": "1"},
    ),
    ("GET", "/asset/certificationPreview", {"financialAccountIds": "FAS"}),
    ("POST", "/asset/genAssetCertification", {"date": "2026-11-02", "financialAccountIds": "FAS"}),
    ("GET", "/asset/targetSetting", {"strategyCode": "PO", "financialAccountId": "FA"}),
    (
        "POST",
        "/asset/targetSetting",
        {"strategyCode": "PO", "financialAccountId": "FA", "targetRate": "0.10"},
    ),
    ("GET", "/customer/transferCenter", {"brokerUserId": "USER"}),
    (
        "POST",
        "/onlineChangeCard/newCardCheck",
        {"oldPaymentMethodId": "CARD", "cardNo": "6222020200112233445", "phone": "13812345678"},
    ),
    ("POST", "/onlineChangeCard/save", {"oldPaymentMethodId": "CARD"}),
    (
        "POST",
        "/payment/changeBankCardPhone/sendSms",
        {"paymentMethodId": "CARD", "phone": "13812345678"},
    ),
    ("POST", "/payment/cmb/sign", {"paymentMethodId": "CARD"}),
    (
        "POST",
        "/saip/strategyInvestPlan/create",
        {
            "tradeUUID": "UUID",
            "amount": "100.00",
            "periodUnit": 1,
            "periodDay": 1,
            "paymentMethodId": "CARD",
            "financialAccountId": "FA",
            "productType": "strategy",
            "productCode": "STRATEGY",
            "tradePassword": PASSWORD,
        },
    ),
    ("GET", "/saip/strategyInvestPlan/list", {"financialAccountId": "FA"}),
    ("GET", "/tamp/account/checkUserLatestContractsResult", {"brokerUserId": "USER"}),
    ("GET", "/tamp/account/nonAmerican", {"brokerUserId": "USER"}),
    ("GET", "/tamp/getAdUserReportList", {"financialAccountId": "FA"}),
    ("GET", "/tamp/getBrokerUserProductStatus", {"brokerUserId": "USER"}),
    ("POST", "/tamp/traceLogs", {"brokerUserId": "USER"}),
    ("POST", "/toast/ignoreRiskToast", {"brokerUserId": "USER"}),
    ("GET", "/toast/isNeedRiskToast", {"brokerUserId": "USER"}),
    (
        "POST",
        "/trade/adjustPoShare",
        {
            "tradeUUID": "UUID",
            "financialAccountId": "FA",
            "poCode": "PO",
            "tradePassword": PASSWORD,
        },
    ),
    (
        "POST",
        "/trade/buyFund",
        {
            "tradeUUID": "UUID",
            "financialAccountId": "FA",
            "fundCode": "FUND",
            "amount": "100.00",
            "paymentMethodId": "CARD",
            "tradePassword": PASSWORD,
        },
    ),
    (
        "POST",
        "/trade/buyPo",
        {
            "tradeUUID": "UUID",
            "financialAccountId": "FA",
            "poCode": "PO",
            "amount": "100.00",
            "paymentMethodId": "CARD",
            "tradePassword": PASSWORD,
        },
    ),
    ("POST", "/trade/buyVerifyCode/send", {"financialAccountId": "FA"}),
    (
        "POST",
        "/trade/convert/do",
        {
            "tradeUUID": "UUID",
            "financialAccountId": "FA",
            "fundCode": "FUND",
            "targetFundCode": "FUND",
            "shares": "1",
            "tradePassword": PASSWORD,
        },
    ),
    ("GET", "/trade/convert/prepare", {"fundCode": "FUND", "financialAccountId": "FA"}),
    (
        "GET",
        "/trade/estimateRedeemFundFee",
        {"financialAccountId": "FA", "fundCode": "FUND", "shares": "1"},
    ),
    ("GET", "/trade/getAllOrders", {"financialAccountId": "FA"}),
    (
        "GET",
        "/trade/getCalendarProfit",
        {"financialAccountId": "FA", "brokerUserId": "USER", "accountId": "ACCOUNT"},
    ),
    (
        "GET",
        "/trade/getDailyProfitList",
        {"financialAccountId": "FA", "brokerUserId": "USER", "accountId": "ACCOUNT"},
    ),
    ("GET", "/trade/getPoAdjustmentSummary", {"financialAccountId": "FA", "poCode": "PO"}),
    (
        "GET",
        "/trade/getProfits",
        {"financialAccountId": "FA", "brokerUserId": "USER", "accountId": "ACCOUNT"},
    ),
    (
        "GET",
        "/trade/getShares",
        {"financialAccountId": "FA", "brokerUserId": "USER", "accountId": "ACCOUNT"},
    ),
    (
        "GET",
        "/trade/getSuperWalletOrders",
        {"brokerUserId": "USER", "accountId": "ACCOUNT", "financialAccountId": "FA"},
    ),
    (
        "POST",
        "/trade/investPlan/create",
        {
            "tradeUUID": "UUID",
            "amount": "100.00",
            "periodUnit": 1,
            "periodDay": 1,
            "paymentMethodId": "CARD",
            "financialAccountId": "FA",
            "productType": "fund",
            "productCode": "FUND",
            "tradePassword": PASSWORD,
        },
    ),
    ("GET", "/trade/investPlan/list", {"financialAccountId": "FA"}),
    (
        "GET",
        "/trade/investPlan/preview",
        {"productType": "fund", "productCode": "FUND", "periodUnit": 1, "financialAccountId": "FA"},
    ),
    ("POST", "/trade/openWallet", {"financialAccountId": "FA"}),
    ("GET", "/trade/prepareRedeemPo", {"financialAccountId": "FA", "poCode": "PO", "ratio": "1"}),
    (
        "POST",
        "/trade/rechargeWallet",
        {
            "tradeUUID": "UUID",
            "financialAccountId": "FA",
            "amount": "100.00",
            "paymentMethodId": "CARD",
            "tradePassword": PASSWORD,
        },
    ),
    (
        "POST",
        "/trade/redeemAppointment/create",
        {
            "tradeUUID": "UUID",
            "financialAccountId": "FA",
            "fundCode": "PERIODIC",
            "shares": "1",
            "redeemTo": "card",
            "paymentMethodId": "CARD",
            "tradePassword": PASSWORD,
        },
    ),
    ("GET", "/trade/redeemAppointment/list", {"financialAccountId": "FA"}),
    (
        "POST",
        "/trade/redeemFundByFundCode",
        {
            "tradeUUID": "UUID",
            "financialAccountId": "FA",
            "fundCode": "FUND",
            "shares": "1",
            "paymentMethodId": "CARD",
            "tradePassword": PASSWORD,
        },
    ),
    (
        "POST",
        "/trade/redeemPo",
        {
            "tradeUUID": "UUID",
            "financialAccountId": "FA",
            "poCode": "PO",
            "ratio": "1",
            "paymentMethodId": "CARD",
            "tradePassword": PASSWORD,
        },
    ),
    (
        "POST",
        "/trade/redeemWallet",
        {
            "tradeUUID": "UUID",
            "financialAccountId": "FA",
            "amount": "100.00",
            "paymentMethodId": "CARD",
            "tradePassword": PASSWORD,
        },
    ),
    (
        "POST",
        "/trade/setFundDividendMethod",
        {"financialAccountId": "FA", "fundCode": "FUND", "method": "cash"},
    ),
    (
        "POST",
        "/trade/signalPo/buy",
        {
            "tradeUUID": "UUID",
            "financialAccountId": "FA",
            "poCode": "PO",
            "sigId": "SIGNAL",
            "amount": "100.00",
            "paymentMethodId": "CARD",
            "tradePassword": PASSWORD,
        },
    ),
    ("GET", "/trade/signalPo/followHistory", {"financialAccountId": "FA"}),
    ("GET", "/trade/signalPo/followSetting", {"poCode": "PO", "financialAccountId": "FA"}),
    (
        "POST",
        "/trade/signalPo/followSetting",
        {
            "poCode": "PO",
            "action": "CREATE",
            "baseAmount": "1000.00",
            "payType": "card",
            "financialAccountId": "FA",
            "paymentMethodId": "CARD",
            "tradePassword": PASSWORD,
        },
    ),
    (
        "POST",
        "/trade/signalPo/redeem",
        {
            "tradeUUID": "UUID",
            "financialAccountId": "FA",
            "poCode": "PO",
            "sigId": "SELL_SIGNAL",
            "redeemTo": "card",
            "paymentMethodId": "CARD",
            "tradePassword": PASSWORD,
        },
    ),
    (
        "POST",
        "/trade/superWallet/adjust",
        {
            "tradeUUID": "UUID",
            "financialAccountId": "FA",
            "fromFundCode": "FUND",
            "toFundCode": "FUND",
            "shares": "1",
            "tradePassword": PASSWORD,
        },
    ),
    ("GET", "/trade/superWallet/asset", {"financialAccountId": "FA"}),
    ("GET", "/trade/superWallet/shares", {"financialAccountId": "FA"}),
    (
        "POST",
        "/transfer/external/submit",
        {
            "financialAccountId": "FA",
            "source": "file",
            "items": [{"fundCode": "FUND", "shares": "1", "cost": "1"}],
        },
    ),
    ("GET", "/uniteOrder/conditions", {"financialAccountId": "FA"}),
    ("GET", "/uniteOrder/dividends", {"financialAccountId": "FA"}),
    ("GET", "/uniteOrder/list", {"financialAccountId": "FA"}),
    ("GET", "/uniteOrder/rebalances", {"financialAccountId": "FA"}),
    ("GET", "/uniteOrder/walletOrders", {"financialAccountId": "FA"}),
]

#: The placeholders naming ids that must be the caller's.
OWNED = {"FA", "FAS", "CARD", "USER", "ACCOUNT"}
#: Which placeholder each id field carries.
FIELDS = {
    "financialAccountId": "FA",
    "financialAccountIds": "FAS",
    "paymentMethodId": "CARD",
    "oldPaymentMethodId": "CARD",
    "brokerUserId": "USER",
    "accountId": "ACCOUNT",
}


def _cases() -> list[Any]:
    out = []
    for method, path, fields in CALLS:
        for name in fields:
            if name in FIELDS:
                out.append(pytest.param(method, path, fields, name, id=f"{path}:{name}"))
    return out


@dataclass
class Sweep:
    fund: Fund
    periodic: Fund
    po: str
    po_funds: list[Fund]
    strategy: str
    signal: str
    sell_signal: str


@pytest.fixture
def products(session: Session) -> Sweep:
    """A fund, another with an open period ahead (a redemption booking's), a signal product
    with a buy and a sell signal, and a strategy portfolio (a strategy plan's)."""
    fund = make_fund(session, min_purchase_amount=Decimal("1"))
    add_navs(session, fund, {date(2026, 10, 30): "1.0000"})
    periodic = make_fund(session, min_purchase_amount=Decimal("1"))
    # a trading day a week ahead on the app's clock: a period on a weekend or a holiday is none
    start = get_calendar().trading_day_on_or_after(today() + timedelta(days=7))
    session.add(FundOpenPeriod(fund_code=periodic.code, start_date=start, end_date=start))
    po = make_signal_product(session)
    buy = make_signal(session, portfolio=po, day=date(2026, 10, 29))
    sell = make_signal(session, portfolio=po, day=date(2026, 10, 30), signal_type="SELL")
    strategy = make_portfolio(session, code=f"CL{fund.code}", components=[(fund, Decimal("1"))])
    po_funds = list(
        session.scalars(
            select(Fund)
            .join(PortfolioComponent, PortfolioComponent.fund_code == Fund.code)
            .where(PortfolioComponent.portfolio_code == po.code)
        )
    )
    return Sweep(fund, periodic, po.code, po_funds, strategy.code, buy.sig_id, sell.sig_id)


_uuids = itertools.count(1)


def _ids(t: Trader) -> dict[str, Any]:
    return {
        "FA": t.fa.id,
        "FAS": [t.fa.id],
        "CARD": t.card.id,
        "USER": t.user.id,
        "ACCOUNT": t.account.id,
    }


def _fill(value: Any, swap: str, mine: dict[str, Any], theirs: dict[str, Any], p: Sweep) -> Any:
    if isinstance(value, dict):
        return {k: _fill(v, swap, mine, theirs, p) for k, v in value.items()}
    if isinstance(value, list):
        return [_fill(v, swap, mine, theirs, p) for v in value]
    if value in OWNED:
        return theirs[value] if value == swap else mine[value]
    return {
        "FUND": p.fund.code,
        "PO": p.po,
        "STRATEGY": p.strategy,
        "SIGNAL": p.signal,
        "SELL_SIGNAL": p.sell_signal,
        "PERIODIC": p.periodic.code,
        "UUID": f"sweep-{next(_uuids)}",
    }.get(value, value)


def _snapshot(session: Session, other: Trader) -> dict[str, Any]:
    """How many rows each table of users' rows holds, and the other user's own rows."""
    session.expire_all()
    counts = {
        t.name: session.scalar(select(func.count()).select_from(t))
        for t in Base.metadata.sorted_tables
        if "broker_user_id" in t.columns and t.name not in IGNORED
    }
    rows = [
        session.get(Account, other.account.id),
        session.get(FinancialAccount, other.fa.id),
        session.get(PaymentMethod, other.card.id),
    ]
    return {
        "counts": counts,
        "rows": [
            {c.key: getattr(r, c.key) for c in r.__table__.columns}  # type: ignore[union-attr]
            for r in rows
        ],
    }


#: Tables a refused call may write beside its refusal: sign-in tokens (``login``) and the
#: append-only logs of what was asked.
IGNORED = {"auth_token", "trace_log", "client_metric", "outbox_event"}


@pytest.mark.parametrize(("method", "path", "fields", "swap"), _cases())
def test_another_users_id_answers_404(
    session: Session,
    client: TestClient,
    api: str,
    products: Sweep,
    method: str,
    path: str,
    fields: dict[str, Any],
    swap: str,
) -> None:
    me, other = make_trader(session), make_trader(session)
    day = date(2026, 10, 30)
    make_holding(session, trader=me, fund=products.fund, lots=[(day, "100.00")])
    for fund in products.po_funds:
        make_holding(
            session, trader=me, fund=fund, lots=[(day, "100.00")], portfolio_code=products.po
        )
    headers = login(session, me.user)
    mine, theirs = _ids(me), _ids(other)
    placeholder = FIELDS[swap]
    before = _snapshot(session, other)
    foreign = call(
        client, f"{api}{path}", method, _fill(fields, placeholder, mine, theirs, products), headers
    )
    assert foreign.status_code == 404, foreign.text
    assert _snapshot(session, other) == before
    own = call(client, f"{api}{path}", method, _fill(fields, "", mine, theirs, products), headers)
    assert (own.status_code, own.json()["code"]) != (404, foreign.json()["code"]), own.text
