"""Dictionaries (/utils/dict: the enumerations of the spec; /utils/dynamicDict: groups an
operator maintains in the ``dict_item`` table) and the countries and regions list."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.dictionary import schemas
from opentamp.dictionary.data import COUNTRIES, DICTS
from opentamp.errors import AppError
from opentamp.models.content import DictItem


class UnknownDict(AppError):
    code = 61301
    error = "unknown_dict"
    msg = "字典不存在：{name}"


def _split(codes: str | None) -> list[str]:
    return [c.strip() for c in (codes or "").split(",") if c.strip()]


def dicts(*, dict_types: str | None) -> list[schemas.DictGroupOut]:
    wanted = _split(dict_types) or list(DICTS)
    unknown = [w for w in wanted if w not in DICTS]
    if unknown:
        raise UnknownDict(name="、".join(unknown))
    return [
        schemas.DictGroupOut(
            group_code=name,
            items=[schemas.DictItemOut(value=v, label=label) for v, label in DICTS[name]],
        )
        for name in wanted
    ]


def dynamic_dicts(session: Session, *, group_codes: str | None) -> list[schemas.DictGroupOut]:
    wanted = _split(group_codes)
    query = select(DictItem).order_by(DictItem.group_code, DictItem.sort_order, DictItem.id)
    if wanted:
        query = query.where(DictItem.group_code.in_(wanted))
    groups: dict[str, list[schemas.DictItemOut]] = {w: [] for w in wanted}
    for item in session.scalars(query):
        groups.setdefault(item.group_code, []).append(
            schemas.DictItemOut(label=item.label, value=item.value)
        )
    return [schemas.DictGroupOut(group_code=k, items=v) for k, v in groups.items()]


def countries() -> list[schemas.CountryOut]:
    return [
        schemas.CountryOut(code=c, name=n, en_name=e, phone_code=p, is_region=r)
        for c, n, e, p, r in COUNTRIES
    ]
