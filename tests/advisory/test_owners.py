"""Ownership sweep of the advisory calls (docs/architecture.md#transport): an adviser operator
acts within their own broker only, so another broker's customer's service account or adjustment
answers 404 and nothing is written; an investor's ids in a body are checked against the token's
owner, each of them (the service account, the card, the order, the fee, the adjustment)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from opentamp.models.advisory import (
    FEE_SUCCESS,
    IN_FORCE,
    MANUAL,
    AdvisoryAdjustment,
    AdvisoryAnnouncement,
    AdvisoryFee,
    AdvisoryFile,
    ServiceAccount,
)
from opentamp.models.membership import PAID, MemberOrder
from opentamp.models.operators import Operator, OperatorAudit
from opentamp.models.orders import TradeOrder
from opentamp.models.products import PortfolioComponent
from opentamp.operators.api import ADVISER, create_operator
from tests.advisory.conftest import OPERATOR_PASSWORD, Calls, World, run_day
from tests.factories import login, make_broker, make_financial_account
from tests.owners import Call, sweep
from tests.trading.conftest import PASSWORD, Trader, make_trader


def _sign_in_adviser(client: TestClient, api: str, session: Session, broker_id: int) -> Any:
    create_operator(
        session,
        broker_id=broker_id,
        login="waishang",
        display_name="外商投顾",
        password=OPERATOR_PASSWORD,
        roles=[ADVISER],
    )
    body = {"brokerId": broker_id, "login": "waishang", "password": OPERATOR_PASSWORD}
    answer = client.post(f"{api}/operator/auth/login", json=body).json()
    return {"Authorization": f"Bearer {answer['data']['accessToken']}"}


def _in_force(session: Session, calls: Calls, world: World) -> int:
    sa = calls.sign(world.half.code)
    calls.deposit(sa, "2000.00")
    run_day(session, world, date(2026, 11, 2))
    run_day(session, world, date(2026, 11, 3))
    return sa


def _rows(session: Session) -> tuple[int, int, list[tuple[int, str]]]:
    adjustments = session.execute(
        select(AdvisoryAdjustment.id, AdvisoryAdjustment.status).order_by(AdvisoryAdjustment.id)
    ).all()
    fees = session.scalar(select(func.count()).select_from(AdvisoryFee)) or 0
    return len(adjustments), fees, [(i, s) for i, s in adjustments]


def test_another_brokers_adviser_cannot_touch_a_customer(
    session: Session,
    client: TestClient,
    api: str,
    calls: Calls,
    world: World,
    adviser: Callable[[], dict[str, str]],
) -> None:
    """The draft, its submission and withdrawal and a manual fee of an adviser of another broker
    name the customer's service account or adjustment: each 404, the customer's rows as they
    were (the strategy itself belongs to no team, so only the customer's broker can tell)."""
    world.half.team_id = None
    sa = _in_force(session, calls, world)
    weights = [{"fundCode": world.funds[0].code, "weight": "1"}]
    own = client.post(
        f"{api}/operator/adviser/proposal/draft",
        json={"serviceAccountId": sa, "weightList": weights, "reason": "本券商的调仓"},
        headers=adviser(),
    ).json()
    assert own["code"] == 0, own
    adjustment_id = own["data"]["adjustmentId"]
    stranger = _sign_in_adviser(client, api, session, make_broker(session).id)
    before = _rows(session)
    cases: list[tuple[str, dict[str, Any]]] = [
        ("proposal/draft", {"serviceAccountId": sa, "weightList": weights, "reason": "越权"}),
        ("proposal/submit", {"adjustmentId": adjustment_id}),
        ("proposal/withdraw", {"adjustmentId": adjustment_id}),
        ("fee/manual", {"serviceAccountId": sa, "amount": "10.00", "reason": "越权收费"}),
    ]
    for path, body in cases:
        res = client.post(f"{api}/operator/adviser/{path}", json=body, headers=stranger)
        assert (res.status_code, res.json()["code"]) == (404, 40400), (path, res.text)
        session.expire_all()
        assert _rows(session) == before, path
    # nor is the customer among the stranger's served accounts, nor their fees in its income
    served = client.get(f"{api}/operator/adviser/accounts", headers=stranger).json()["data"]
    assert served == []
    income = client.get(f"{api}/operator/adviser/fees", headers=stranger).json()["data"]
    figures = {Decimal(r[k]) for r in income["rowList"] for k in ("charged", "accrued", "paid")}
    assert figures <= {Decimal(0)}, income
    assert client.get(f"{api}/operator/adviser/accounts", headers=adviser()).json()["data"]


def _strategy_rows(session: Session, po_code: str) -> tuple[object, ...]:
    """What the adviser's strategy calls may write: the adjustments, the announcements, the
    files, the model, and the audit rows of the adviser's actions."""
    session.expire_all()

    def count(model: Any, *where: Any) -> int:
        return session.scalar(select(func.count()).select_from(model).where(*where)) or 0

    model = session.execute(
        select(PortfolioComponent.fund_code, PortfolioComponent.weight)
        .where(PortfolioComponent.portfolio_code == po_code)
        .order_by(PortfolioComponent.fund_code)
    ).all()
    return (
        count(AdvisoryAdjustment),
        count(AdvisoryAnnouncement),
        count(AdvisoryFile, AdvisoryFile.po_code == po_code),
        [tuple(row) for row in model],
        count(OperatorAudit, OperatorAudit.action.like("adviser.%")),
    )


def _strategy_calls(po_code: str, fund_code: str) -> list[tuple[str, dict[str, Any]]]:
    """The adviser's calls that change a strategy for every holder, whatever their broker."""
    return [
        ("model/publish", {"poCode": po_code, "reason": "越权调仓",
                           "weightList": [{"fundCode": fund_code, "weight": "1"}]}),
        ("announcement", {"poCode": po_code, "title": "越权公告", "content": "越权"}),
        ("files", {"poCode": po_code,
                   "fileList": [{"name": "基金投顾服务协议", "fileUrl": "/files/v2.pdf"}]}),
    ]  # fmt: skip


def test_only_the_strategys_own_team_may_change_it(
    session: Session,
    client: TestClient,
    api: str,
    calls: Calls,
    world: World,
    adviser: Callable[[], dict[str, str]],
) -> None:
    """The model, an announcement and the files of a strategy: another broker's adviser, and
    any adviser on a strategy without a team, answer 404 (like a missing one) and write
    nothing, not even their audit row (docs/operators.md); the adviser of the strategy's own
    team's broker may."""
    _in_force(session, calls, world)
    fund = world.funds[0].code
    stranger = _sign_in_adviser(client, api, session, make_broker(session).id)
    own = adviser()
    world.full.team_id = None
    session.flush()
    refusals = [(stranger, world.half.code), (stranger, world.full.code), (own, world.full.code)]
    for headers, po_code in refusals:
        before = _strategy_rows(session, po_code)
        for path, body in _strategy_calls(po_code, fund):
            res = client.post(f"{api}/operator/adviser/{path}", json=body, headers=headers)
            assert (res.status_code, res.json()["code"]) == (404, 40400), (path, res.text)
            assert _strategy_rows(session, po_code) == before, (po_code, path)
    # the strategy's own adviser: each done, and audited
    audited = _strategy_rows(session, world.half.code)[-1]
    for path, body in _strategy_calls(world.half.code, fund):
        res = client.post(f"{api}/operator/adviser/{path}", json=body, headers=own)
        assert res.json()["code"] == 0, (path, res.text)
    adjustments, announcements, files, model, audits = _strategy_rows(session, world.half.code)
    assert (adjustments, announcements, model, audits) == (1, 1, [(fund, 1)], audited + 3)


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/serviceAccount/deposit", {"amount": "1000.00", "payType": "card"}),
        ("/serviceAccount/withdraw", {"ratio": "0.5", "redeemTo": "card"}),
    ],
)
def test_another_users_card_with_ones_own_service_account(
    session: Session,
    client: TestClient,
    api: str,
    calls: Calls,
    world: World,
    path: str,
    body: dict[str, Any],
) -> None:
    """The caller's own service account paid with, or paid out to, another user's card: 404,
    no order placed."""
    sa = _in_force(session, calls, world)
    other = make_trader(session)
    calls.post("/serviceAccount/depositVerifyCode", {"serviceAccountId": sa})
    before = _rows(session)
    res = client.post(
        f"{api}{path}",
        json={
            "serviceAccountId": sa,
            "paymentMethodId": other.card.id,
            "tradePassword": PASSWORD,
            "verifyCode": calls.sms.code(calls.trader.account.phone),
            "tradeUUID": calls.uuid(),
            **body,
        },
        headers=login(session, calls.trader.user),
    )
    assert res.status_code == 404, res.text
    assert _rows(session) == before


