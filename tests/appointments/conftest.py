"""Target fixtures: the trading factories (an investor ready to trade, the wallet fund)."""

from tests.trading.conftest import gateway, trader, wallet_fund  # noqa: F401  (fixtures)
