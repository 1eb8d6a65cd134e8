"""The refill pop-up's count (docs/advisory.md#the-refill-pop-up): shown once per 1440
minutes when asked with a scene, so a dismissed pop-up does not come back on the next load."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy.orm import Session

from opentamp.kit.clock import now
from opentamp.models.advisory import AdvisoryFile
from tests.advisory.conftest import Calls, World, freeze


def test_a_dismissed_refill_popup_stays_away_for_a_day(
    session: Session, calls: Calls, world: World
) -> None:
    freeze("2026-11-02 09:00")
    calls.sign(world.half.code)
    scene = {"popupScene": "REFILL_SIGN", "accountId": calls.trader.account.id}
    # nothing to re-sign: no pop-up, nothing remembered
    assert calls.get("/adviser/popupCount", **scene)["data"] == {"canPopup": False, "popupCount": 0}
    session.add(AdvisoryFile(po_code=world.half.code, version=2, name="基金投顾服务协议",
                             file_url="/files/v2.pdf"))  # fmt: skip
    session.flush()
    freeze("2026-11-02 10:05")
    assert calls.get("/adviser/popupCount", **scene)["data"] == {"canPopup": True, "popupCount": 1}
    freeze("2026-11-02 10:06")  # the next load of 我的: the dismissed pop-up stays away
    assert calls.get("/adviser/popupCount", **scene)["data"] == {"canPopup": False, "popupCount": 1}
    # without a scene the call only counts
    assert calls.get("/adviser/popupCount")["data"] == {"canPopup": True, "popupCount": 1}
    freeze(now() + timedelta(minutes=1440))
    assert calls.get("/adviser/popupCount", **scene)["data"]["canPopup"] is True
