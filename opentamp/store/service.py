"""The adviser zone (docs/api.md#adviser-zone): a broker's team page with its announcements,
banners, recommendations and articles, product search, and the visitor token; channel landing pages
and operation pushes (docs/api.md#platform).

Which team a call is about: ``teamId`` if given, else the team of ``mid``, else the default
team of ``brokerId``, else the platform's default team. An id that names no team is an error
(the link is wrong), never silently another team.
"""

from __future__ import annotations

import secrets

from sqlalchemy.orm import Session

from opentamp.config import get_settings
from opentamp.core import throttle
from opentamp.core.tokens import held_token, issue_token
from opentamp.errors import AppError, NotFound, TooManyRequests
from opentamp.kit.clock import now
from opentamp.kit.pagination import PageOut, has_more, page_bounds
from opentamp.kit.terminal import current_client
from opentamp.models.auth import BrokerUser
from opentamp.models.content import Article, ChannelAccess, StoreAd, StoreAnnouncement
from opentamp.models.platform import Team
from opentamp.products import api as products
from opentamp.products.api import ProductCardOut
from opentamp.store import repository, schemas

VISITOR = "visitor"
ARTICLES_PAGE_SIZE = 2
SEARCH_PAGE_SIZE = 10


class TeamNotFound(NotFound):
    code = 61101
    error = "team_not_found"
    msg = "团队不存在或已停止服务"


class WrongStoreLink(AppError):
    """docs/product.md#validation store-link check: the shop parameters do not name one team."""

    code = 61102
    error = "wrong_store_link"
    msg = "商户信息传入有误，链接无法打开"


class ChannelNotFound(NotFound):
    code = 61103
    error = "channel_not_found"
    msg = "活动不存在或已结束"


class ArticleNotFound(NotFound):
    code = 61104
    error = "article_not_found"
    msg = "文章不存在或已下线"


class InvalidKeyword(AppError):
    code = 61105
    error = "invalid_keyword"
    msg = "搜索关键词过长，请精简后重试"


class VisitorTooFrequent(TooManyRequests):
    code = 42905
    error = "visitor_too_frequent"
    msg = "访问过于频繁，请{minutes}分钟后再试"


def resolve_team(
    session: Session,
    *,
    team_id: int | None = None,
    mid: str | None = None,
    broker_id: int | None = None,
) -> Team:
    if team_id is not None:
        team = repository.team(session, team_id)
    elif mid:
        team = repository.team_by_mid(session, mid)
    else:
        team = repository.default_team(session, broker_id)
    if team is None:
        raise TeamNotFound()
    if broker_id is not None and team.broker_id != broker_id:
        raise WrongStoreLink()
    return team


def _team_out(session: Session, team: Team) -> schemas.TeamOut:
    broker = repository.broker(session, team.broker_id)
    return schemas.TeamOut(
        team_id=team.id,
        mid=team.mid,
        broker_id=team.broker_id,
        broker_name=broker.name if broker else "",
        name=team.name,
        logo=team.logo,
        theme=schemas.ThemeOut(color=team.theme_color),
        slogan=team.slogan,
        brief=team.brief,
    )


def team_detail(
    session: Session, *, team_id: int | None, mid: str | None, broker_id: int | None
) -> schemas.TeamOut:
    return _team_out(session, resolve_team(session, team_id=team_id, mid=mid, broker_id=broker_id))


def default_team(session: Session, *, broker_id: int | None) -> schemas.TeamOut:
    return _team_out(session, resolve_team(session, broker_id=broker_id))


def brief_info(session: Session, *, team_id: int | None, mid: str | None) -> schemas.BriefInfoOut:
    team = resolve_team(session, team_id=team_id, mid=mid)
    articles = repository.count(session, repository.articles_query([team.id], now()))
    products_count = len(
        {r.product_code for r in repository.recommendations(session, team.id)}
        | {s.product_code for s in products.shelf(session, team.broker_id, "home")}
    )
    return schemas.BriefInfoOut(
        team_id=team.id,
        name=team.name,
        slogan=team.slogan,
        intro=team.intro or team.brief,
        product_count=products_count,
        article_count=articles,
    )


def _announcement_out(a: StoreAnnouncement) -> schemas.StoreAnnouncementOut:
    return schemas.StoreAnnouncementOut.model_validate(a)


