"""What the demo world's steps share: the random source and what earlier steps built."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from opentamp.models.auth import BrokerUser
from opentamp.models.platform import Broker, Team

DEMO_PHONE = "13800138000"
DEFAULT_BROKER_ID = 1001


@dataclass
class DemoWorld:
    """What the steps build and later steps read."""

    rng: random.Random
    brokers: dict[int, Broker] = field(default_factory=dict)
    teams: dict[int, Team] = field(default_factory=dict)
    users: dict[str, BrokerUser] = field(default_factory=dict)
