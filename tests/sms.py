"""An SMS gateway that records what it sends, so tests can read the codes."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest

from opentamp.outside.sms import use_sms_gateway


@dataclass
class SmsRecorder:
    sent: list[tuple[str, str, str]] = field(default_factory=list)

    def send(self, *, phone: str, text: str, purpose: str) -> None:
        self.sent.append((phone, text, purpose))

    def code(self, phone: str, purpose: str | None = None) -> str:
        """The last code texted to ``phone`` (for ``purpose``)."""
        for to, text, why in reversed(self.sent):
            if to == phone and (purpose is None or why == purpose):
                match = re.search(r"验证码(\d{6})", text)
                if match:
                    return match.group(1)
        raise AssertionError(f"no code sent to {phone}")


@pytest.fixture
def sms() -> Iterator[SmsRecorder]:
    recorder = SmsRecorder()
    use_sms_gateway(recorder)
    try:
        yield recorder
    finally:
        use_sms_gateway(None)
