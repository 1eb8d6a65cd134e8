"""The demo broker's operators (docs/demo.md#operators) sign in with the documented password."""

from __future__ import annotations

import random

from sqlalchemy.orm import Session

from opentamp.demo.operators import seed_operators
from opentamp.demo.world import DEFAULT_BROKER_ID, DemoWorld
from opentamp.operators import service
from tests.factories import make_broker


def test_one_operator_of_each_role(session: Session) -> None:
    make_broker(session, id=DEFAULT_BROKER_ID)
    seed_operators(session, DemoWorld(rng=random.Random(0)))
    roles = {
        login: service.sign_in(
            session,
            broker_id=DEFAULT_BROKER_ID,
            login=login,
            password="opentamp2026",  # the password docs/demo.md gives
        ).operator.roles
        for login in ("zhuli", "tougu", "yunying")
    }
    assert roles == {
        "zhuli": {"lead_manager"},
        "tougu": {"adviser"},
        "yunying": {"operator"},
    }
