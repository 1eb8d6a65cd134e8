"""Masking of personal numbers in every response (issue of accounts; docs/product.md#validation
display).

No response carries a full phone, identity or card number: a phone shows its first three and
last four digits (138****8000), an identity number its first four and last four
(1101**********1233; a short pass number its first and last two), a card only its tail of
four (**** 1234).
"""

from __future__ import annotations

import re

_PHONE = re.compile(r"^(\+?86)?(\d{3})\d{4}(\d{4})$")


def mask_phone(phone: str | None) -> str:
    if not phone:
        return ""
    text = phone.strip()
    match = _PHONE.match(text)
    if match:
        return f"{match.group(1) or ''}{match.group(2)}****{match.group(3)}"
    if len(text) <= 4:
        return "*" * len(text)
    return text[:2] + "*" * (len(text) - 4) + text[-2:]


def mask_id_no(id_no: str | None) -> str:
    if not id_no:
        return ""
    text = id_no.strip()
    if len(text) >= 15:
        return text[:4] + "*" * (len(text) - 8) + text[-4:]
    if len(text) <= 4:
        return "*" * len(text)
    return text[:2] + "*" * (len(text) - 4) + text[-2:]


def mask_card_tail(tail: str | None) -> str:
    """A card shown by its tail only: ``**** 1234``."""
    return f"**** {tail}" if tail else ""


def mask_name(name: str | None) -> str:
    """张三 → *三, 欧阳娜娜 → **娜娜: the family name hidden (identity pages)."""
    if not name:
        return ""
    chars = list(name)
    if len(chars) == 1:
        return "*"
    keep = 1 if len(chars) <= 3 else 2
    return "*" * (len(chars) - keep) + "".join(chars[-keep:])
