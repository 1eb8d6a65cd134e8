"""The banks a card can be bound with, by the code kept in ``PaymentMethod.bank_no`` (spec 000
§3 "Banks": about 20 listed by code, 002 through 034, 901, plus 021).

``supports_sign`` says whether the bank's payment channel can be (re-)signed inside the app
(``supportBankSign`` of an unsigned payment channel); for the others the user is told to sign
at the bank.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Bank:
    code: str
    name: str
    short_name: str
    supports_sign: bool = True


BANKS: dict[str, Bank] = {
    b.code: b
    for b in (
        Bank("002", "中国工商银行", "工商银行"),
        Bank("003", "中国农业银行", "农业银行"),
        Bank("004", "中国银行", "中国银行"),
        Bank("005", "中国建设银行", "建设银行"),
        Bank("006", "交通银行", "交通银行"),
        Bank("007", "招商银行", "招商银行"),
        Bank("008", "中信银行", "中信银行"),
        Bank("009", "中国光大银行", "光大银行"),
        Bank("010", "华夏银行", "华夏银行"),
        Bank("011", "中国民生银行", "民生银行"),
        Bank("012", "广发银行", "广发银行"),
        Bank("013", "平安银行", "平安银行"),
        Bank("014", "兴业银行", "兴业银行"),
        Bank("015", "上海浦东发展银行", "浦发银行"),
        Bank("016", "中国邮政储蓄银行", "邮储银行"),
        Bank("017", "北京银行", "北京银行"),
        Bank("018", "上海银行", "上海银行"),
        Bank("019", "浙商银行", "浙商银行"),
        Bank("020", "渤海银行", "渤海银行", supports_sign=False),
        Bank("021", "恒丰银行", "恒丰银行", supports_sign=False),
        Bank("034", "宁波银行", "宁波银行"),
        Bank("901", "浙江网商银行", "网商银行", supports_sign=False),
    )
}


def bank_name(code: str) -> str:
    """The bank's full name; an unknown code is shown as 银行卡 rather than failing."""
    bank = BANKS.get(code)
    return bank.name if bank else "银行卡"


def supports_sign(code: str) -> bool:
    bank = BANKS.get(code)
    return bank.supports_sign if bank else False
