"""Tasks run in process (docs/scale.md#tasks): the in-process runner's record on SQLite.

On PostgreSQL the queue is procrastinate's own tables (schema ``procrastinate``); on SQLite a
task is run where it is deferred, and this table keeps one row per task key: ``succeeded``
(deferring the key again does nothing), ``failed`` (retried after ``run_after``, with a backoff
that doubles per attempt, until the task's attempts are used up) and its last error.
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from sqlalchemy import CheckConstraint, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from opentamp.db import AwareDateTime, Base, BigId
from opentamp.models._columns import created_at_column, updated_at_column

TaskStatus = Literal["succeeded", "failed"]
TASK_SUCCEEDED: TaskStatus = "succeeded"
TASK_FAILED: TaskStatus = "failed"


class TaskRun(Base):
    __tablename__ = "task_run"
    __table_args__ = (CheckConstraint("status IN ('succeeded', 'failed')", name="status"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    key: Mapped[str] = mapped_column(String(200), unique=True)
    task: Mapped[str] = mapped_column(String(80))
    #: The task's keyword arguments, as JSON.
    args: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(16))
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    #: The last attempt's error (``''`` once it succeeded).
    last_error: Mapped[str] = mapped_column(Text, default="")
    #: When a failed task may be tried again.
    run_after: Mapped[datetime] = mapped_column(AwareDateTime())
    created_at: Mapped[datetime] = created_at_column()
    updated_at: Mapped[datetime] = updated_at_column()


Index("ix_task_run_status_run_after", TaskRun.status, TaskRun.run_after)
