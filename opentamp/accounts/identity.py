"""Identity documents of docs/product.md#entities/docs/product.md#validation, checked on the server
as on the client (web/src/lib/validate.ts): 0 ID card (18 characters, a real birth date, the GB
11643 check digit), 4 HK/Macau pass (H or M and 8 digits), A Taiwan pass (8 digits), C residence
permit for HK/Macau/Taiwan residents (the ID format with region 810000/820000/830000)."""

from __future__ import annotations

import re
from datetime import date

ID_TYPES = {"0": "居民身份证", "4": "港澳居民来往内地通行证", "A": "台湾居民来往大陆通行证",
            "C": "港澳台居民居住证"}  # fmt: skip
_WEIGHTS = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
_CHECK = "10X98765432"
CHINESE_NAME = re.compile(r"^[\u4e00-\u9fa5]+([·•][\u4e00-\u9fa5]+)*$")
ADULT_AGE = 18


def check_digit(first17: str) -> str:
    return _CHECK[sum(int(c) * w for c, w in zip(first17, _WEIGHTS, strict=True)) % 11]


def birth_date_of(id_no: str) -> date | None:
    try:
        return date(int(id_no[6:10]), int(id_no[10:12]), int(id_no[12:14]))
    except ValueError:
        return None


def is_mainland_id(id_no: str, *, today: date) -> bool:
    if not re.fullmatch(r"\d{17}[\dX]", id_no):
        return False
    born = birth_date_of(id_no)
    if born is None or born.year < 1900 or born > today:
        return False
    return check_digit(id_no[:17]) == id_no[17]


def normalize_id_no(id_no: str) -> str:
    return re.sub(r"\s", "", id_no or "").upper()


def identity_problem(id_type: str, id_no: str, *, today: date) -> str | None:
    """What is wrong with the document number, in Chinese; None when it is valid."""
    if id_type not in ID_TYPES:
        return "请选择证件类型"
    if id_type == "0" and not is_mainland_id(id_no, today=today):
        return "请输入正确的身份证号码"
    if id_type == "4" and not re.fullmatch(r"[HM]\d{8}", id_no):
        return "请输入正确的港澳居民来往内地通行证号码"
    if id_type == "A" and not re.fullmatch(r"\d{8}", id_no):
        return "请输入正确的台湾居民来往大陆通行证号码"
    if id_type == "C" and not (
        re.match(r"8[123]0000", id_no) and is_mainland_id(id_no, today=today)
    ):
        return "请输入正确的港澳台居民居住证号码"
    return None


def name_problem(name: str, *, id_type: str) -> str | None:
    length = len(name)
    if length < 2 or length > 30:
        return "姓名长度应为2-30个字符"
    if id_type == "0" and not CHINESE_NAME.match(name):
        return "请输入与身份证一致的中文姓名"
    return None


def gender_of(id_no: str) -> int:
    """1 male, 2 female: the 17th character of an 18-character number (odd is male)."""
    return 1 if int(id_no[16]) % 2 == 1 else 2


def age_on(born: date, today: date) -> int:
    return today.year - born.year - ((today.month, today.day) < (born.month, born.day))
