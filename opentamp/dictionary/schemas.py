from __future__ import annotations

from opentamp.kit.schema import CamelModel


class DictItemOut(CamelModel):
    label: str
    value: str


class DictGroupOut(CamelModel):
    group_code: str
    items: list[DictItemOut]


class CountryOut(CamelModel):
    code: str
    name: str
    en_name: str
    phone_code: str
    #: Hong Kong, Macau and Taiwan: regions of China, listed apart on the picker.
    is_region: bool
