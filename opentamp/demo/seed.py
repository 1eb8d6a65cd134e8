"""Builds the demo world. Each feature contributes a step; the steps run in order, in one
transaction, from a fixed random seed, so two runs on the same day give the same world."""

from __future__ import annotations

import random
from collections.abc import Callable

from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.demo import advisory as advisory_demo
from opentamp.demo import notices as notices_demo
from opentamp.demo import pension as pension_demo
from opentamp.demo import products as products_demo
from opentamp.demo import robo as robo_demo
from opentamp.demo import signals as signals_demo
from opentamp.demo import store as store_demo
from opentamp.demo import targets as targets_demo
from opentamp.demo import trading as trading_demo
from opentamp.demo.accounts import seed_accounts
from opentamp.demo.operators import seed_operators
from opentamp.demo.popups import seed_popups
from opentamp.demo.transfers import seed_transfer_user
from opentamp.demo.world import DEFAULT_BROKER_ID, DEMO_PHONE, DemoWorld
from opentamp.models.auth import BrokerUser
from opentamp.models.platform import AppState, Broker, Team

SEED = 20261122
SEEDED_KEY = "demo.seeded"


def seed_platform(session: Session, world: DemoWorld) -> None:
    brokers = [
        Broker(
            id=DEFAULT_BROKER_ID,
            name="开放财富证券",
            short_name="开放财富",
            theme_color="T1",
            is_h5_bottom_nav_enabled=True,
            disable_bind_multi_cards=False,
            user_bank_card_bind_limit=5,
            max_real_financial_accounts=5,
            wallet_name="活期宝",
            document_hosts=["www.csrc.gov.cn", "www.amac.org.cn", "www.sse.com.cn"],
            transfer_center_url="https://transfer.kaifangcaifu.example/customer/transferCenter",
            account_list=[
                {
                    "financialAccountType": "normal",
                    "financialAccountName": "理财账户",
                    "icon": "wallet",
                },
                {
                    "financialAccountType": "pension",
                    "financialAccountName": "养老账户",
                    "icon": "pension",
                },
            ],
        ),
        Broker(
            id=1154,
            name="华信证券",
            short_name="华信",
            theme_color="T3",
            is_h5_bottom_nav_enabled=False,
            disable_bind_multi_cards=True,
            user_bank_card_bind_limit=1,
            max_real_financial_accounts=3,
            wallet_name="华信宝",
        ),
        Broker(
            id=1174,
            name="东岳证券",
            short_name="东岳",
            theme_color="T7",
            is_h5_bottom_nav_enabled=True,
            is_disable_buy=False,
            disable_bind_multi_cards=False,
            user_bank_card_bind_limit=3,
            max_real_financial_accounts=2,
            wallet_name="东岳钱包",
        ),
    ]
    teams = [
        Team(
            id=9001,
            broker_id=DEFAULT_BROKER_ID,
            mid="M1001",
            name="开放财富投顾团队",
            theme_color="T1",
            brief="专业配置，贴心陪伴，省心之选",
            is_default=True,
        ),
        Team(id=9154, broker_id=1154, mid="M1154", name="华信投顾", theme_color="T3"),
        Team(id=9174, broker_id=1174, mid="M1174", name="东岳财富团队", theme_color="T7"),
    ]
    session.add_all(brokers)
    session.flush()
    session.add_all(teams)
    world.brokers = {b.id: b for b in brokers}
    world.teams = {t.id: t for t in teams}


def seed_users(session: Session, world: DemoWorld) -> None:
    user = BrokerUser(broker_id=DEFAULT_BROKER_ID, phone=DEMO_PHONE, nickname="演示用户")
    session.add(user)
    session.flush()
    world.users["demo"] = user


#: The steps, in order. Features add theirs (products, market, accounts, trading …).
STEPS: list[Callable[[Session, DemoWorld], None]] = [seed_platform, seed_users, seed_accounts]
STEPS += [
    products_demo.seed_catalogue,
    products_demo.seed_market,
    products_demo.seed_documents,
    store_demo.seed_store,
]
STEPS.append(seed_popups)
STEPS.append(advisory_demo.seed_strategies)
STEPS.append(robo_demo.seed_robo)
STEPS.append(pension_demo.seed_pension)
STEPS.append(targets_demo.seed_target_strategies)
STEPS.append(signals_demo.seed_signals)
STEPS.append(trading_demo.seed_trading)
STEPS.append(advisory_demo.seed_announcements)
STEPS.append(seed_operators)
STEPS.append(seed_transfer_user)
STEPS.append(notices_demo.seed_notices)


def is_seeded(session: Session) -> bool:
    return session.get(AppState, SEEDED_KEY) is not None


def seed_demo(session: Session) -> DemoWorld:
    """Build the demo world in ``session`` (the caller commits)."""
    if session.scalar(select(Broker.id).limit(1)) is not None:
        raise RuntimeError("the database already has data; use `opentamp seed demo --reset`")
    world = DemoWorld(rng=random.Random(SEED))
    for step in STEPS:
        step(session, world)
        session.flush()
    session.add(AppState(key=SEEDED_KEY, value={"seed": SEED}))
    session.flush()
    return world
