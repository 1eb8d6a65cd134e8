"""Data versions (docs/scale.md#answer-cache): a counter per user, bumped by every commit that
writes that user's rows, and the world's counter, bumped by every other write (the daily
pipeline, products, anything not tied to one user): the sum of the shards ``scope_id`` 0 down
to −7 (``db.WORLD_SCOPES``), one of them bumped at random by each such commit. A signed-in
read's answer may be remembered under the pair read with its token: a write makes a new pair,
so a remembered answer can never be served stale. The counters are bumped by ``opentamp.db``
at commit."""

from __future__ import annotations

from sqlalchemy import BigInteger
from sqlalchemy.orm import Mapped, mapped_column

from opentamp.db import Base

#: The scope of writes that belong to no single user.
WORLD = 0


class DataVersion(Base):
    __tablename__ = "data_version"

    #: A broker_user id, or one of the world's shards (0 and below); no foreign key (the
    #: world is no user).
    scope_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    version: Mapped[int] = mapped_column(BigInteger, default=0)