#: (method, path, fields) of the advisory and order calls naming a service account, an
#: adjustment or an order (``SA``, ``ADJ``, ``ORDER``; ``FA``, ``CARD``, ``FEE``: the caller's
#: financial account, card and fee, ``MEMBER_ORDER`` their membership order; ``FUND``, ``PO``,
#: ``FILES``: a fund, the code and the files of the strategy), with the least body that passes
#: validation. The robo adviser's calls are swept in tests/robo/.
CALLS: list[Call] = [
    ("GET", "/adviser/chargeList", {"serviceAccountId": "SA"}),
    ("GET", "/adviser/queryPayStatus", {"feeId": "FEE", "orderNo": "MEMBER_ORDER"}),
    (
        "POST",
        "/adviser/sign",
        {"financialAccountId": "FA", "requiredSignList": [{"poCode": "PO", "fileIdList": "FILES"}]},
    ),  # fmt: skip
    ("GET", "/adviser/feeList", {"serviceAccountId": "SA"}),
    ("GET", "/adviser/targetDebtList", {"serviceAccountId": "SA"}),
    (
        "POST",
        "/adviser/unsign",
        {"tradeUUID": "UUID", "serviceAccountId": "SA", "tradePassword": PASSWORD},
    ),
    (
        "POST",
        "/adviser/updateUserAutoAdjustSetting",
        {"serviceAccountId": "SA", "autoAdjust": True},
    ),
    (
        "POST",
        "/serviceAccount/addAdvisorRelation",
        {"serviceAccountId": "SA", "advisorId": "ADVISER"},
    ),
    ("POST", "/serviceAccount/adjustment/cancel", {"adjustmentId": "ADJ"}),
    (
        "POST",
        "/serviceAccount/adjustment/confirm",
        {"tradeUUID": "UUID", "adjustmentId": "ADJ", "tradePassword": PASSWORD},
    ),
    ("GET", "/serviceAccount/adjustment/detail", {"adjustmentId": "ADJ"}),
    (
        "POST",
        "/serviceAccount/adjustment/withdraw",
        {"tradeUUID": "UUID", "adjustmentId": "ADJ", "tradePassword": PASSWORD},
    ),
    ("GET", "/serviceAccount/announcement/mandatoryList", {"serviceAccountId": "SA"}),
    (
        "POST",
        "/serviceAccount/cancel",
        {"tradeUUID": "UUID", "brokerOrderNo": "ORDER", "tradePassword": PASSWORD},
    ),
    (
        "POST",
        "/serviceAccount/contract/cancelUnSign",
        {"tradeUUID": "UUID", "serviceAccountId": "SA", "tradePassword": PASSWORD},
    ),
    ("GET", "/serviceAccount/contract/detail", {"serviceAccountId": "SA"}),
    (
        "POST",
        "/serviceAccount/contract/signStepTwo",
        {"serviceAccountId": "SA", "verifyCode": "123456"},
    ),
    (
        "POST",
        "/serviceAccount/contract/unsign",
        {"tradeUUID": "UUID", "serviceAccountId": "SA", "tradePassword": PASSWORD},
    ),
    (
        "POST",
        "/serviceAccount/deposit",
        {
            "tradeUUID": "UUID",
            "serviceAccountId": "SA",
            "amount": "100.00",
            "paymentMethodId": "CARD",
            "tradePassword": PASSWORD,
            "verifyCode": "123456",
        },
    ),
    (
        "POST",
        "/serviceAccount/depositInvestPlan/create",
        {
            "tradeUUID": "UUID",
            "serviceAccountId": "SA",
            "amount": "100.00",
            "periodUnit": 1,
            "paymentMethodId": "CARD",
            "tradePassword": PASSWORD,
        },
    ),
    ("GET", "/serviceAccount/depositInvestPlan/param", {"serviceAccountId": "SA"}),
    ("GET", "/serviceAccount/deposit/preview", {"serviceAccountId": "SA", "amount": "1000.00"}),
    ("POST", "/serviceAccount/depositResendVerifyCode", {"serviceAccountId": "SA"}),
    ("POST", "/serviceAccount/depositVerifyCode", {"serviceAccountId": "SA"}),
    ("GET", "/serviceAccount/fund/assetDetail", {"serviceAccountId": "SA", "fundCode": "FUND"}),
    ("GET", "/serviceAccount/fund/holdings", {"serviceAccountId": "SA"}),
    (
        "POST",
        "/serviceAccount/fund/preRedeem",
        {"serviceAccountId": "SA", "fundCode": "FUND", "shares": "1"},
    ),
    (
        "POST",
        "/serviceAccount/fund/redeem",
        {
            "tradeUUID": "UUID",
            "serviceAccountId": "SA",
            "fundCode": "FUND",
            "shares": "1",
            "paymentMethodId": "CARD",
            "tradePassword": PASSWORD,
        },
    ),
    ("GET", "/serviceAccount/getAccountInfo", {"serviceAccountId": "SA"}),
    ("GET", "/serviceAccount/getMoneyOrderDetail", {"brokerOrderNo": "ORDER"}),
    ("GET", "/serviceAccount/homepage/announcement", {"serviceAccountId": "SA"}),
    (
        "GET",
        "/serviceAccount/homepage/component",
        {"serviceAccountId": "SA", "componentType": "ASSET_COMPOSITION"},
    ),
    ("GET", "/serviceAccount/homepage/template", {"serviceAccountId": "SA"}),
    ("GET", "/serviceAccount/paymentMethods", {"serviceAccountId": "SA"}),
    ("POST", "/serviceAccount/preredeem", {"serviceAccountId": "SA", "ratio": "100"}),
    ("GET", "/serviceAccount/totalAsset", {"serviceAccountId": "SA"}),
    (
        "POST",
        "/serviceAccount/transfer/confirm",
        {
            "serviceAccountId": "SA",
            "itemList": [{"financialAccountId": "FA", "fundCode": "FUND"}],
            "tradePassword": PASSWORD,
        },
    ),
    ("GET", "/serviceAccount/transfer/preview", {"serviceAccountId": "SA"}),
    (
        "POST",
        "/serviceAccount/withdraw",
        {
            "tradeUUID": "UUID",
            "serviceAccountId": "SA",
            "ratio": "100",
            "paymentMethodId": "CARD",
            "tradePassword": PASSWORD,
        },
    ),
    ("GET", "/standard/adviser/accFee", {"serviceAccountId": "SA"}),
    ("GET", "/standard/adviser/getUserAutoAdjustSetting", {"serviceAccountId": "SA"}),
    ("POST", "/trade/cancelFundOrder", {"brokerOrderNo": "ORDER", "tradePassword": PASSWORD}),
    ("POST", "/trade/cancelPoOrder", {"brokerOrderNo": "ORDER", "tradePassword": PASSWORD}),
    ("POST", "/trade/convert/cancel", {"brokerOrderNo": "ORDER", "tradePassword": PASSWORD}),
    ("GET", "/trade/getOrderDetail", {"brokerOrderNo": "ORDER"}),
]


