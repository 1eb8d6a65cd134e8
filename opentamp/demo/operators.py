"""The demo broker's staff (docs/demo.md#operators): one operator account of each role, all with
the demo password."""

from __future__ import annotations

from sqlalchemy.orm import Session

from opentamp.demo.world import DEFAULT_BROKER_ID, DemoWorld
from opentamp.operators.api import ADVISER, LEAD_MANAGER, OPERATOR, create_operator

DEMO_OPERATOR_PASSWORD = "opentamp2026"
#: login, display name, roles
DEMO_OPERATORS = (
    ("zhuli", "王磊（主理人）", (LEAD_MANAGER,)),
    ("tougu", "陈静（投顾）", (ADVISER,)),
    ("yunying", "刘洋（运营）", (OPERATOR,)),
)


def seed_operators(session: Session, world: DemoWorld) -> None:
    for login, name, roles in DEMO_OPERATORS:
        create_operator(
            session,
            broker_id=DEFAULT_BROKER_ID,
            login=login,
            display_name=name,
            password=DEMO_OPERATOR_PASSWORD,
            roles=roles,
        )
