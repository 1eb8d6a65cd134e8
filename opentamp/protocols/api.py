"""What other features use of protocols: the latest version of an agreement."""

from opentamp.protocols.service import latest

__all__ = ["latest"]
