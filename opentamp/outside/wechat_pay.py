"""WeChat Pay for payments made inside the WeChat browser (JSAPI; docs/membership.md#wechat-pay).

The merchant places an order (统一下单) and gets a ``prepay_id``; the page hands the pay step
``appId, timestamp, nonce, prepayId, signType, sign`` (the fields the client reads, the spec's
"payment request fields"); ``sign`` is HMAC-SHA256 with the merchant key over
``appId=…&nonceStr=…&package=prepay_id=…&signType=HMAC-SHA256&timeStamp=…`` (keys in ASCII
order, WeChat's documented rule). The merchant learns the result by querying the order.

The local gateway plays WeChat's servers without calling out: its orders live in memory, and the
pay step of a browser outside WeChat is :meth:`LocalWechatPay.pay` (the ``/noauth/wechat/pay``
call), which checks the signature and pays or, asked to, fails the order.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from decimal import Decimal
from typing import Protocol

from opentamp.config import get_settings
from opentamp.kit.clock import now

SIGN_TYPE = "HMAC-SHA256"
#: Order states as WeChat's order query names them.
SUCCESS, NOTPAY, PAYERROR = "SUCCESS", "NOTPAY", "PAYERROR"
LOCAL_MERCHANT_KEY = "opentamp-local-merchant-key"


class PrepayUnknown(Exception):
    """No order has this prepay id, or its signature does not match."""


@dataclass(frozen=True)
class PayParams:
    app_id: str
    timestamp: str
    nonce: str
    prepay_id: str
    sign_type: str
    sign: str


@dataclass(frozen=True)
class OrderState:
    state: str
    transaction_id: str = ""


def sign_of(*, app_id: str, timestamp: str, nonce: str, prepay_id: str, key: str) -> str:
    plain = (
        f"appId={app_id}&nonceStr={nonce}&package=prepay_id={prepay_id}"
        f"&signType={SIGN_TYPE}&timeStamp={timestamp}"
    )
    return hmac.new(key.encode(), plain.encode(), hashlib.sha256).hexdigest().upper()


class WechatPay(Protocol):
    def unified_order(
        self, *, out_trade_no: str, amount: Decimal, openid: str, description: str
    ) -> str: ...

    def pay_params(self, prepay_id: str) -> PayParams: ...

    def query_order(self, out_trade_no: str) -> OrderState: ...


@dataclass
class _Order:
    out_trade_no: str
    amount: Decimal
    openid: str
    state: str = NOTPAY
    transaction_id: str = ""


class LocalWechatPay:
    def __init__(self) -> None:
        self._orders: dict[str, _Order] = {}  # by prepay id
        self._by_trade_no: dict[str, str] = {}

    def unified_order(
        self, *, out_trade_no: str, amount: Decimal, openid: str, description: str
    ) -> str:
        if out_trade_no in self._by_trade_no:  # the same order placed again: the same prepay id
            return self._by_trade_no[out_trade_no]
        prepay_id = "wx" + secrets.token_hex(15)
        self._orders[prepay_id] = _Order(out_trade_no, amount, openid)
        self._by_trade_no[out_trade_no] = prepay_id
        return prepay_id

    def pay_params(self, prepay_id: str) -> PayParams:
        app_id = get_settings().wechat_app_id
        timestamp = str(int(now().timestamp()))
        nonce = secrets.token_hex(16)
        sign = sign_of(
            app_id=app_id,
            timestamp=timestamp,
            nonce=nonce,
            prepay_id=prepay_id,
            key=LOCAL_MERCHANT_KEY,
        )
        return PayParams(app_id, timestamp, nonce, prepay_id, SIGN_TYPE, sign)

    def query_order(self, out_trade_no: str) -> OrderState:
        prepay_id = self._by_trade_no.get(out_trade_no)
        if prepay_id is None:
            return OrderState(NOTPAY)
        order = self._orders[prepay_id]
        return OrderState(order.state, order.transaction_id)

    def pay(self, params: PayParams, *, succeed: bool = True) -> str:
        """The pay step: the customer confirms (or the payment fails) in WeChat."""
        order = self._orders.get(params.prepay_id)
        expected = sign_of(
            app_id=params.app_id,
            timestamp=params.timestamp,
            nonce=params.nonce,
            prepay_id=params.prepay_id,
            key=LOCAL_MERCHANT_KEY,
        )
        if order is None or not hmac.compare_digest(expected, params.sign):
            raise PrepayUnknown(params.prepay_id)
        if order.state == NOTPAY:
            order.state = SUCCESS if succeed else PAYERROR
            if succeed:
                order.transaction_id = "42000" + secrets.token_hex(10)
        return order.state


_gateway: LocalWechatPay | None = None


def wechat_pay() -> LocalWechatPay:
    global _gateway
    if _gateway is None:
        _gateway = LocalWechatPay()
    return _gateway
