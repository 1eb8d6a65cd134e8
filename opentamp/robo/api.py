"""What the entry points use of the robo adviser (the demo world): building a plan for a
submitted survey, and the grade it is built for."""

from opentamp.robo.planning import build_plan, grade_of, weights_of

__all__ = ["build_plan", "grade_of", "weights_of"]
