"""The serialisation of a signed-in read's envelope: pydantic's own JSON (what the server
uses, ``deps.owner_answer`` and FastAPI's response models) against orjson over the same
envelope, the holdings list of 20 items (``AssetListOut``), in interleaved rounds.

    .venv/bin/python -m bench.envelope

orjson has no ``Decimal``: it is given either pydantic's JSON-mode dump (decimals already
strings) or the Python dump with ``default=str``. Each way is checked to give the same JSON
as pydantic's before it is timed.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable
from datetime import date
from decimal import Decimal

import orjson

from opentamp.assets.schemas import AssetGroupOut, AssetItemOut, AssetListOut
from opentamp.kit.envelope import ok

ROUNDS, CALLS = 7, 1000


def _item(k: int) -> AssetItemOut:
    return AssetItemOut(
        product_code=f"8{k:05d}",
        product_name=f"压测{k}号",
        product_type="FUND",
        fund_type=k % 4,
        holding_asset=Decimal("1037.00") + k,
        pre_profit=Decimal("-0.80"),
        holding_profit=Decimal("50.12"),
        holding_profit_rate=Decimal("0.0512"),
        acc_profit=Decimal("50.12"),
        shares=Decimal("1037.00"),
        pending_amount=Decimal("0.00"),
        pending_count=0,
        redeeming_shares=Decimal("0.00"),
        profit_date=date(2026, 11, 20),
        is_broke_up=False,
        tags=["暂停申购"],
    )


def main() -> None:
    envelope = ok(
        AssetListOut(
            pending_amount=Decimal("6000.00"),
            pending_count=3,
            updating=False,
            groups=[
                AssetGroupOut(
                    type_name=f"类型{g}",
                    holding_asset=Decimal("5000.00"),
                    items=[_item(g * 4 + i) for i in range(4)],
                )
                for g in range(5)
            ],
        )
    )
    ways: dict[str, Callable[[], bytes]] = {
        "pydantic model_dump_json": lambda: envelope.model_dump_json().encode("utf-8"),
        "orjson of model_dump(mode=json)": lambda: orjson.dumps(
            envelope.model_dump(mode="json", by_alias=True)
        ),
        "orjson of model_dump, default=str": lambda: orjson.dumps(
            envelope.model_dump(by_alias=True), default=str
        ),
    }
    reference = json.loads(envelope.model_dump_json())
    for name, way in ways.items():
        if json.loads(way()) != reference:
            raise SystemExit(f"{name}: not the same JSON as pydantic's")
    times: dict[str, list[float]] = {name: [] for name in ways}
    for _ in range(ROUNDS):
        for name, way in ways.items():
            started = time.perf_counter()
            for _ in range(CALLS):
                way()
            times[name].append((time.perf_counter() - started) / CALLS)
    base = statistics.median(times["pydantic model_dump_json"])
    print(f"the holdings list's envelope ({len(envelope.model_dump_json())} bytes), same JSON each")
    print(f"{'way':<36} {'cost vs pydantic':>16}")
    for name, spent in times.items():
        print(f"{name:<36} {statistics.median(spent) / base:>15.2f}x")


if __name__ == "__main__":
    main()
