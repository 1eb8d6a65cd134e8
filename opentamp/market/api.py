"""What other features use of the market: the publication version and status that cached
figures depend on, and the bump a new published figure (a signal) makes."""

from opentamp.market.service import (
    MARKET_VERSION_KEY,
    bump_market_version,
    market_version,
    publication_status,
)

__all__ = ["MARKET_VERSION_KEY", "bump_market_version", "market_version", "publication_status"]
