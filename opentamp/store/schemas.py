"""Payloads of the adviser zone (docs/api.md#adviser-zone) and the channel and push calls
(docs/api.md#platform)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from pydantic import Field

from opentamp.kit.pagination import PageOut
from opentamp.kit.params import SmallId
from opentamp.kit.schema import CamelModel
from opentamp.products.api import ProductCardOut


class ThemeOut(CamelModel):
    color: str


class TeamOut(CamelModel):
    team_id: int
    mid: str
    broker_id: int
    broker_name: str
    name: str
    logo: str
    theme: ThemeOut
    slogan: str
    brief: str


class BriefInfoOut(CamelModel):
    team_id: int
    name: str
    slogan: str
    #: The long introduction; screens fold it when longer than 100 characters.
    intro: str
    product_count: int
    article_count: int


class StoreAnnouncementOut(CamelModel):
    id: int
    title: str
    content: str
    is_top: bool
    published_at: datetime


class AdOut(CamelModel):
    id: int
    title: str
    subtitle: str
    image_url: str
    color: str
    #: An H5 path (/poProductDetail?...) or an outside address (https://...).
    link: str


class RecommendationOut(CamelModel):
    id: int
    reason: str
    product: ProductCardOut


class ArticleOut(CamelModel):
    article_id: int
    title: str
    category_name: str
    summary: str
    author: str
    update_at: datetime
    published_at: datetime
    product_scope: list[str]
    is_top: bool


class ArticleDetailOut(ArticleOut):
    team_id: int
    team_name: str
    content: str
    #: Cards of the products the article is about.
    products: list[ProductCardOut]


class SearchOut(PageOut[ProductCardOut]):
    keyword: str
    #: No keyword: the list holds the team's recommended products (热门).
    is_hot: bool


class ComponentOut(CamelModel):
    component_id: str
    type: str
    title: str
    #: Extra settings of the component (for PRODUCT_LIST: the shelf).
    props: dict[str, Any] = {}


class PageConfigOut(CamelModel):
    team_id: int
    page: str
    components: list[ComponentOut]


class ComponentDataOut(CamelModel):
    component_id: str
    type: str
    title: str
    ads: list[AdOut] = []
    announcements: list[StoreAnnouncementOut] = []
    recommendations: list[RecommendationOut] = []
    articles: list[ArticleOut] = []
    products: list[ProductCardOut] = []


class H5TokenIn(CamelModel):
    """Who the visitor comes through: a team (teamId or mid) or a broker; at least one. The
    broker may come as ``brokerId`` or as ``broker``, the field the client adds to every call
    (docs/api.md#transport): 游客访问 from the sign-in page sends only that."""

    broker_id: SmallId | None = None
    broker: SmallId | None = None
    team_id: SmallId | None = None
    mid: Annotated[str | None, Field(max_length=32)] = None
    visitor_token: Annotated[
        str | None,
        Field(
            max_length=128, description="本设备此前的游客 token（可已过期），用于沿用同一游客身份"
        ),
    ] = None


class H5TokenOut(CamelModel):
    access_token: str
    expires_in: int
    broker_user_id: int
    visitor: bool
    broker_id: int
    broker_name: str
    team_id: int
    mid: str
    logo: str
    theme_color: str


class LandingPageOut(CamelModel):
    channel: str
    broker_id: int
    team_id: int | None = None
    title: str
    subtitle: str
    content: str
    button_text: str
    target_path: str


class AccessHistoryIn(CamelModel):
    channel: Annotated[str, Field(min_length=1, max_length=32)]
    path: Annotated[str, Field(max_length=255)] = ""


class AccessHistoryOut(CamelModel):
    recorded: bool
    visits: int


class OperationPushOut(CamelModel):
    id: int
    title: str
    content: str
    button_text: str
    link: str
    #: ONCE: show once per device; DAILY: at most once a day.
    frequency: str
    start_at: datetime
    end_at: datetime


class OperationPushResultOut(CamelModel):
    push: OperationPushOut | None = None
