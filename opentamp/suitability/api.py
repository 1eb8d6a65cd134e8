"""What other features use of suitability: the risk check before a purchase, and adopting a
survey's grade when an account is opened."""

from opentamp.suitability.service import judge_risk
from opentamp.suitability.surveys import adopt_risk_grade

__all__ = ["adopt_risk_grade", "judge_risk"]
