"""Payloads of the notice calls (docs/notices.md#calls)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import Field

from opentamp.kit.params import Id
from opentamp.kit.schema import CamelModel, DocumentUrl


class NoticeFile(CamelModel):
    """An attachment of a notice (noticeFiles)."""

    name: Annotated[str, Field(min_length=1, max_length=64)]
    file_url: Annotated[DocumentUrl, Field(max_length=512)]


class UserNoticeOut(CamelModel):
    notice_id: int
    category: str
    category_name: str
    kind: str
    title: str
    content: str
    create_time: datetime
    is_read: bool
    #: the notice must be acknowledged in a pop-up (confirmPopWindow)
    need_confirm: bool
    is_confirmed: bool
    #: the screen the notice leads to (a route of the app with its query), or empty
    link: str
    files: list[NoticeFile]


class CategoryUnread(CamelModel):
    category: str
    category_name: str
    unread: int


class UnreadOut(CamelModel):
    """The badge on 我的: unread notices in all, and per category."""

    total: int
    categories: list[CategoryUnread]


class NoticeIdIn(CamelModel):
    notice_id: Id


class ReadAllIn(CamelModel):
    #: one category, or every category when absent
    category: Annotated[str | None, Field(max_length=16)] = None


class ReadAllOut(CamelModel):
    count: int


class BrokerAnnouncementOut(CamelModel):
    event_key: str


class BrokerAnnouncementIn(CamelModel):
    """An announcement of the broker (the operator call and ``opentamp notices announce``)."""

    title: Annotated[str, Field(min_length=1, max_length=128)]
    content: Annotated[str, Field(min_length=1, max_length=4000)]
    need_confirm: bool = False
    files: Annotated[list[NoticeFile], Field(max_length=10)] = []
