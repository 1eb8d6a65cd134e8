"""The notice centre's delivery (docs/notices.md#delivery): the daily pipeline's last step, and
the task deferred with each event recorded from Python."""

from __future__ import annotations

from datetime import date

from sqlalchemy.orm import Session

from opentamp.core.events import DELIVER_TASK
from opentamp.core.tasks import task
from opentamp.jobs import daily_step
from opentamp.notices.service import deliver


@daily_step("notices.deliver", order=99)
def deliver_step(session: Session, day: date) -> str:
    return f"{deliver(session)} notices"


@task(DELIVER_TASK, attempts=5, backoff_seconds=4)
def deliver_task(session: Session) -> None:
    deliver(session)
