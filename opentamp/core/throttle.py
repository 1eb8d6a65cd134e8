"""Per-client limits (docs/api.md#limits): how often one client address may do something that
costs us or a stranger (text a code, create a visitor identity, draw a captcha).

Each (scope, client) has one ``client_quota`` row counting its uses in a fixed window that opens
at the first use after the previous one closed. The row is locked while it is read and counted
(``SELECT … FOR UPDATE`` on PostgreSQL; on SQLite writing requests hold the database lock), so
parallel requests from one client, on any process or replica, are counted one after another,
exactly as the per-phone quota of SMS codes is (core/sms_codes.py).

A request without a client address (the CLI, the jobs, a service called directly) is not
counted: the limits are about clients of the API.
"""

from __future__ import annotations

import math
from datetime import timedelta

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from opentamp.errors import TooManyRequests
from opentamp.kit.clock import now
from opentamp.models.verification import ClientQuota


def _window(session: Session, *, scope: str, client: str, seconds: int) -> ClientQuota:
    """The client's row for ``scope``, locked, its window reopened if the last one closed."""
    moment = now()
    query = (
        select(ClientQuota)
        .where(ClientQuota.scope == scope, ClientQuota.client == client)
        .with_for_update()
        .execution_options(populate_existing=True)
    )
    quota = session.scalar(query)
    if quota is None:
        # A new client of this scope: first forget the clients whose window closed long ago.
        session.execute(
            delete(ClientQuota).where(
                ClientQuota.scope == scope,
                ClientQuota.window_start < moment - timedelta(seconds=2 * seconds),
            )
        )
        try:
            with session.begin_nested():
                session.add(ClientQuota(scope=scope, client=client, window_start=moment, used=0))
        except IntegrityError:
            pass  # a concurrent request of the same client created it first
        quota = session.scalar(query)
        assert quota is not None
    if moment >= quota.window_start + timedelta(seconds=seconds):
        quota.window_start, quota.used = moment, 0
    return quota


def used(session: Session, *, scope: str, client: str, window_seconds: int) -> int:
    """What ``client`` did of ``scope`` in its current window. The row stays locked until the
    request ends, so a decision taken on the count (a captcha demanded) holds for the request."""
    if not client:
        return 0
    return _window(session, scope=scope, client=client, seconds=window_seconds).used


def take(
    session: Session,
    *,
    scope: str,
    client: str,
    limit: int,
    window_seconds: int,
    error: type[TooManyRequests] = TooManyRequests,
) -> None:
    """Count one use of ``scope`` by ``client``; over ``limit`` in the window, raise ``error``
    with the seconds until the window closes (429, ``Retry-After``)."""
    if not client:
        return
    quota = _window(session, scope=scope, client=client, seconds=window_seconds)
    if quota.used >= limit:
        closes = quota.window_start + timedelta(seconds=window_seconds)
        seconds = max(1, math.ceil((closes - now()).total_seconds()))
        raise error(retry_after=seconds, minutes=math.ceil(seconds / 60))
    quota.used += 1
    session.flush()