def _fee(session: Session, sa: ServiceAccount) -> AdvisoryFee:
    """A fee of the service account, paid."""
    fee = AdvisoryFee(service_account_id=sa.id, broker_user_id=sa.broker_user_id,
                      source=MANUAL, amount=Decimal("1.00"), status=FEE_SUCCESS)  # fmt: skip
    session.add(fee)
    session.flush()
    return fee


def _service_account(session: Session, trader: Trader, po_code: str) -> ServiceAccount:
    fa = make_financial_account(session, account=trader.account, name="投顾", type="service")
    sa = ServiceAccount(broker_user_id=trader.user.id, account_id=trader.account.id,
                        po_code=po_code, financial_account_id=fa.id, contract_no=f"TGP{fa.id}",
                        contract_status=IN_FORCE, signed_file_ids=[])  # fmt: skip
    session.add(sa)
    session.flush()
    return sa


def _member_order(session: Session, user_id: int) -> str:
    """The order number of a paid membership order of the user."""
    order = MemberOrder(order_no=f"M{user_id}", broker_user_id=user_id, product_code="MEMBER",
                        amount=Decimal("9.90"), openid="o-test", prepay_id="wx-test",
                        pay_status=PAID)  # fmt: skip
    session.add(order)
    session.flush()
    return order.order_no


