"""What other features use of the statements: an account's figures on a past day, from the
holdings' daily rows (the advisory account's monthly report reads its month's start and end
with them, as the statements do)."""

from opentamp.statements.figures import HoldingFigure, daily_totals, holdings_at

__all__ = ["HoldingFigure", "daily_totals", "holdings_at"]
