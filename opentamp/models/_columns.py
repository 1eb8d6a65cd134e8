"""Column helpers shared by the models."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Mapped, mapped_column

from opentamp.db import AwareDateTime
from opentamp.kit.clock import now


def created_at_column() -> Mapped[datetime]:
    return mapped_column(AwareDateTime(), default=now, nullable=False)


def updated_at_column() -> Mapped[datetime]:
    return mapped_column(AwareDateTime(), default=now, onupdate=now, nullable=False)
