"""What other features use of settlement: crediting the wallet (a payout that failed comes back)."""

from opentamp.settlement.wallet import credit_wallet

__all__ = ["credit_wallet"]
