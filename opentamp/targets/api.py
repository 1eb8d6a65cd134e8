"""What the entry points use of the target strategies: the daily steps' functions (the demo
world runs them)."""

from opentamp.targets.service import move_phases, open_positions, stop_profit

__all__ = ["move_phases", "open_positions", "stop_profit"]