def announcements(
    session: Session, *, team_id: int | None, mid: str | None, page: int | None, size: int | None
) -> PageOut[schemas.StoreAnnouncementOut]:
    team = resolve_team(session, team_id=team_id, mid=mid)
    page, size = page_bounds(page, size, base=1, default_size=10)
    query = repository.announcements_query(team.id)
    total = repository.count(session, query)
    rows = session.scalars(query.offset((page - 1) * size).limit(size)).all()
    return PageOut[schemas.StoreAnnouncementOut](
        list=[_announcement_out(a) for a in rows],
        total=total,
        page=page,
        size=size,
        has_more=has_more(page, size, total),
    )


def _ad_out(a: StoreAd) -> schemas.AdOut:
    return schemas.AdOut.model_validate(a)


def ads(
    session: Session, *, team_id: int | None, mid: str | None, position: str | None
) -> list[schemas.AdOut]:
    team = resolve_team(session, team_id=team_id, mid=mid)
    return [_ad_out(a) for a in repository.ads(session, team.id, position or "HOME", now().date())]


def _card(
    session: Session,
    code: str,
    product_type: str | None,
    broker_id: int,
    tags: list[str] | None = None,
) -> ProductCardOut | None:
    try:
        return products.product_card(
            session, code=code, product_type=product_type, viewer_broker_id=broker_id, tags=tags
        )
    except products.ProductNotFound:
        return None  # a recommendation of a product since withdrawn is left out


def recommendations(
    session: Session, *, team_id: int | None, mid: str | None
) -> list[schemas.RecommendationOut]:
    team = resolve_team(session, team_id=team_id, mid=mid)
    out = []
    for r in repository.recommendations(session, team.id):
        card = _card(session, r.product_code, r.product_type, team.broker_id, list(r.tags))
        if card is not None:
            out.append(schemas.RecommendationOut(id=r.id, reason=r.reason, product=card))
    return out


def _article_out(a: Article) -> schemas.ArticleOut:
    return schemas.ArticleOut(
        article_id=a.id,
        title=a.title,
        category_name=a.category_name,
        summary=a.summary,
        author=a.author,
        update_at=a.updated_at,
        published_at=a.published_at,
        product_scope=list(a.product_scope),
        is_top=a.is_top,
    )


def articles(
    session: Session, *, team_id: int | None, mid: str | None, page: int | None, size: int | None
) -> PageOut[schemas.ArticleOut]:
    """The team's articles, pinned first then newest (spec: page from 0, size 2)."""
    team = resolve_team(session, team_id=team_id, mid=mid)
    page, size = page_bounds(page, size, base=0, default_size=ARTICLES_PAGE_SIZE)
    query = repository.articles_query([team.id], now())
    total = repository.count(session, query)
    rows = session.scalars(query.offset(page * size).limit(size)).all()
    return PageOut[schemas.ArticleOut](
        list=[_article_out(a) for a in rows],
        total=total,
        page=page,
        size=size,
        has_more=has_more(page, size, total, base=0),
    )


def article_detail(session: Session, *, article_id: int) -> schemas.ArticleDetailOut:
    a = repository.article(session, article_id)
    if a is None or a.published_at > now():
        raise ArticleNotFound()
    team = repository.team(session, a.team_id)
    cards = [
        c
        for c in (
            _card(session, code, None, team.broker_id if team else 0) for code in a.product_scope
        )
        if c is not None
    ]
    return schemas.ArticleDetailOut(
        **_article_out(a).model_dump(),
        team_id=a.team_id,
        team_name=team.name if team else "",
        content=a.content,
        products=cards,
    )


def latest_articles(
    session: Session, *, broker_id: int, po_codes: list[str], limit: int = 5
) -> list[schemas.ArticleOut]:
    """The newest articles of the broker's teams about any of ``po_codes`` (all articles when
    none is given)."""
    teams = repository.team_ids_of_broker(session, broker_id)
    if not teams:
        return []
    wanted = set(po_codes)
    out = []
    for a in session.scalars(repository.articles_query(teams, now())):
        if not wanted or wanted & set(a.product_scope):
            out.append(_article_out(a))
            if len(out) >= limit:
                break
    return out


def product_card(
    session: Session, *, code: str | None, product_type: str | None, broker_id: int | None
) -> ProductCardOut:
    if not code:
        raise products.ProductNotFound()
    return products.product_card(
        session, code=code, product_type=product_type, viewer_broker_id=broker_id
    )


