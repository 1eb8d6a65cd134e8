"""The adviser zone under /noauth/store (docs/api.md#adviser-zone), channel landing pages, operation
pushes and the latest adviser articles (docs/api.md#platform, docs/api.md#adviser)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Query

from opentamp.deps import SessionDep, ViewerDep
from opentamp.kit.envelope import Envelope, api_router, ok
from opentamp.kit.pagination import PageOut
from opentamp.kit.params import Id, SmallId
from opentamp.products.api import ProductCardOut
from opentamp.store import schemas, service

router = api_router(tags=["store"])

TeamId = Annotated[SmallId | None, Query(alias="teamId")]
Mid = Annotated[str | None, Query(max_length=32)]
BrokerId = Annotated[SmallId | None, Query(alias="brokerId")]
Page = Annotated[int | None, Query(ge=0, le=10_000)]
Size = Annotated[int | None, Query(ge=1, le=100)]


@router.get("/noauth/store/team/detail")
def team_detail(
    session: SessionDep, team_id: TeamId = None, mid: Mid = None, broker_id: BrokerId = None
) -> Envelope[schemas.TeamOut]:
    """A team: name, logo, theme colour and slogan."""
    return ok(service.team_detail(session, team_id=team_id, mid=mid, broker_id=broker_id))


@router.get("/noauth/store/team/briefInfo")
def brief_info(
    session: SessionDep, team_id: TeamId = None, mid: Mid = None
) -> Envelope[schemas.BriefInfoOut]:
    """A team's introduction and counts."""
    return ok(service.brief_info(session, team_id=team_id, mid=mid))


@router.get("/noauth/store/defaultTeam")
def default_team(session: SessionDep, broker_id: BrokerId = None) -> Envelope[schemas.TeamOut]:
    """A broker's default team (the platform's without a broker)."""
    return ok(service.default_team(session, broker_id=broker_id))


@router.get("/noauth/store/announcements")
def announcements(
    session: SessionDep,
    team_id: TeamId = None,
    mid: Mid = None,
    page: Page = None,
    size: Size = None,
) -> Envelope[PageOut[schemas.StoreAnnouncementOut]]:
    """A team's announcements, pinned first (page from 1)."""
    return ok(service.announcements(session, team_id=team_id, mid=mid, page=page, size=size))


@router.get("/noauth/store/recommendations")
def recommendations(
    session: SessionDep, team_id: TeamId = None, mid: Mid = None
) -> Envelope[list[schemas.RecommendationOut]]:
    """A team's recommended products with the reason for each."""
    return ok(service.recommendations(session, team_id=team_id, mid=mid))


@router.get("/noauth/store/ads")
def ads(
    session: SessionDep,
    team_id: TeamId = None,
    mid: Mid = None,
    position: Annotated[str | None, Query(max_length=16)] = None,
) -> Envelope[list[schemas.AdOut]]:
    """The banners running today at a position (HOME by default)."""
    return ok(service.ads(session, team_id=team_id, mid=mid, position=position))


@router.get("/noauth/store/articles")
def articles(
    session: SessionDep,
    team_id: TeamId = None,
    mid: Mid = None,
    page: Page = None,
    size: Size = None,
) -> Envelope[PageOut[schemas.ArticleOut]]:
    """A team's articles (page from 0, size 2 by default)."""
    return ok(service.articles(session, team_id=team_id, mid=mid, page=page, size=size))


@router.get("/noauth/store/article/detail")
def article_detail(
    session: SessionDep, article_id: Annotated[Id, Query(alias="articleId")]
) -> Envelope[schemas.ArticleDetailOut]:
    """An article with its text and the products it is about."""
    return ok(service.article_detail(session, article_id=article_id))


@router.get("/noauth/store/productCard")
def product_card(
    session: SessionDep,
    product_code: Annotated[str | None, Query(alias="productCode", max_length=16)] = None,
    product_type: Annotated[str | None, Query(alias="productType", max_length=16)] = None,
    broker_id: BrokerId = None,
) -> Envelope[ProductCardOut]:
    """A product's card: headline figure, risk, minimum purchase."""
    return ok(
        service.product_card(
            session, code=product_code, product_type=product_type, broker_id=broker_id
        )
    )


@router.get("/noauth/store/search")
def search(
    session: SessionDep,
    keyword: Annotated[str | None, Query(max_length=64)] = None,
    product_kind: Annotated[str | None, Query(alias="type", pattern="^(all|fund|po)$")] = None,
    team_id: TeamId = None,
    mid: Mid = None,
    broker_id: BrokerId = None,
    page: Page = None,
    size: Size = None,
) -> Envelope[schemas.SearchOut]:
    """Funds and portfolios by code or name (page from 1, size 10)."""
    return ok(
        service.search(
            session,
            keyword=keyword,
            product_kind=product_kind,
            team_id=team_id,
            mid=mid,
            broker_id=broker_id,
            page=page,
            size=size,
        )
    )


@router.get("/noauth/store/pageConfig")
def page_config(
    session: SessionDep,
    team_id: TeamId = None,
    mid: Mid = None,
    page: Annotated[str | None, Query(max_length=32)] = None,
) -> Envelope[schemas.PageConfigOut]:
    """The components of a team page, in order."""
    return ok(service.page_config(session, team_id=team_id, mid=mid, page=page))


@router.get("/noauth/store/componentData")
def component_data(
    session: SessionDep,
    component_id: Annotated[str, Query(alias="componentId", min_length=1, max_length=32)],
    team_id: TeamId = None,
    mid: Mid = None,
    page: Annotated[str | None, Query(max_length=32)] = None,
) -> Envelope[schemas.ComponentDataOut]:
    """The data of one component of a team page."""
    return ok(
        service.component_data(
            session, team_id=team_id, mid=mid, page=page, component_id=component_id
        )
    )


@router.post("/noauth/store/h5Token")
def h5_token(session: SessionDep, body: schemas.H5TokenIn) -> Envelope[schemas.H5TokenOut]:
    """A visitor token for the broker of a team (the retail visitor identity)."""
    return ok(service.h5_token(session, body=body))


@router.get("/noauth/tamp/channel/landingPage")
def landing_page(
    session: SessionDep, channel: Annotated[str | None, Query(max_length=32)] = None
) -> Envelope[schemas.LandingPageOut]:
    """A marketing channel's landing page."""
    return ok(service.landing_page(session, channel=channel))


@router.post("/channel/addAccessHistory")
def add_access_history(
    session: SessionDep, viewer: ViewerDep, body: schemas.AccessHistoryIn
) -> Envelope[schemas.AccessHistoryOut]:
    """Record the viewer's visit through a channel."""
    return ok(service.add_access_history(session, user=viewer, body=body))


@router.get("/noauth/push/getOperationPush")
def operation_push(
    session: SessionDep,
    broker_id: BrokerId = None,
    position: Annotated[str | None, Query(max_length=16)] = None,
) -> Envelope[schemas.OperationPushResultOut]:
    """The operation pop-up running now at a position (HOME by default), if any."""
    return ok(service.operation_push(session, broker_id=broker_id, position=position))


@router.get("/adviser/latestArticles")
def latest_articles(
    session: SessionDep,
    viewer: ViewerDep,
    po_codes: Annotated[str | None, Query(alias="poCodes", max_length=512)] = None,
) -> Envelope[list[schemas.ArticleOut]]:
    """The newest adviser articles about any of the portfolios (comma-separated poCodes)."""
    codes = [c.strip() for c in (po_codes or "").split(",") if c.strip()]
    return ok(service.latest_articles(session, broker_id=viewer.broker_id, po_codes=codes))
