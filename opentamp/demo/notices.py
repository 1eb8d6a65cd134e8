"""The notice centre in the demo world (docs/notices.md#the-demo-world): 李明's notices of each
category — those his history made (orders confirmed, payouts, follows, fees), his two latest
confirmed purchases, a risk survey about to expire, an adviser's fee — all read but the two
latest trade notices and the survey's; and an announcement of the broker with an attachment
(unread). They are made
as everything else makes them: events of the outbox, delivered by the notice centre."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.core import events as ev
from opentamp.core.finished_orders import day_key
from opentamp.demo.world import DemoWorld
from opentamp.kit.clock import now
from opentamp.models.notices import Notice, NoticeRead
from opentamp.models.orders import TradeOrder
from opentamp.notices.api import BrokerAnnouncementIn, NoticeFile, announce, deliver


def seed_notices(session: Session, world: DemoWorld) -> None:
    demo = world.users["demo"]
    today = now().date()
    orders = session.scalars(
        select(TradeOrder)
        .where(
            TradeOrder.broker_user_id == demo.id,
            TradeOrder.parent_id.is_(None),
            TradeOrder.order_code == "022",
            TradeOrder.confirm_status == "2",
        )
        .order_by(TradeOrder.confirmed_at.desc(), TradeOrder.id.desc())
        .limit(2)
    ).all()
    # The days of his two latest confirmed purchases, as settlement records them (a day the
    # pipeline settled is recorded already: the same key).
    for day in sorted({order.confirmed_at for order in orders if order.confirmed_at}):
        ev.record_event(
            session, kind=ev.ORDERS_FINISHED, key=day_key(demo.id, day),
            broker_id=demo.broker_id, broker_user_id=demo.id, ref=day.isoformat(),
            occurred_on=day,
        )  # fmt: skip
    ev.record_event(
        session, kind=ev.SURVEY_EXPIRING, key=f"demo:{demo.id}", broker_id=demo.broker_id,
        broker_user_id=demo.id, detail="30天内", occurred_on=today - timedelta(days=1),
    )  # fmt: skip
    ev.record_event(
        session, kind=ev.ADVISER_FEE_CHARGED, key=f"demo:{demo.id}", broker_id=demo.broker_id,
        broker_user_id=demo.id, subject="全权委托·均衡投顾", amount=Decimal("37.50"),
        occurred_on=today - timedelta(days=5),
    )  # fmt: skip
    announce(
        session,
        broker_id=demo.broker_id,
        body=BrokerAnnouncementIn(
            title="关于调整基金交易时间的公告",
            content="尊敬的投资者：因春节假期，节前最后一个交易日15:00后提交的交易申请将顺延至节后"
            "第一个交易日处理。期间资金到账时间相应顺延，敬请留意。",
            files=[
                NoticeFile(name="交易时间安排.pdf", file_url="/h5/files/notices/交易时间安排.pdf")
            ],
        ),
    )
    deliver(session)
    # His history made notices too (the pipeline ran it): all read but the latest two trade
    # notices and the survey's.
    mine = session.scalars(
        select(Notice).where(Notice.broker_user_id == demo.id).order_by(Notice.id.desc())
    ).all()
    unread = [n.id for n in mine if n.category == "TRADE"][:2]
    unread += [n.id for n in mine if n.kind == ev.SURVEY_EXPIRING]
    for notice in mine:
        if notice.id not in unread:
            session.add(NoticeRead(notice_id=notice.id, broker_user_id=demo.id, read_at=now()))
    session.flush()
