"""What other features and the entry points use of signals: publication (the CLI and the
demo world), the day's follows (the demo world) and the follow plans' setting (the demo)."""

from opentamp.signals.follow import follow_day
from opentamp.signals.schemas import FollowSettingIn, PublishIn
from opentamp.signals.service import publish, set_follow, signal_out

__all__ = ["FollowSettingIn", "PublishIn", "follow_day", "publish", "set_follow", "signal_out"]
