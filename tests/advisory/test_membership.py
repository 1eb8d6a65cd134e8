"""Advisory membership (docs/membership.md): identity check, WeChat authorization, the purchase
through the local WeChat Pay and the pay status that starts the term; refusals with their
695xx codes; another user's order answers 404."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.kit.clock import now
from opentamp.models.advisory import AdvisoryStrategy
from opentamp.models.membership import Member, MemberOrder
from opentamp.outside.wechat import LocalWechatGateway, WechatUser
from tests.factories import make_fund, make_portfolio
from tests.trading.conftest import Trader, make_trader


class Calls:
    def __init__(self, client: TestClient, api: str, t: Trader) -> None:
        self.client, self.api, self.t = client, api, t
        self.n = 0

    def post(self, path: str, body: dict[str, Any], status: int = 200) -> Any:
        r = self.client.post(f"{self.api}{path}", json=body, headers=self.t.headers)
        assert r.status_code == status, r.text
        return r.json()["data"] if status == 200 else r.json()

    def get(self, path: str, status: int = 200, **params: Any) -> Any:
        r = self.client.get(f"{self.api}{path}", params=params, headers=self.t.headers)
        assert r.status_code == status, r.text
        return r.json()["data"] if status == 200 else r.json()

    def uuid(self) -> str:
        self.n += 1
        return f"member-{self.t.user.id}-{self.n}"

    def open_id(self, openid: str = "o_member_1") -> str:
        code = LocalWechatGateway.issue_code(WechatUser(openid=openid))
        return str(self.post("/adviser/queryOpenId", {"code": code})["openId"])

    def verify(self) -> Any:
        a = self.t.account
        return self.post("/adviser/member/verifyIdentity", {"name": a.name, "idNo": a.id_no})

    def buy(self, open_id: str, status: int = 200, **extra: Any) -> Any:
        body = {"productCode": "MEMBER_Y", "openId": open_id, "tradeUUID": self.uuid(), **extra}
        return self.post("/adviser/buy", body, status=status)

    def pay(self, pay: dict[str, Any], succeed: bool = True, status: int = 200) -> Any:
        return self.post("/noauth/wechat/pay", {**pay, "succeed": succeed}, status=status)


def test_product_info_lists_member_strategies(
    client: TestClient, api: str, session: Session
) -> None:
    fund = make_fund(session)
    po = make_portfolio(session, components=[(fund, 1)], name="会员精选组合")
    session.add(
        AdvisoryStrategy(
            po_code=po.code, discretion_type="FULL_DISCRETIONARY", fee_mode="MEMBER", fee_ratio=0
        )
    )
    session.flush()
    calls = Calls(client, api, make_trader(session))
    info = calls.get("/adviser/member/productInfo")
    assert info["productCode"] == "MEMBER_Y" and info["price"] == "199.00" and info["days"] == 365
    assert {"poCode": po.code, "poName": "会员精选组合"} in info["strategies"]


def test_purchase(client: TestClient, api: str, session: Session) -> None:
    calls = Calls(client, api, make_trader(session))
    status = calls.get("/adviser/member/userProductStatus")
    assert status["isMember"] is False and status["identityVerified"] is False
    # buying before the identity check, and with an openid WeChat did not give
    open_id = calls.open_id()
    assert calls.buy(open_id, status=400)["code"] == 69503
    wrong = {"name": "李四", "idNo": calls.t.account.id_no}
    bad = calls.post("/adviser/member/verifyIdentity", wrong, status=400)
    assert bad["code"] == 69502 and bad["msg"] == "姓名或身份证号与开户信息不一致"
    assert calls.verify()["identityVerified"] is True
    assert calls.buy("o_forged", status=400)["code"] == 69504
    assert calls.buy(open_id, status=400, productCode="GOLD")["code"] == 69505

    bought = calls.buy(open_id)
    order, pay = bought["order"], bought["pay"]
    assert order["payStatus"] == "0" and order["amount"] == "199.00"
    assert set(pay) == {"appId", "timestamp", "nonce", "prepayId", "signType", "sign"}
    assert pay["signType"] == "HMAC-SHA256" and len(pay["sign"]) == 64
    paying = calls.get("/adviser/queryPayStatus", orderNo=order["orderNo"])
    assert paying["order"]["payStatus"] == "0" and paying["status"]["isMember"] is False

    # a tampered signature is refused; the real pay step pays
    forged = {**pay, "sign": "0" * 64}
    assert calls.pay(forged, status=400)["code"] == 40001
    assert calls.pay(pay)["state"] == "SUCCESS"
    paid = calls.get("/adviser/queryPayStatus", orderNo=order["orderNo"])
    assert paid["order"]["payStatus"] == "2" and paid["order"]["payStatusName"] == "支付成功"
    st = paid["status"]
    assert st["isMember"] is True and st["daysLeft"] == 365
    member = session.scalar(select(Member).where(Member.broker_user_id == calls.t.user.id))
    assert member is not None and member.expires_at is not None
    session.refresh(member)
    assert abs(member.expires_at - (now() + timedelta(days=365))) < timedelta(minutes=5)
    row = session.scalar(select(MemberOrder).where(MemberOrder.order_no == order["orderNo"]))
    assert row is not None and row.transaction_id.startswith("42000")

    # a second year extends from the end of the first
    second = calls.buy(open_id)
    calls.pay(second["pay"])
    again = calls.get("/adviser/queryPayStatus", orderNo=second["order"]["orderNo"])
    assert again["status"]["daysLeft"] == 730
    assert calls.get("/adviser/member/userProductStatus")["lastOrder"]["payStatus"] == "2"

    # another user's order: 404
    other = Calls(client, api, make_trader(session))
    assert (
        other.get("/adviser/queryPayStatus", status=404, orderNo=order["orderNo"])["code"] == 40400
    )
    assert other.get("/adviser/queryPayStatus", status=400)["code"] == 69506


def test_failed_payment(client: TestClient, api: str, session: Session) -> None:
    calls = Calls(client, api, make_trader(session))
    open_id = calls.open_id("o_member_2")
    calls.verify()
    bought = calls.buy(open_id)
    assert calls.pay(bought["pay"], succeed=False)["state"] == "PAYERROR"
    failed = calls.get("/adviser/queryPayStatus", orderNo=bought["order"]["orderNo"])
    assert failed["order"]["payStatus"] == "1" and failed["status"]["isMember"] is False


def test_repeated_purchase_request_places_one_order(
    client: TestClient, api: str, session: Session
) -> None:
    calls = Calls(client, api, make_trader(session))
    open_id = calls.open_id("o_member_3")
    calls.verify()
    body = {"productCode": "MEMBER_Y", "openId": open_id, "tradeUUID": "same-page"}
    first = calls.post("/adviser/buy", body)
    second = calls.post("/adviser/buy", body)
    assert first["order"]["orderNo"] == second["order"]["orderNo"]
    count = session.scalars(
        select(MemberOrder).where(MemberOrder.broker_user_id == calls.t.user.id)
    ).all()
    assert len(count) == 1
