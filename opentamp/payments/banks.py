"""The banks cards can be bound from (docs/product.md#entities: about 20 listed by code, 002 through
034, 901, plus 021; each with full name, short name, icon and colour class), their quick-payment
limits, and the card-number prefixes (BIN) that tell which bank issued a card. The codes are the
ones ``PaymentMethod.bank_no`` keeps everywhere."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal


@dataclass(frozen=True)
class Bank:
    code: str
    name: str
    short_name: str
    color: str  # colour class of the bank's badge
    single_limit: Decimal  # quick payment, per transaction
    daily_limit: Decimal
    bins: tuple[str, ...]


def _b(code: str, name: str, short: str, color: str, single: str, daily: str, *bins: str) -> Bank:
    return Bank(code, name, short, color, Decimal(single), Decimal(daily), bins)


BANKS: tuple[Bank, ...] = (
    _b("002", "中国工商银行", "工商银行", "red", "50000.00", "200000.00", "622200", "622202",
       "622208", "621226", "620200"),
    _b("003", "中国农业银行", "农业银行", "green", "50000.00", "200000.00", "622848", "622845",
       "622823", "621282", "622846"),
    _b("004", "中国银行", "中国银行", "red", "50000.00", "200000.00", "621661", "621662",
       "456351", "601382", "621785"),
    _b("005", "中国建设银行", "建设银行", "blue", "50000.00", "200000.00", "436742", "621700",
       "622700", "622280", "621284"),
    _b("006", "交通银行", "交通银行", "blue", "50000.00", "200000.00", "622262", "622260",
       "601428", "621069"),
    _b("007", "招商银行", "招商银行", "red", "50000.00", "200000.00", "622588", "621483",
       "621286", "622609", "410062"),
    _b("008", "中信银行", "中信银行", "red", "50000.00", "200000.00", "622690", "622696",
       "621771", "433670"),
    _b("009", "中国光大银行", "光大银行", "purple", "50000.00", "100000.00", "622666", "622660",
       "621489"),
    _b("010", "华夏银行", "华夏银行", "red", "50000.00", "100000.00", "622630", "622632",
       "621222"),
    _b("011", "中国民生银行", "民生银行", "teal", "50000.00", "200000.00", "622622", "622615",
       "621691", "415599"),
    _b("012", "广发银行", "广发银行", "red", "50000.00", "100000.00", "622568", "621462",
       "622558"),
    _b("013", "平安银行", "平安银行", "orange", "50000.00", "200000.00", "622155", "622156",
       "621626", "623058"),
    _b("014", "兴业银行", "兴业银行", "navy", "50000.00", "200000.00", "622909", "622908",
       "966666", "438588"),
    _b("015", "上海浦东发展银行", "浦发银行", "navy", "50000.00", "200000.00", "622521",
       "622522", "621792", "622518"),
    _b("016", "中国邮政储蓄银行", "邮储银行", "green", "20000.00", "100000.00", "622188",
       "621096", "621098", "622150"),
    _b("017", "北京银行", "北京银行", "red", "50000.00", "100000.00", "621468", "622853",
       "602969"),
    _b("018", "上海银行", "上海银行", "blue", "50000.00", "100000.00", "622892", "621050",
       "402674"),
    _b("019", "浙商银行", "浙商银行", "gold", "50000.00", "100000.00", "621019", "622309"),
    _b("020", "渤海银行", "渤海银行", "blue", "20000.00", "50000.00", "622884", "621268"),
    _b("021", "恒丰银行", "恒丰银行", "gold", "20000.00", "50000.00", "622996", "623131"),
    _b("034", "宁波银行", "宁波银行", "orange", "50000.00", "100000.00", "621418", "622282"),
    _b("901", "浙江网商银行", "网商银行", "teal", "20000.00", "50000.00", "623229"),
)  # fmt: skip

BY_CODE = {b.code: b for b in BANKS}
CMB_CODE = "007"  # 招商银行: its own signing page raises the quick-payment limit
CMB_RAISED_SINGLE = Decimal("200000.00")
CMB_RAISED_DAILY = Decimal("500000.00")


def bank_name(code: str) -> str:
    """The bank's full name; an unknown code is shown as 银行卡 rather than failing."""
    bank = BY_CODE.get(code)
    return bank.name if bank else "银行卡"


def card_show_name(code: str, tail: str) -> str:
    """A card as a way to pay or be paid (支付方式, 扣款方式, 回款方式 on the buy, sell, order and
    plan screens; ``bankCardShowName`` of docs/product.md#entities): the bank's short name and
    the card's last digits, 工商银行(1234). The bank as itself (the card's own page, its
    agreements, the signing of its channel) goes by its full name, :func:`bank_name`."""
    bank = BY_CODE.get(code)
    return f"{bank.short_name if bank else code or '银行卡'}({tail})"


#: Banks whose payment channel cannot be (re-)signed inside the app (``supportBankSign`` of an
#: unsigned channel is false): the user signs at the bank.
SIGN_AT_BANK = frozenset({"020", "021", "901"})


def bank_by_code(code: str) -> Bank:
    """A bank of the table by its code (KeyError for a code not in it)."""
    return BY_CODE[code]


def supports_sign(code: str) -> bool:
    return code in BY_CODE and code not in SIGN_AT_BANK


def bank_of_card(card_no: str) -> Bank | None:
    """The issuing bank by the longest matching prefix (BIN) of the card number."""
    best: tuple[int, Bank] | None = None
    for bank in BANKS:
        for prefix in bank.bins:
            if card_no.startswith(prefix) and (best is None or len(prefix) > best[0]):
                best = (len(prefix), bank)
    return best[1] if best else None
