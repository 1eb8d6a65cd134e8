"""Refusals of docs/advisory.md#errors-69xxx: each a Chinese message with its code, nothing
written; another user's ids answer 404."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import ValidationError
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from opentamp.advisory.api import FilesIn
from opentamp.errors import validation_message
from opentamp.kit.clock import BEIJING
from opentamp.models.advisory import (
    FEE_FAIL,
    AdvisoryAdjustment,
    AdvisoryAnnouncement,
    AdvisoryFee,
    AdvisoryFile,
    AdvisoryStrategy,
    ServiceAccount,
)
from opentamp.models.orders import TradeOrder
from opentamp.models.plans import InvestPlan
from tests.advisory.conftest import PASSWORD, Calls, World, freeze, run_day, tick
from tests.factories import login
from tests.trading.conftest import make_trader


def orders(session: Session) -> int:
    return session.scalar(select(func.count()).select_from(TradeOrder)) or 0


def test_signing_refusals(calls: Calls, world: World) -> None:
    unknown = calls.post(
        "/serviceAccount/contract/sign", {"poCode": "ZH999999", "fileIdList": []}, status=400
    )
    assert unknown["code"] == 69001 and unknown["msg"] == "该投顾组合不存在或暂未开放签约"
    files = calls.post(
        "/serviceAccount/contract/sign", {"poCode": world.half.code, "fileIdList": [1]}, status=400
    )
    assert files["code"] == 69004 and files["msg"] == "请阅读并签署全部协议文件"
    calls.sign(world.half.code)
    again = calls.post(
        "/serviceAccount/contract/sign",
        {"poCode": world.half.code, "fileIdList": [1, 2, 3]},
        status=400,
    )
    assert again["code"] == 69002


def test_money_refusals(session: Session, calls: Calls, world: World) -> None:
    sa = calls.sign(world.half.code)
    before = orders(session)
    # a wrong SMS code: nothing placed
    tick()
    calls.post("/serviceAccount/depositVerifyCode", {"serviceAccountId": sa})
    wrong = calls.post(
        "/serviceAccount/deposit",
        {"serviceAccountId": sa, "amount": "2000.00", "paymentMethodId": calls.trader.card.id,
         "tradePassword": PASSWORD, "verifyCode": "000000", "tradeUUID": calls.uuid()},
        status=400,
    )  # fmt: skip
    assert wrong["code"] == 50108 and orders(session) == before
    # withdrawing more than held
    calls.deposit(sa, "2000.00")
    run_day(session, world, date(2026, 11, 2))
    run_day(session, world, date(2026, 11, 3))
    freeze("2026-11-04 10:00")
    over = calls.post(
        "/serviceAccount/withdraw",
        {"serviceAccountId": sa, "ratio": "1.5", "tradePassword": PASSWORD,
         "tradeUUID": calls.uuid()},
        status=400,
    )  # fmt: skip
    assert over["code"] == 69011 and over["msg"] == "卖出比例须大于0且不超过100%"
    # an unpaid fee blocks deposits
    session.add(
        AdvisoryFee(service_account_id=sa, broker_user_id=calls.trader.user.id, source="MANUAL",
                    amount=Decimal("5.00"), status=FEE_FAIL)
    )  # fmt: skip
    session.flush()
    n = orders(session)
    assert calls.deposit(sa, "1000.00", status=400)["code"] == 69020
    debts = calls.get("/adviser/targetDebtList")["data"]
    assert debts["totalDebt"] == "5.00"
    paid = calls.post(
        "/serviceAccount/advisor/payAdvisorFeeByWallet",
        {"feeId": debts["debtList"][0]["feeId"], "tradePassword": PASSWORD,
         "tradeUUID": calls.uuid()},
    )["data"]  # fmt: skip
    assert paid["feeStatus"] == "S"
    # a mandatory announcement must be read first
    session.add(
        AdvisoryAnnouncement(po_code=world.half.code, title="重要", is_mandatory=True,
                             published_at=datetime(2026, 11, 4, 9, tzinfo=BEIJING))
    )  # fmt: skip
    session.flush()
    assert calls.deposit(sa, "1000.00", status=400)["code"] == 69030
    assert orders(session) == n + 1  # only the fee's W12
    mandatory = calls.get("/serviceAccount/announcement/mandatoryList", serviceAccountId=sa)
    calls.post(
        "/serviceAccount/announcement/read",
        {"announcementId": mandatory["data"][0]["announcementId"]},
    )
    assert calls.deposit(sa, "1000.00")["data"]["orderCode"] == "P02"


def test_adjustment_refusals(
    session: Session,
    client: TestClient,
    api: str,
    calls: Calls,
    world: World,
    adviser: Callable[[], dict[str, str]],
) -> None:
    sa = calls.sign(world.half.code)
    calls.deposit(sa, "2000.00")
    run_day(session, world, date(2026, 11, 2))
    run_day(session, world, date(2026, 11, 3))
    freeze("2026-11-04 09:00")
    headers = adviser()
    f = [x.code for x in world.funds]
    bad = client.post(
        f"{api}/operator/adviser/model/publish",
        json={"poCode": world.half.code,
              "weightList": [{"fundCode": f[0], "weight": "0.5"},
                             {"fundCode": f[1], "weight": "0.4"}]},
        headers=headers,
    ).json()  # fmt: skip
    assert bad["code"] == 69040
    customer = client.post(
        f"{api}/operator/adviser/model/publish",
        json={"poCode": world.half.code, "weightList": [{"fundCode": f[0], "weight": "1"}]},
        headers=calls.headers,
    )
    assert customer.status_code == 401
    client.post(
        f"{api}/operator/adviser/model/publish",
        json={"poCode": world.half.code,
              "weightList": [{"fundCode": f[0], "weight": "0.6"},
                             {"fundCode": f[1], "weight": "0.4"}]},
        headers=headers,
    )  # fmt: skip
    adj = session.scalar(
        select(AdvisoryAdjustment).where(AdvisoryAdjustment.service_account_id == sa)
    )
    assert adj is not None and adj.status == "CUSTOMER_UNCONFIRMED"
    # another user's adjustment: 404, nothing changes
    other = make_trader(session)
    res = client.post(
        f"{api}/serviceAccount/adjustment/confirm",
        json={"adjustmentId": adj.id, "tradePassword": PASSWORD, "tradeUUID": "x-1"},
        headers=login(session, other.user),
    )
    assert res.status_code == 404
    res = client.get(
        f"{api}/serviceAccount/getAccountInfo",
        params={"serviceAccountId": sa},
        headers=login(session, other.user),
    )
    assert res.status_code == 404
    # expired: nothing executes
    assert adj.expire_at is not None
    freeze(adj.expire_at + timedelta(minutes=1))
    n = orders(session)
    expired = calls.post(
        "/serviceAccount/adjustment/confirm",
        {"adjustmentId": adj.id, "tradePassword": PASSWORD, "tradeUUID": calls.uuid()},
        status=400,
    )
    assert expired["code"] == 69051 and expired["msg"] == "该调仓已过期"
    assert orders(session) == n
    session.refresh(adj)
    assert adj.status == "CUSTOMER_UNCONFIRMED"
    run_day(session, world, adj.expire_at.date() + timedelta(days=1))
    session.refresh(adj)
    assert adj.status == "CUSTOMER_EXPIRED" and adj.order_id is None
    cancelled = calls.post(
        "/serviceAccount/adjustment/cancel", {"adjustmentId": adj.id}, status=400
    )
    assert cancelled["code"] == 69051


def test_cooling_off_unsign_charges_nothing(session: Session, calls: Calls, world: World) -> None:
    strategy = session.get(AdvisoryStrategy, world.half.code)
    assert strategy is not None
    strategy.cooling_off_hours = 48
    sa = calls.sign(world.half.code)
    calls.deposit(sa, "2000.00")
    run_day(session, world, date(2026, 11, 2))
    run_day(session, world, date(2026, 11, 3))
    freeze("2026-11-04 09:30")  # signed 11-02 10:0x: within 48 hours
    out = calls.post(
        "/serviceAccount/contract/unsign",
        {"serviceAccountId": sa, "tradePassword": PASSWORD, "tradeUUID": calls.uuid()},
    )["data"]
    assert out["isCoolingOff"] is True and out["contractStatus"] == 2
    for day in (date(2026, 11, 4), date(2026, 11, 5)):
        run_day(session, world, day)
    account = session.get(ServiceAccount, sa)
    assert account is not None and account.contract_status == 3
    fee = session.scalar(select(AdvisoryFee).where(AdvisoryFee.service_account_id == sa))
    assert fee is not None and fee.refund_amount == fee.amount and fee.order_id is None


def test_a_service_account_holds_only_its_strategy(calls: Calls, world: World) -> None:
    sa = calls.sign(world.half.code)
    fa = calls.get("/serviceAccount/getAccountInfo", serviceAccountId=sa)["data"][
        "financialAccountId"
    ]
    body = {"financialAccountId": fa, "amount": "1000.00", "paymentMethodId": calls.trader.card.id,
            "tradePassword": PASSWORD}  # fmt: skip
    fund = calls.post(
        "/trade/buyFund",
        {**body, "fundCode": world.funds[0].code, "tradeUUID": calls.uuid()},
        status=400,
    )
    assert (
        fund["code"] == 60115 and fund["msg"] == "投顾账户仅可通过投顾服务存入，请选择其他理财账户"
    )
    other = calls.post(
        "/trade/buyPo", {**body, "poCode": world.full.code, "tradeUUID": calls.uuid()}, status=400
    )
    assert other["code"] == 60115


def test_a_service_account_takes_no_plan_of_its_own(session: Session, calls: Calls, world: World
                                                    ) -> None:  # fmt: skip
    """The plan screen offers every financial account: a 定投 of a fund, or of another
    strategy, into a service account is refused as a purchase is (60115), nothing written;
    the strategy's own plan goes through depositInvestPlan."""
    sa = calls.sign(world.half.code)
    fa = calls.get("/serviceAccount/getAccountInfo", serviceAccountId=sa)["data"][
        "financialAccountId"
    ]
    before = session.scalar(select(func.count()).select_from(InvestPlan))
    body = {"financialAccountId": fa, "amount": "1000.00", "periodUnit": 2, "periodDay": 8,
            "payType": "card", "paymentMethodId": calls.trader.card.id,
            "tradePassword": PASSWORD, "riskConfirmed": True}  # fmt: skip
    for kind, code in (("fund", world.funds[0].code), ("poFund", world.full.code)):
        res = calls.post(
            "/trade/investPlan/create",
            {**body, "productType": kind, "productCode": code, "tradeUUID": calls.uuid()},
            status=400,
        )
        assert res["code"] == 60115
        assert res["msg"] == "投顾账户仅可通过投顾服务存入，请选择其他理财账户"
    assert session.scalar(select(func.count()).select_from(InvestPlan)) == before


