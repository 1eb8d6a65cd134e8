"""The notice centre in the demo world (docs/notices.md#the-demo-world): 李明's notices of each
category — those his history made (orders confirmed, payouts, follows, his adviser fees), his
two latest confirmed purchases, his CMB card that still needs signing (the daily check's
``card.resign``) — all read but the two latest trade notices and the card's; and an
announcement of the broker with an attachment (unread). They are made as everything else makes
them: events of the outbox, delivered by the notice centre. None says what his data does not
(his risk survey is valid for two years, so no 风险测评即将到期; no fee he was not charged)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.core import events as ev
from opentamp.core.finished_orders import day_key
from opentamp.demo.world import DemoWorld
from opentamp.jobs import last_publishable_day
from opentamp.kit.clock import now
from opentamp.models.notices import Notice, NoticeRead
from opentamp.models.orders import TradeOrder
from opentamp.notices.api import BrokerAnnouncementIn, NoticeFile, announce, deliver
from opentamp.payments.jobs import resign_notices


def seed_notices(session: Session, world: DemoWorld) -> None:
    demo = world.users["demo"]
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
    # the daily check of cards to re-sign, on the world's last pipeline day
    resign_notices(session, last_publishable_day(now()))
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
    # notices and the card's.
    mine = session.scalars(
        select(Notice).where(Notice.broker_user_id == demo.id).order_by(Notice.id.desc())
    ).all()
    unread = [n.id for n in mine if n.category == "TRADE"][:2]
    unread += [n.id for n in mine if n.kind == ev.CARD_RESIGN]
    for notice in mine:
        if notice.id not in unread:
            session.add(NoticeRead(notice_id=notice.id, broker_user_id=demo.id, read_at=now()))
    session.flush()