#: The tables a call of the table may write.
WATCHED = {
    "service_account", "advisory_adjustment", "advisory_fee", "advisory_transfer", "trade_order",
    "invest_plan", "holding", "sms_code", "advisory_announcement_read", "member_order",
}  # fmt: skip


def test_another_users_service_account_adjustment_and_order_answer_404(
    session: Session,
    client: TestClient,
    api: str,
    calls: Calls,
    world: World,
    adviser: Callable[[], dict[str, str]],
) -> None:
    """Each call of ``CALLS`` by another user with the investor's ids answers 404 and writes
    nothing; the investor's own call is not refused alike (the id exists and is theirs)."""
    sa = _in_force(session, calls, world)
    draft = client.post(
        f"{api}/operator/adviser/proposal/draft",
        json={"serviceAccountId": sa, "weightList": [{"fundCode": world.funds[0].code,
              "weight": "1"}], "reason": "调仓"},
        headers=adviser(),
    ).json()["data"]  # fmt: skip
    client.post(f"{api}/operator/adviser/proposal/submit",
                json={"adjustmentId": draft["adjustmentId"]}, headers=adviser())  # fmt: skip
    order = session.scalar(
        select(TradeOrder.broker_order_no).where(
            TradeOrder.broker_user_id == calls.trader.user.id, TradeOrder.parent_id.is_(None)
        )
    )
    # the adviser operator signed in above, whom the investor may name as theirs
    adviser_id = session.scalars(select(Operator.id).where(Operator.login == "tougu")).one()
    other = make_trader(session)
    files = session.scalars(select(AdvisoryFile.id).where(AdvisoryFile.po_code == world.half.code))
    investor = {"SA": sa, "ADJ": draft["adjustmentId"], "ORDER": order, "ADVISER": adviser_id,
                "FA": calls.trader.fa.id, "CARD": calls.trader.card.id,
                "FUND": world.funds[0].code, "PO": world.half.code, "FILES": list(files),
                "FEE": _fee(session, session.get_one(ServiceAccount, sa)).id,
                "MEMBER_ORDER": _member_order(session, calls.trader.user.id)}  # fmt: skip
    others_fee = _fee(session, _service_account(session, other, world.half.code))
    stranger = {**investor, "FA": other.fa.id, "CARD": other.card.id, "FEE": others_fee.id}
    sweep(
        session,
        client,
        api,
        CALLS,
        owner=(investor, login(session, calls.trader.user)),
        stranger=(stranger, login(session, other.user)),
        watched=WATCHED,
        crossed=("FA", "FEE"),
    )
