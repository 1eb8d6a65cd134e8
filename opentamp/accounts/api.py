"""What other features use of accounts: the trade password, the bound cards, a user's settings,
the ID-number rule, the caller's own uploads and the card errors that binding and changing a
card report."""

from opentamp.accounts.errors import (
    BankUnsupported,
    CardAlreadyBound,
    CardBindFailed,
    CardChangeInvalid,
    CardLimitReached,
    CardNoInvalid,
    CardRequestExpired,
    CardUnbindBlocked,
    IdentityMismatch,
    TradePasswordExists,
    TradePasswordWeak,
)
from opentamp.accounts.identity import normalize_id_no
from opentamp.accounts.repository import bound_cards
from opentamp.accounts.service import user_setting
from opentamp.accounts.trade_password import (
    LOCK_FOR,
    MAX_FAILURES,
    TradePasswordInvalid,
    check_trade_password_first,
    compare_before_transaction,
    needs_trade_sms,
    set_trade_password,
    verify_trade_password,
)
from opentamp.accounts.uploads import own_upload_keys

__all__ = [
    "LOCK_FOR",
    "MAX_FAILURES",
    "BankUnsupported",
    "CardAlreadyBound",
    "CardBindFailed",
    "CardChangeInvalid",
    "CardLimitReached",
    "CardNoInvalid",
    "CardRequestExpired",
    "CardUnbindBlocked",
    "IdentityMismatch",
    "TradePasswordExists",
    "TradePasswordInvalid",
    "TradePasswordWeak",
    "bound_cards",
    "check_trade_password_first",
    "compare_before_transaction",
    "needs_trade_sms",
    "normalize_id_no",
    "own_upload_keys",
    "set_trade_password",
    "user_setting",
    "verify_trade_password",
]
