"""What other features use of settlement: crediting the wallet (a payout that failed comes
back), and booking holdings transferred in from another platform."""

from opentamp.settlement.transfers import book_transfer_in
from opentamp.settlement.wallet import credit_wallet

__all__ = ["book_transfer_in", "credit_wallet"]
