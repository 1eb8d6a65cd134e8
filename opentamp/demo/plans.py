"""李明's recurring plans (docs/demo.md, docs/plans.md), set up through the real plan calls'
service on the history's stopped clock and run by the real daily step, day by day with the
trading history (opentamp/demo/trading.py), so every execution, order and failure is one the
system itself produced:

- in 默认账户, a weekly fund plan by card (004101, every Wednesday, 500.00);
- a monthly smart plan on the 沪深300 index fund 005601 paid from the wallet (the 8th,
  1 000.00, scaled by the index's distance from its 250-day average);
- a monthly portfolio plan (ZH000001, the 15th, 1 000.00 by card);
- in 子女教育, which has no wallet, a weekly wallet-paid plan: every period fails 余额不足 after
  three tries (CONTINUITY), and after three failed periods it paused itself
  (连续3期扣款失败，计划已自动暂停);
- a plan every second week on the short-term bond fund 002201, terminated a few weeks later.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

from sqlalchemy.orm import Session

from opentamp.demo.accounts import DEMO_TRADE_PASSWORD
from opentamp.models.auth import BrokerUser
from opentamp.plans.api import TRADE_TYPES, create_plan, terminate_plan
from opentamp.plans.schemas import PlanActionIn, PlanCreateIn

#: Plans by name, as they are created (the terminate action finds its plan here).
Created = dict[str, int]
PlanAction = Callable[[Session, BrokerUser, dict[str, int], int, Created], None]


def _create(name: str, **fields: Any) -> PlanAction:
    def act(session: Session, user: BrokerUser, fa: dict[str, int], card: int,
            created: Created) -> None:  # fmt: skip
        terms = dict(fields)
        account = terms.pop("account", "默认账户")
        body = PlanCreateIn(
            financial_account_id=fa[account],
            payment_method_id=card if terms.get("pay_type", "card") == "card" else None,
            trade_password=DEMO_TRADE_PASSWORD,
            trade_uuid=f"demo-plan-{name}",
            **terms,
        )
        plan = create_plan(session, user=user, body=body, kinds=TRADE_TYPES)
        created[name] = plan.invest_plan_id

    return act


def _terminate(name: str) -> PlanAction:
    def act(session: Session, user: BrokerUser, fa: dict[str, int], card: int,
            created: Created) -> None:  # fmt: skip
        body = PlanActionIn(
            invest_plan_id=created[name],
            trade_password=DEMO_TRADE_PASSWORD,
            trade_uuid=f"demo-plan-{name}-end",
        )
        terminate_plan(session, user=user, body=body, kinds=TRADE_TYPES)

    return act


#: Trading day offset from the start of the history → the plan calls 李明 makes that morning.
PLANS: dict[int, list[PlanAction]] = {
    4: [
        _create(
            "weekly",
            product_type="fund",
            product_code="004101",
            amount=Decimal("500.00"),
            period_unit=1,
            period_day=3,
        ),  # fmt: skip
        _create(
            "smart",
            product_type="fund",
            product_code="005601",
            amount=Decimal("1000.00"),
            period_unit=2,
            period_day=8,
            pay_type="wallet",
            smart=True,
        ),  # fmt: skip
    ],
    6: [
        _create(
            "portfolio",
            product_type="poFund",
            product_code="ZH000001",
            amount=Decimal("1000.00"),
            period_unit=2,
            period_day=15,
        ),  # fmt: skip
        _create(
            "no-wallet",
            account="子女教育",
            product_type="fund",
            product_code="002201",
            amount=Decimal("300.00"),
            period_unit=1,
            period_day=2,
            pay_type="wallet",
        ),  # fmt: skip
    ],
    12: [
        _create(
            "ended",
            product_type="fund",
            product_code="002201",
            amount=Decimal("200.00"),
            period_unit=1,
            period_interval=2,
            period_day=5,
        ),  # fmt: skip
    ],
    40: [_terminate("ended")],
}
