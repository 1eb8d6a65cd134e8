"""The rules of target strategies (目标盈, docs/targets.md), as plain functions.

- **Adjusted target** (docs/product.md#constants): a holder who keeps on after a round ends
  carries on with ``(1 + original target) / (1 + original realised) − 1``, so that reaching
  it from the new base gives the original target over the whole holding. Target 10 % and
  realised 4 %: 1.10 / 1.04 − 1 = 5.7692 %.
- **Target setting**: a holder's own target lies between :data:`MIN_TARGET` and
  :data:`MAX_TARGET` (2 %–30 %), in steps of 0.01 %.
- **Buying**: a period sells during its reservation (RESERVE) and build phases; in RESERVE
  buy mode a purchase made during the reservation is priced on the first day of the build
  phase (the money is held until then).
- **A position's phase** follows its period's phase until the position itself reaches its
  target (REACHED, then STOP_PROFIT while the sale to the wallet is confirmed, then END).
- **Reached**: a position's return ``value / base − 1`` (base: its cost, or the value at the
  start of a keep-on round) at the day's NAVs is at least its target.
"""

from __future__ import annotations

from datetime import date
from decimal import ROUND_HALF_UP, Decimal

#: ``strategy_type`` of a target strategy (docs/product.md#entities Strategy).
TARGET_STRATEGY = "1"
MIN_TARGET = Decimal("0.02")
MAX_TARGET = Decimal("0.30")
TARGET_STEP = Decimal("0.0001")
#: Precision of a stored rate (Rate columns keep 8 places).
_RATE = Decimal("0.00000001")

PHASE_NAMES = {
    "NOT_START": "未开始",
    "RESERVE": "预约期",
    "BUILD": "建仓期",
    "BUILD_RESERVE": "预约建仓期",
    "CALM": "冷静期",
    "LOCK": "锁定期",
    "RUN": "运作期",
    "EARLY": "提前止盈",
    "END": "已结束",
    "TO_BE_END": "即将结束",
    "TERMINATED": "已终止",
    "TERMINATED_RESERVE": "已终止",
    "REACHED": "已达标",
    "STOP_PROFIT": "止盈中",
}
#: Phases in which a period takes purchases.
ON_SALE = frozenset({"RESERVE", "BUILD", "BUILD_RESERVE"})
#: Phases a position takes from its period; past them the position's own figures decide.
FOLLOWS_PERIOD = frozenset(
    {"NOT_START", "RESERVE", "BUILD", "BUILD_RESERVE", "CALM", "LOCK", "RUN"}
)
#: Phases of a position that is still invested and watched for its target.
WATCHED = frozenset({"BUILD", "BUILD_RESERVE", "CALM", "LOCK", "RUN"})
TARGET_ACTION_NAMES = {"redeem": "达标后止盈至钱包", "keepOn": "达标后继续持有"}


def adjusted_target_return(original_target: Decimal, original_realised: Decimal) -> Decimal:
    """``(1 + original target) / (1 + original realised) − 1``, to 8 places."""
    value = (1 + original_target) / (1 + original_realised) - 1
    return value.quantize(_RATE, rounding=ROUND_HALF_UP)


def build_phase_name(buy_mode: str) -> str:
    """Reserve-buy mode renames BUILD (docs/product.md#states)."""
    return "BUILD_RESERVE" if buy_mode == "RESERVE" else "BUILD"


def target_problem(rate: Decimal) -> str | None:
    """Why a holder's target cannot be set (the Chinese message), or None."""
    if not MIN_TARGET <= rate <= MAX_TARGET:
        return f"目标收益率需在{MIN_TARGET * 100:.0f}%至{MAX_TARGET * 100:.0f}%之间"
    if rate % TARGET_STEP != 0:
        return "目标收益率最多保留两位小数（百分比）"
    return None


def purchase_trade_date(
    phase_type: str | None, buy_mode: str, trade_date: date, build_start: date | None
) -> date | None:
    """The trade date of a strategy purchase whose ordinary trade date is ``trade_date``
    while its period is in ``phase_type``; None when the period does not sell."""
    if phase_type not in ON_SALE:
        return None
    if phase_type == "RESERVE" and buy_mode == "RESERVE" and build_start is not None:
        return max(trade_date, build_start)
    return trade_date


def return_rate(base: Decimal, value: Decimal) -> Decimal:
    """A position's return on its base, to 8 places (0 without a base)."""
    if base <= 0:
        return Decimal("0")
    return (value / base - 1).quantize(_RATE, rounding=ROUND_HALF_UP)


def reached(base: Decimal, value: Decimal, target: Decimal) -> bool:
    return base > 0 and value - base >= base * target
