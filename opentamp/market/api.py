"""What other features use of the market: the publication version and status that cached
figures depend on."""

from opentamp.market.service import MARKET_VERSION_KEY, market_version, publication_status

__all__ = ["MARKET_VERSION_KEY", "market_version", "publication_status"]
