"""What other features use of the platform: the broker a visitor without a link belongs to."""

from opentamp.platform.repository import default_broker

__all__ = ["default_broker"]
