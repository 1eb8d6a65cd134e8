"""What other features and the entry points use of transfers: the daily step's function (the
demo world runs it) and the submission of an application."""

from opentamp.transfers.jobs import advance
from opentamp.transfers.service import submit

__all__ = ["advance", "submit"]