def search(
    session: Session,
    *,
    keyword: str | None,
    product_kind: str | None,
    team_id: int | None,
    mid: str | None,
    broker_id: int | None,
    page: int | None,
    size: int | None,
) -> schemas.SearchOut:
    """Funds and portfolios by code or name (spec: page from 1, size 10): an exact code first,
    then portfolios, then funds by code. Without a keyword: the team's recommended products."""
    page, size = page_bounds(page, size, base=1, default_size=SEARCH_PAGE_SIZE)
    team = resolve_team(session, team_id=team_id, mid=mid, broker_id=broker_id)
    word = (keyword or "").strip()
    if len(word) > 32:
        raise InvalidKeyword()
    if not word:
        hot = [r.product for r in recommendations(session, team_id=team.id, mid=None)]
        return schemas.SearchOut(
            list=hot[(page - 1) * size : page * size],
            total=len(hot),
            page=page,
            size=size,
            has_more=has_more(page, size, len(hot)),
            keyword="",
            is_hot=True,
        )
    found: list[tuple[str, str | None]] = []
    if product_kind in (None, "all", "po"):
        found += [(p.code, None) for p in products.search_portfolios(session, word)]
    if product_kind in (None, "all", "fund"):
        found += [(f.code, "fund") for f in products.search_funds(session, word)]
    found.sort(key=lambda item: item[0].upper() != word.upper())
    chosen = found[(page - 1) * size : page * size]
    cards = [c for c in (_card(session, code, kind, team.broker_id) for code, kind in chosen) if c]
    return schemas.SearchOut(
        list=cards,
        total=len(found),
        page=page,
        size=size,
        has_more=has_more(page, size, len(found)),
        keyword=word,
        is_hot=False,
    )


# -- page layout --------------------------------------------------------------------------

DEFAULT_COMPONENTS = [
    {"componentId": "banner", "type": "BANNER", "title": "精选活动"},
    {"componentId": "notice", "type": "NOTICE", "title": "团队公告"},
    {"componentId": "recommend", "type": "RECOMMEND", "title": "精选推荐"},
    {"componentId": "article", "type": "ARTICLE", "title": "投顾观点"},
]


def _components(session: Session, team: Team, page: str) -> list[schemas.ComponentOut]:
    config = repository.page_config(session, team.id, page)
    raw = config.components if config is not None else DEFAULT_COMPONENTS
    return [
        schemas.ComponentOut(
            component_id=str(c.get("componentId", "")),
            type=str(c.get("type", "")),
            title=str(c.get("title", "")),
            props={k: v for k, v in c.items() if k not in ("componentId", "type", "title")},
        )
        for c in raw
    ]


def page_config(
    session: Session, *, team_id: int | None, mid: str | None, page: str | None
) -> schemas.PageConfigOut:
    team = resolve_team(session, team_id=team_id, mid=mid)
    page = page or "home"
    return schemas.PageConfigOut(
        team_id=team.id, page=page, components=_components(session, team, page)
    )


def component_data(
    session: Session, *, team_id: int | None, mid: str | None, page: str | None, component_id: str
) -> schemas.ComponentDataOut:
    team = resolve_team(session, team_id=team_id, mid=mid)
    component = next(
        (c for c in _components(session, team, page or "home") if c.component_id == component_id),
        None,
    )
    if component is None:
        raise NotFound("页面组件不存在")
    out = schemas.ComponentDataOut(
        component_id=component.component_id, type=component.type, title=component.title
    )
    if component.type == "BANNER":
        out.ads = ads(session, team_id=team.id, mid=None, position="HOME")
    elif component.type == "NOTICE":
        out.announcements = announcements(session, team_id=team.id, mid=None, page=1, size=5).list
    elif component.type == "RECOMMEND":
        out.recommendations = recommendations(session, team_id=team.id, mid=None)
    elif component.type == "ARTICLE":
        out.articles = articles(session, team_id=team.id, mid=None, page=0, size=None).list
    elif component.type == "PRODUCT_LIST":
        shelf = str(component.props.get("shelf", "home"))
        entries = products.shelf(session, team.broker_id, shelf)
        out.products = [
            c
            for c in (
                _card(
                    session,
                    s.product_code,
                    s.product_type,
                    team.broker_id,
                    [s.label] if s.label else [],
                )
                for s in entries
            )
            if c is not None
        ]
    return out