def test_files_need_a_document_address(
    session: Session,
    client: TestClient,
    api: str,
    world: World,
    adviser: Callable[[], dict[str, str]],
) -> None:
    """POST /operator/adviser/files: an empty address, none, or one that is neither http(s)://
    with a host nor /… on the site is refused in Chinese (400), no new version published."""
    headers = adviser()

    def publish(file: dict[str, str]) -> Any:
        return client.post(
            f"{api}/operator/adviser/files",
            json={"poCode": world.half.code, "fileList": [file]},
            headers=headers,
        )

    cases = {
        "": "缺少必填参数：fileList.0.fileUrl",  # a blank member is dropped (kit/params.py)
        "  ": "缺少必填参数：fileList.0.fileUrl",
        "ftp://host/a.pdf": "fileList.0.fileUrl 须为以 http://、https:// 或 / 开头的文件地址",
        "//host/a.pdf": "fileList.0.fileUrl 须为以 http://、https:// 或 / 开头的文件地址",
        "https://": "fileList.0.fileUrl 须为以 http://、https:// 或 / 开头的文件地址",
        "a.pdf": "fileList.0.fileUrl 须为以 http://、https:// 或 / 开头的文件地址",
        "/files/a b.pdf": "fileList.0.fileUrl 须为以 http://、https:// 或 / 开头的文件地址",
    }
    for url, msg in cases.items():
        res = publish({"name": "基金投顾服务协议", "fileUrl": url})
        assert res.status_code == 400, (url, res.text)
        assert (res.json()["code"], res.json()["msg"]) == (40001, msg), url
    # what the transport does not drop is refused by the schema itself
    with pytest.raises(ValidationError) as blank:
        FilesIn.model_validate({"poCode": world.half.code,
                                "fileList": [{"name": "协议", "fileUrl": " "}]})  # fmt: skip
    assert validation_message(list(blank.value.errors())) == "fileList.0.fileUrl 请填写文件地址"
    missing = publish({"name": "基金投顾服务协议"})
    assert (
        missing.status_code == 400 and missing.json()["msg"] == "缺少必填参数：fileList.0.fileUrl"
    )
    assert (
        session.scalar(
            select(func.max(AdvisoryFile.version)).where(AdvisoryFile.po_code == world.half.code)
        )
        == 1
    )
    for url in ("/files/协议-v2.pdf", "https://docs.example.org/a.pdf?v=2"):
        ok = publish({"name": "基金投顾服务协议", "fileUrl": url})
        assert ok.status_code == 200, ok.text
    assert (
        session.scalar(
            select(func.max(AdvisoryFile.version)).where(AdvisoryFile.po_code == world.half.code)
        )
        == 3
    )
