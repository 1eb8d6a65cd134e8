"""A user sees and changes only their own data (docs/architecture.md#transport).

Every id in a request that names a user's object is checked against the token's owner.
Another user's id answers 404 ``not_found``, exactly like an id that does not exist, so ids
cannot be probed.
"""

from __future__ import annotations

from typing import Any, TypeVar

from sqlalchemy.orm import Session

from opentamp.errors import NotFound

T = TypeVar("T")


def owned(
    session: Session,
    model: type[T],
    pk: Any,
    *,
    owner_id: int,
    owner_attr: str = "broker_user_id",
) -> T:
    """The object ``pk`` of ``model`` if ``owner_id`` owns it; otherwise :class:`NotFound`."""
    obj = session.get(model, pk) if pk is not None else None
    if obj is None or getattr(obj, owner_attr) != owner_id:
        raise NotFound()
    return obj


def require_self(owner_id: int, claimed: int | str | None) -> None:
    """A ``brokerUserId`` parameter, when given, must be the token owner's."""
    if claimed is None:
        return
    try:
        same = int(claimed) == owner_id
    except (TypeError, ValueError):
        same = False
    if not same:
        raise NotFound()
