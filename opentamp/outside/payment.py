"""Bank payment gateway. The local gateway verifies and charges cards without calling a bank:
everything succeeds, except on the designated failing test cards below, so the failure paths
can be exercised from the app as well as from tests."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from decimal import Decimal
from typing import Protocol

#: Binding this card fails (bank code 3001: card details do not match).
CARD_BIND_FAILS = "6222000000000009"
#: This card binds, but every charge on it fails (insufficient balance), and every payout to
#: it is refused (the card cannot receive).
CARD_CHARGE_FAILS = "6222000000000017"

_FAILING_TOKENS: set[str] = set()


@dataclass(frozen=True)
class CardVerification:
    ok: bool
    token: str = ""
    reason: str = ""


@dataclass(frozen=True)
class PaymentResult:
    ok: bool
    reference: str = ""
    reason: str = ""


class PaymentGateway(Protocol):
    def verify_card(
        self, *, card_no: str, name: str, id_no: str, phone: str
    ) -> CardVerification: ...

    def charge(self, *, token: str, amount: Decimal, order_no: str) -> PaymentResult: ...

    def refund(self, *, token: str, amount: Decimal, order_no: str) -> PaymentResult: ...

    def payout(self, *, token: str, amount: Decimal, order_no: str) -> PaymentResult:
        """Pay ``amount`` to the card. ``order_no`` is the idempotency key: asked again for the
        same order, the bank pays nothing more and answers the first payout's reference."""
        ...


def card_fingerprint(card_no: str) -> str:
    """A stable digest of a card number, to find the same card bound twice."""
    return hashlib.sha256(card_no.replace(" ", "").encode()).hexdigest()


class LocalPaymentGateway:
    def verify_card(self, *, card_no: str, name: str, id_no: str, phone: str) -> CardVerification:
        card_no = card_no.replace(" ", "")
        if card_no == CARD_BIND_FAILS:
            return CardVerification(
                ok=False, reason="银行卡信息校验失败，请核对卡号、姓名及预留手机号"
            )
        token = "loc_" + card_fingerprint(card_no)[:24]
        if card_no == CARD_CHARGE_FAILS:
            _FAILING_TOKENS.add(token)
        return CardVerification(ok=True, token=token)

    def charge(self, *, token: str, amount: Decimal, order_no: str) -> PaymentResult:
        if _failing(token):
            return PaymentResult(ok=False, reason="银行卡余额不足")
        return PaymentResult(ok=True, reference=f"PAY{secrets.token_hex(8)}")

    def refund(self, *, token: str, amount: Decimal, order_no: str) -> PaymentResult:
        return PaymentResult(ok=True, reference=f"REF{secrets.token_hex(8)}")

    def payout(self, *, token: str, amount: Decimal, order_no: str) -> PaymentResult:
        if _failing(token):
            return PaymentResult(ok=False, reason="收款银行卡状态异常，无法入账")
        # The reference is a function of the order number: a repeat is the same payout.
        digest = hashlib.sha256(f"payout:{order_no}".encode()).hexdigest()[:16]
        return PaymentResult(ok=True, reference=f"OUT{digest}")


def _failing(token: str) -> bool:
    return token in _FAILING_TOKENS or token == "loc_" + card_fingerprint(CARD_CHARGE_FAILS)[:24]


_gateway: PaymentGateway = LocalPaymentGateway()


def payment_gateway() -> PaymentGateway:
    return _gateway


def use_payment_gateway(gateway: PaymentGateway | None) -> None:
    global _gateway
    _gateway = gateway or LocalPaymentGateway()
