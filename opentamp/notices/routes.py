"""The notice calls ``/notice/*`` (docs/notices.md#calls)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Query

from opentamp.deps import CurrentUser, SessionDep
from opentamp.kit.envelope import Envelope, api_router, ok
from opentamp.kit.pagination import PageOut
from opentamp.kit.params import Id
from opentamp.notices import service
from opentamp.notices.schemas import NoticeIdIn, ReadAllIn, ReadAllOut, UnreadOut, UserNoticeOut

router = api_router(tags=["notices"])

Category = Annotated[str | None, Query(max_length=16)]
Page = Annotated[int, Query(ge=1, le=10_000)]
Size = Annotated[int, Query(ge=1, le=100)]


@router.get("/notice/getNotice")
def get_notice(
    user: CurrentUser,
    session: SessionDep,
    category: Category = None,
    page: Page = 1,
    size: Size = 10,
) -> Envelope[PageOut[UserNoticeOut]]:
    """The caller's notices of one category (or all), newest first, pages from 1."""
    return ok(service.notices(session, user=user, category=category, page=page, size=size))


@router.get("/notice/detail")
def notice_detail(
    user: CurrentUser, session: SessionDep, notice_id: Annotated[Id, Query(alias="noticeId")]
) -> Envelope[UserNoticeOut]:
    """One notice (noticeDetail); another user's id answers 404."""
    return ok(service.detail(session, user=user, notice_id=notice_id))


@router.post("/notice/read")
def read(user: CurrentUser, session: SessionDep, body: NoticeIdIn) -> Envelope[UserNoticeOut]:
    return ok(service.read(session, user=user, notice_id=body.notice_id))


@router.post("/notice/readAll")
def read_all(user: CurrentUser, session: SessionDep, body: ReadAllIn) -> Envelope[ReadAllOut]:
    """全部已读: every unread notice (of the category, when given) marked read."""
    return ok(service.read_all(session, user=user, category=body.category))


@router.get("/notice/getUnReadNotice")
def unread(user: CurrentUser, session: SessionDep) -> Envelope[UnreadOut]:
    """The badge on 我的 and the unread dots of the categories."""
    return ok(service.unread(session, user=user))


@router.get("/notice/getUserUnreadAnn")
def unread_announcements(user: CurrentUser, session: SessionDep) -> Envelope[list[UserNoticeOut]]:
    """The notices still to be acknowledged in a pop-up, oldest first."""
    return ok(service.to_confirm(session, user=user))


@router.post("/notice/confirmPopWindow")
def confirm_pop_window(
    user: CurrentUser, session: SessionDep, body: NoticeIdIn
) -> Envelope[UserNoticeOut]:
    """The pop-up's 我已知晓: the notice read and acknowledged."""
    return ok(service.confirm(session, user=user, notice_id=body.notice_id))