# -- visitors -----------------------------------------------------------------------------


def _returning_visitor(
    session: Session, *, raw: str | None, broker_id: int
) -> tuple[str, int, BrokerUser | None]:
    """The visitor a device's earlier visitor token names, when it is a visitor of this broker:
    (the same token and its seconds left while more than half its life remains, else '' for a
    new one; the visitor). Otherwise ('', 0, None): a new visitor is needed."""
    held = held_token(session, raw) if raw else None
    if held is None:
        return "", 0, None
    user, expires_at = held
    if user.status != VISITOR or user.broker_id != broker_id:
        return "", 0, None
    left = int((expires_at - now()).total_seconds())
    if raw and left > get_settings().token_ttl_seconds // 2:
        return raw, left, user
    return "", 0, user


def h5_token(session: Session, *, body: schemas.H5TokenIn) -> schemas.H5TokenOut:
    """A visitor token (the retail visitor identity of docs/product.md#what-it-does) under the
    broker of the team the visitor comes through. A device that sends its earlier visitor token
    (``visitorToken``, live or expired, of the same broker) keeps its visitor: the same token
    while more than half its life is left, else a new token for the same visitor. Otherwise a
    new broker user with status ``visitor`` is created, at most ``visitor_client_limit`` per
    client address a window (docs/api.md#limits; 429 with Retry-After). Visitors read products
    and the adviser zone; account and trade calls refuse them."""
    broker_id = body.broker_id if body.broker_id is not None else body.broker
    if body.team_id is None and not body.mid and broker_id is None:
        raise WrongStoreLink()
    try:
        team = resolve_team(session, team_id=body.team_id, mid=body.mid, broker_id=broker_id)
    except TeamNotFound:
        raise WrongStoreLink() from None
    if body.team_id is not None and body.mid and team.mid != body.mid:
        raise WrongStoreLink()
    broker = repository.broker(session, team.broker_id)
    assert broker is not None
    access_token, expires_in, visitor = _returning_visitor(
        session, raw=body.visitor_token, broker_id=team.broker_id
    )
    if visitor is None:
        settings = get_settings()
        throttle.take(
            session,
            scope="visitor",
            client=current_client(),
            limit=settings.visitor_client_limit,
            window_seconds=settings.client_window_seconds,
            error=VisitorTooFrequent,
        )
        visitor = BrokerUser(
            broker_id=team.broker_id,
            # visitors have no phone: a unique placeholder keeps the (broker, phone) key unique
            phone=f"V{secrets.token_hex(7)}",
            nickname="游客",
            status=VISITOR,
        )
        session.add(visitor)
        session.flush()
    if not access_token:
        token = issue_token(session, user=visitor)
        access_token, expires_in = token.access_token, token.expires_in
    return schemas.H5TokenOut(
        access_token=access_token,
        expires_in=expires_in,
        broker_user_id=visitor.id,
        visitor=True,
        broker_id=broker.id,
        broker_name=broker.name,
        team_id=team.id,
        mid=team.mid,
        logo=team.logo or broker.logo,
        theme_color=team.theme_color,
    )


# -- channels and pushes ------------------------------------------------------------------


def landing_page(session: Session, *, channel: str | None) -> schemas.LandingPageOut:
    page = repository.landing_page(session, channel) if channel else None
    if page is None or not page.is_enabled:
        raise ChannelNotFound()
    return schemas.LandingPageOut.model_validate(page)


def add_access_history(
    session: Session, *, user: BrokerUser, body: schemas.AccessHistoryIn
) -> schemas.AccessHistoryOut:
    """Record a visit through a channel (the channel must exist)."""
    if repository.landing_page(session, body.channel) is None:
        raise ChannelNotFound()
    session.add(ChannelAccess(channel=body.channel, broker_user_id=user.id, path=body.path))
    session.flush()
    return schemas.AccessHistoryOut(
        recorded=True, visits=repository.visits(session, body.channel, user.id)
    )


def operation_push(
    session: Session, *, broker_id: int | None, position: str | None
) -> schemas.OperationPushResultOut:
    push = repository.operation_push(session, broker_id, position or "HOME", now())
    return schemas.OperationPushResultOut(
        push=schemas.OperationPushOut.model_validate(push) if push else None
    )
