"""The demo world's pop-ups and customer service (a step of ``opentamp seed demo``)."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy.orm import Session

from opentamp.demo.world import DemoWorld
from opentamp.kit.clock import now
from opentamp.models.popups import CustomerServiceConfig, OperationPopup

#: Broker 1174 is one of the brokers docs/product.md#roles excludes from the privacy prompt and the
#: non-US taxpayer pop-up.
EXCLUDED_BROKER_ID = 1174

#: Service hotlines. No chat service is run in the demo; a ``tel:`` address makes the
#: customer-service tab dial the broker's desk, which is what it does for a real broker
#: without an online chat.
HOTLINES = {1001: "tel:4008001001", 1154: "tel:4008001154", 1174: "tel:4008001174"}


def seed_popups(session: Session, world: DemoWorld) -> None:
    excluded = world.brokers.get(EXCLUDED_BROKER_ID)
    if excluded is not None:
        excluded.privacy_prompt_excluded = True
        excluded.non_american_popup_excluded = True
    for broker_id, url in HOTLINES.items():
        if broker_id in world.brokers:
            session.add(
                CustomerServiceConfig(
                    broker_id=broker_id,
                    type="broker",
                    chat_url=url,
                    client_id=f"cs{broker_id}",
                    nickname=f"{world.brokers[broker_id].short_name}客服",
                )
            )
    session.add(
        CustomerServiceConfig(
            broker_id=None,
            type="platform",
            chat_url="tel:4008000000",
            client_id="cs-platform",
            nickname="平台客服",
        )
    )
    start = now().replace(hour=0, minute=0, second=0, microsecond=0) - timedelta(days=1)
    session.add_all(
        [
            OperationPopup(
                broker_id=1001,
                scene="HOME",
                title="定投计划，省心积累",
                content="每月小额投入，平滑市场波动。现在设置定投计划，按期自动扣款，可随时暂停或终止。",
                link_url="/strategy/autoInvestPlanList",
                button_text="去看看",
                frequency="ONCE",
                audience="ACCOUNT",
                sort_order=1,
                start_at=start,
                end_at=start + timedelta(days=365),
            ),
            OperationPopup(
                broker_id=1001,
                scene="MINE",
                title="理财账户升级",
                content="现在可以创建多个理财账户，为养老、教育等不同目标分别打理资产。",
                link_url="/financialAccountTips",
                button_text="了解详情",
                frequency="DAILY",
                audience="ACCOUNT",
                sort_order=1,
                start_at=start,
                end_at=start + timedelta(days=30),
            ),
        ]
    )
