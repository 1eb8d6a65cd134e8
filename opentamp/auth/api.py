"""What other features use of sign-in: the one phone-number rule and its error."""

from opentamp.auth.errors import PhoneInvalid
from opentamp.auth.service import normalize_phone

__all__ = ["PhoneInvalid", "normalize_phone"]
