"""What other features use of payments: the bank table, a card's payment method as shown, the
card that pays, and payouts to a card (trading's redemptions to card and fast withdrawals)."""

from opentamp.payments.banks import bank_by_code, bank_name, card_show_name, supports_sign
from opentamp.payments.payouts import payout_statuses, record_fast_payout
from opentamp.payments.service import method_out, paying_card

__all__ = [
    "bank_by_code",
    "bank_name",
    "card_show_name",
    "method_out",
    "paying_card",
    "payout_statuses",
    "record_fast_payout",
    "supports_sign",
]
