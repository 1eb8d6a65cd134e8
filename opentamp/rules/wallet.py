"""The wallet's 起存金额 (docs/trading.md#the-wallets-minimum): the least one recharge of the
wallet may put in.

The spec fixes the super wallet's minimum purchase per broker (docs/product.md#constants: 10.00
for one broker, 100.00 for all others), kept as the broker's ``super_wallet_min_purchase``; the
wallet's money-market fund has a minimum of its own (0.01 for the demo's 000509). A recharge
must meet both, so the wallet's minimum is the larger: broker 100.00 and fund 0.01 → 100.00;
broker 10.00 and fund 50.00 → 50.00. A broker without the setting takes the spec's 100.00.
"""

from __future__ import annotations

from decimal import Decimal

#: The spec's super wallet minimum purchase for all brokers but one (docs/product.md#constants).
SUPER_WALLET_MIN_PURCHASE = Decimal("100.00")


def wallet_minimum(broker_minimum: Decimal | None, fund_minimum: Decimal) -> Decimal:
    """The wallet's 起存金额: the broker's super wallet minimum (the spec's 100.00 when the
    broker has none), or the wallet fund's own minimum when that is larger."""
    broker = SUPER_WALLET_MIN_PURCHASE if broker_minimum is None else broker_minimum
    return max(broker, fund_minimum)
