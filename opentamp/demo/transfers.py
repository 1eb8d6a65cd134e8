"""The transfer-in part of the demo world (docs/transfers.md#the-demo-world): 王芳, a new
investor who has just opened her account (risk C3, a bound ICBC card, one 默认账户) and holds
nothing yet, so that bringing holdings over from another app can be tried from the start."""

from __future__ import annotations

from datetime import date, timedelta

from sqlalchemy.orm import Session

from opentamp.accounts.identity import check_digit
from opentamp.accounts.trade_password import set_trade_password
from opentamp.demo.accounts import DEMO_TRADE_PASSWORD, _card
from opentamp.demo.world import DemoWorld
from opentamp.kit.clock import now
from opentamp.models.accounts import Account, FinancialAccount
from opentamp.models.auth import BrokerUser

TRANSFER_USER_PHONE = "13600136000"
ID_FIRST17 = "11010519900712234"


def seed_transfer_user(session: Session, world: DemoWorld) -> None:
    demo = world.users["demo"]
    user = BrokerUser(broker_id=demo.broker_id, phone=TRANSFER_USER_PHONE, nickname="王芳")
    session.add(user)
    session.flush()
    account = Account(
        broker_user_id=user.id,
        name="王芳",
        id_type="0",
        id_no=ID_FIRST17 + check_digit(ID_FIRST17),
        holder_type=1,
        phone=TRANSFER_USER_PHONE,
        risk_grade5=3,
        risk_assessed_at=now() - timedelta(days=2),
        non_american=True,
        gender=2,
        birth_date=date(1990, 7, 12),
        occupation="02",
        address="北京市海淀区中关村大街27号",
        id_valid_until=date(2036, 1, 31),
    )
    session.add(account)
    session.flush()
    set_trade_password(account, password=DEMO_TRADE_PASSWORD)
    session.add(
        FinancialAccount(
            broker_user_id=user.id, account_id=account.id, name="默认账户", type="default"
        )
    )
    _card(session, account, card_no="6222021234567788", bank_no="002", signed=True)
    world.users["transfer"] = user
