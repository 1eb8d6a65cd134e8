"""SMS gateway. The local gateway appends each message to ``var/sms-outbox.jsonl`` and logs
it, so a developer (and a test) can read the code that was "sent"."""

from __future__ import annotations

import json
import logging
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from opentamp.config import get_settings
from opentamp.kit.clock import now

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SmsMessage:
    phone: str
    text: str
    purpose: str  # login, bind_card, trade, reset_password …
    sent_at: str


class SmsGateway(Protocol):
    def send(self, *, phone: str, text: str, purpose: str) -> None: ...


class OutboxSmsGateway:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()

    def send(self, *, phone: str, text: str, purpose: str) -> None:
        message = SmsMessage(phone=phone, text=text, purpose=purpose, sent_at=now().isoformat())
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._lock, self.path.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(message.__dict__, ensure_ascii=False) + "\n")
        log.info("SMS to %s (%s): %s", phone, purpose, text)

    def messages(self, phone: str | None = None) -> list[SmsMessage]:
        if not self.path.exists():
            return []
        rows = [
            SmsMessage(**json.loads(line))
            for line in self.path.read_text("utf-8").splitlines()
            if line
        ]
        return [m for m in rows if phone is None or m.phone == phone]


_gateway: SmsGateway | None = None


def sms_gateway() -> SmsGateway:
    global _gateway
    if _gateway is None:
        _gateway = OutboxSmsGateway(get_settings().var_dir / "sms-outbox.jsonl")
    return _gateway


def use_sms_gateway(gateway: SmsGateway | None) -> None:
    """Swap the gateway (tests); ``None`` returns to the configured one."""
    global _gateway
    _gateway = gateway
