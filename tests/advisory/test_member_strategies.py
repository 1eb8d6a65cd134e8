"""A strategy of fee mode MEMBER (docs/membership.md#member-strategies): no adviser fee because
its investors are members, so it is signed and topped up only under an active membership."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from opentamp.kit.clock import now
from opentamp.models.advisory import AdvisoryStrategy, ServiceAccount
from opentamp.models.membership import Member
from opentamp.models.orders import TradeOrder
from tests.advisory.conftest import Calls, World


def member_until(session: Session, calls: Calls, days: int) -> Member:
    member = Member(
        broker_user_id=calls.trader.user.id,
        starts_at=now() - timedelta(days=1),
        expires_at=now() + timedelta(days=days),
    )
    session.add(member)
    session.flush()
    return member


def as_member_strategy(session: Session, world: World) -> str:
    s = session.get(AdvisoryStrategy, world.full.code)
    assert s is not None
    s.fee_mode = "MEMBER"
    session.flush()
    return s.po_code


def test_signing_needs_an_active_membership(calls: Calls, world: World, session: Session) -> None:
    po_code = as_member_strategy(session, world)
    detail = calls.get("/serviceAccount/contract/detail", poCode=po_code)["data"]
    files = [f["fileId"] for f in detail["fileList"]]
    refused = calls.post(
        "/serviceAccount/contract/sign", {"poCode": po_code, "fileIdList": files}, status=400
    )
    assert (refused["code"], refused["msg"]) == (69507, "该组合为投顾会员专属，请先开通投顾会员")
    assert session.scalar(select(func.count()).select_from(ServiceAccount)) == 0
    # an expired membership is no membership
    member = member_until(session, calls, days=-2)
    calls.post(
        "/serviceAccount/contract/sign", {"poCode": po_code, "fileIdList": files}, status=400
    )
    member.expires_at = now() + timedelta(days=30)
    session.flush()
    assert calls.sign(po_code) > 0


def test_a_lapsed_member_keeps_the_account_but_cannot_top_it_up(
    calls: Calls, world: World, session: Session
) -> None:
    po_code = as_member_strategy(session, world)
    member = member_until(session, calls, days=30)
    sa_id = calls.sign(po_code)
    calls.deposit(sa_id, "2000.00")
    placed = session.scalar(select(func.count()).select_from(TradeOrder))
    member.expires_at = now() - timedelta(seconds=1)
    session.flush()
    refused = calls.deposit(sa_id, "1000.00", status=400)
    assert refused["code"] == 69507
    assert session.scalar(select(func.count()).select_from(TradeOrder)) == placed
    sa = session.get(ServiceAccount, sa_id)
    assert sa is not None and sa.contract_status == 1


def test_other_fee_modes_need_no_membership(calls: Calls, world: World) -> None:
    assert calls.sign(world.half.code) > 0
