"""What other parts may use of the notice centre (docs/notices.md)."""

from __future__ import annotations

from opentamp.notices.schemas import BrokerAnnouncementIn, NoticeFile
from opentamp.notices.service import announce, deliver

__all__ = ["BrokerAnnouncementIn", "NoticeFile", "announce", "deliver"]
