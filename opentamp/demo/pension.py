"""李明's personal pension (docs/pension.md, docs/demo.md): a pension fund account bound at 工商银行
before the history starts, two contributions this year from his 工商银行 card, and a purchase
of a target-date pension fund paid from the pension account — each through the real pension and
trade calls on the history's stopped clock, so the settlement of those days confirms it like
any purchase. The pension shelf labels its funds by kind (target date, target risk)."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from opentamp.demo.accounts import DEMO_TRADE_PASSWORD
from opentamp.demo.world import DemoWorld
from opentamp.models.accounts import FinancialAccount
from opentamp.models.auth import BrokerUser
from opentamp.models.catalogue import ProductShelf
from opentamp.models.pension import PensionAccount
from opentamp.models.products import Fund
from opentamp.pension import service
from opentamp.pension.schemas import BindIn, RechargeApplyIn, RechargeConfirmIn
from opentamp.trading import buying
from opentamp.trading.schemas import BuyFundIn

#: The contributions of the year (the first on the year's first day of the history, the second
#: half-way through) and the pension fund bought after the second.
CONTRIBUTIONS = (Decimal("1000.00"), Decimal("2000.00"))
FUND_CODE = "009003"  # 博远养老2040(FOF)Y, a target-date fund
PURCHASE = Decimal("2500.00")


def seed_pension(session: Session, world: DemoWorld) -> None:
    """The shelf's kinds, and 李明's pension account bound at 工商银行 in 北京市."""
    pension = (
        select(ProductShelf.id, ProductShelf.product_code, Fund.name)
        .join(Fund, Fund.code == ProductShelf.product_code)
        .where(ProductShelf.shelf == service.PENSION_SHELF)
    )
    for shelf_id, _, name in session.execute(pension).all():
        session.execute(
            update(ProductShelf)
            .where(ProductShelf.id == shelf_id)
            .values(label=service.category_of(name, ""))
        )
    service.bind_account(
        session,
        user=world.users["demo"],
        body=BindIn(bank_no="002", account_no="6222600100012345678", city="北京市", agreed=True),
    )


def opened_before(session: Session, user: BrokerUser, opened: datetime) -> None:
    """Date the pension account bound by ``seed_pension`` (its authorisation, its opening and its
    financial account) at ``opened``, before the history's contributions, not on the day the
    world was seeded."""
    account = session.scalars(
        select(PensionAccount).where(PensionAccount.broker_user_id == user.id)
    ).one()
    account.authorized_at = account.opened_at = account.created_at = opened
    session.execute(
        update(FinancialAccount)
        .where(FinancialAccount.id == account.financial_account_id)
        .values(created_at=opened)
    )


def pension_day(
    session: Session, user: BrokerUser, card: int, day: date, days_of_year: list[date]
) -> None:
    """What 李明 does on ``day`` of the history (``days_of_year``: the history's days in the
    market date's year, so the contributions fall in this year however early in it)."""
    if day not in days_of_year:
        return
    index = days_of_year.index(day)
    half = len(days_of_year) // 2
    for n, at in enumerate((0, half)):
        if index == at:
            _contribute(session, user, card, CONTRIBUTIONS[n], f"demo-pension-{n + 1}")
    if index == half:
        fa = service.td_account(session, user=user).financial_account_id
        assert fa is not None
        buying.buy_fund(
            session,
            user=user,
            body=BuyFundIn(
                financial_account_id=fa,
                fund_code=FUND_CODE,
                amount=PURCHASE,
                pay_type="pension",
                trade_password=DEMO_TRADE_PASSWORD,
                trade_uuid="demo-pension-buy",
            ),
        )


def _contribute(session: Session, user: BrokerUser, card: int, amount: Decimal, key: str) -> None:
    applied = service.recharge_apply(
        session,
        user=user,
        body=RechargeApplyIn(amount=amount, payment_method_id=card, trade_uuid=key),
    )
    service.recharge_confirm(
        session,
        user=user,
        body=RechargeConfirmIn(
            apply_no=applied.apply_no, trade_password=DEMO_TRADE_PASSWORD, agreed=True
        ),
    )
