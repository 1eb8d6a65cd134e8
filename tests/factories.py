"""Plain factory functions with keyword defaults (STYLE: tests)."""

from __future__ import annotations

import itertools
from datetime import date
from decimal import Decimal

from argon2 import PasswordHasher
from sqlalchemy.orm import Session

from opentamp.accounts import trade_password
from opentamp.core.tokens import issue_token
from opentamp.models.accounts import Account, FinancialAccount, PaymentMethod
from opentamp.models.auth import BrokerUser
from opentamp.models.catalogue import (
    BenchmarkIndex,
    BenchmarkPoint,
    PortfolioAdjustment,
    PortfolioAdjustmentItem,
    ProductSignal,
)
from opentamp.models.onboarding import StoredObject
from opentamp.models.platform import Broker, Team
from opentamp.models.products import (
    FUND_TYPE_MONEY_MARKET,
    Fund,
    FundCompany,
    FundFeeTier,
    FundNav,
    Portfolio,
    PortfolioComponent,
)

_seq = itertools.count(1)


def make_broker(session: Session, *, id: int | None = None, **fields: object) -> Broker:
    broker_id = id or 50_000 + next(_seq)
    broker = session.get(Broker, broker_id)
    if broker is None:
        broker = Broker(
            id=broker_id,
            name=str(fields.pop("name", f"测试券商{broker_id}")),
            short_name=str(fields.pop("short_name", "测试")),
            **fields,
        )
        session.add(broker)
        session.flush()
    return broker


def make_team(session: Session, *, broker: Broker | None = None, **fields: object) -> Team:
    broker = broker or make_broker(session)
    n = next(_seq)
    team = Team(id=70_000 + n, broker_id=broker.id, mid=f"TM{n}", name=f"测试团队{n}", **fields)
    session.add(team)
    session.flush()
    return team


def make_user(
    session: Session, *, broker: Broker | None = None, phone: str | None = None, **fields: object
) -> BrokerUser:
    broker = broker or make_broker(session)
    user = BrokerUser(
        broker_id=broker.id, phone=phone or f"139{next(_seq):08d}", nickname="测试用户", **fields
    )
    session.add(user)
    session.flush()
    return user


def login(session: Session, user: BrokerUser) -> dict[str, str]:
    """Authorization headers for ``user``."""
    token = issue_token(session, user=user)
    return {"Authorization": f"Bearer {token.access_token}"}


# -- core entities --------------------------------------------------------------------------


def make_company(session: Session, **fields: object) -> FundCompany:
    n = next(_seq)
    company = FundCompany(
        id=n + 100, name=f"测试基金管理有限公司{n}", short_name=f"测试{n}", **fields
    )
    session.add(company)
    session.flush()
    return company


def make_fund(
    session: Session,
    *,
    code: str | None = None,
    fund_type: int = 3,
    risk_level: int = 3,
    purchase_rate: Decimal | None = Decimal("0.015"),
    purchase_discount: Decimal = Decimal("1"),
    redeem_tiers: list[tuple[int, int | None, Decimal]] | None = None,
    **fields: object,
) -> Fund:
    """A fund with a one-tier purchase rate (none for money-market funds) and, by default, the
    common redemption schedule: <7 days 1.5 %, <365 days 0.5 %, <730 days 0.25 %, then 0."""
    company = make_company(session)
    fund = Fund(
        code=code or f"9{next(_seq):05d}",
        name=str(fields.pop("name", "测试混合型证券投资基金")),
        short_name=str(fields.pop("short_name", "测试混合")),
        company_id=company.id,
        fund_type=fund_type,
        risk_level=risk_level,
        inception_date=fields.pop("inception_date", date(2020, 1, 6)),
        purchase_discount=purchase_discount,
        **fields,
    )
    session.add(fund)
    session.flush()
    if purchase_rate is not None and fund_type != FUND_TYPE_MONEY_MARKET:
        session.add(FundFeeTier(fund_code=fund.code, kind="purchase", rate=purchase_rate))
    for days_from, days_to, rate in (
        redeem_tiers
        if redeem_tiers is not None
        else [
            (0, 7, Decimal("0.015")),
            (7, 365, Decimal("0.005")),
            (365, 730, Decimal("0.0025")),
            (730, None, Decimal("0")),
        ]
    ):
        session.add(
            FundFeeTier(
                fund_code=fund.code, kind="redeem", days_from=days_from, days_to=days_to, rate=rate
            )
        )
    session.flush()
    return fund


def add_navs(session: Session, fund: Fund, navs: dict[date, str]) -> None:
    """Publish NAVs by date (the accumulated NAV equals the unit NAV unless set otherwise)."""
    for day, nav in navs.items():
        session.add(
            FundNav(fund_code=fund.code, nav_date=day, nav=Decimal(nav), acc_nav=Decimal(nav))
        )
    session.flush()


def make_portfolio(
    session: Session,
    *,
    components: list[tuple[Fund, Decimal]],
    code: str | None = None,
    **fields: object,
) -> Portfolio:
    portfolio = Portfolio(
        code=code or f"ZH{next(_seq):06d}",
        name=str(fields.pop("name", "测试组合")),
        risk_level=int(fields.pop("risk_level", 3)),  # type: ignore[call-overload]
        inception_date=fields.pop("inception_date", date(2021, 1, 4)),
        **fields,
    )
    session.add(portfolio)
    session.flush()
    for fund, weight in components:
        session.add(
            PortfolioComponent(portfolio_code=portfolio.code, fund_code=fund.code, weight=weight)
        )
    session.flush()
    return portfolio


def make_account(
    session: Session,
    *,
    user: BrokerUser | None = None,
    risk_grade5: int | None = 3,
    **fields: object,
) -> Account:
    """An opened account (with its default financial account) for ``user``."""
    user = user or make_user(session)
    account = Account(
        broker_user_id=user.id,
        name=str(fields.pop("name", "张三")),
        id_no=str(fields.pop("id_no", "110101199003071233")),
        phone=user.phone,
        risk_grade5=risk_grade5,
        **fields,
    )
    session.add(account)
    session.flush()
    make_financial_account(session, account=account, name="默认账户", type="default")
    return account


def make_financial_account(
    session: Session,
    *,
    account: Account,
    name: str = "理财账户",
    type: str = "normal",
    **fields: object,
) -> FinancialAccount:
    fa = FinancialAccount(
        broker_user_id=account.broker_user_id, account_id=account.id, name=name, type=type, **fields
    )
    session.add(fa)
    session.flush()
    return fa


def make_payment_method(
    session: Session, *, account: Account, bank_no: str = "002", **fields: object
) -> PaymentMethod:
    n = next(_seq)
    method = PaymentMethod(
        broker_user_id=account.broker_user_id,
        account_id=account.id,
        bank_no=bank_no,
        card_tail=str(fields.pop("card_tail", f"{n % 10000:04d}")),
        card_fingerprint=f"fp{n}",
        phone_tail="8000",
        gateway_token=f"tok{n}",
        **fields,
    )
    session.add(method)
    session.flush()
    return method


# -- catalogue, market data and content (products, issue #4) ------------------------------


def make_index(
    session: Session,
    *,
    code: str | None = None,
    closes: dict[date, str] | None = None,
    **fields: object,
) -> BenchmarkIndex:
    index = BenchmarkIndex(
        code=code or f"IX{next(_seq):04d}",
        name=str(fields.pop("name", "测试指数")),
        category=str(fields.pop("category", "equity")),
        **fields,
    )
    session.add(index)
    session.flush()
    for day, close in (closes or {}).items():
        session.add(BenchmarkPoint(index_code=index.code, day=day, close=Decimal(close)))
    session.flush()
    return index


def make_adjustment(
    session: Session,
    *,
    portfolio: Portfolio,
    day: date,
    weights: dict[str, Decimal],
    before: dict[str, Decimal] | None = None,
    title: str = "调仓",
) -> PortfolioAdjustment:
    adjustment = PortfolioAdjustment(
        portfolio_code=portfolio.code, adjust_date=day, title=title, reason="测试调仓"
    )
    session.add(adjustment)
    session.flush()
    before = before or {}
    for code in sorted(set(before) | set(weights)):
        session.add(
            PortfolioAdjustmentItem(
                adjustment_id=adjustment.id,
                fund_code=code,
                weight_before=before.get(code, Decimal(0)),
                weight_after=weights.get(code, Decimal(0)),
            )
        )
    session.flush()
    return adjustment


def make_signal(
    session: Session, *, portfolio: Portfolio, day: date, rate: str = "1", signal_type: str = "BUY"
) -> ProductSignal:
    signal = ProductSignal(
        sig_id=f"{portfolio.code}-{day:%Y%m%d}",
        product_code=portfolio.code,
        sig_date=day,
        signal_type=signal_type,
        auto_follow_buy_rate=Decimal(rate),
        description="测试发车",
    )
    session.add(signal)
    session.flush()
    return signal


def make_id_photos(session: Session, user: BrokerUser, *, width: int = 800) -> dict[str, str]:
    """Both sides of the identity document as ``uploadOssResource`` records them (scenes
    idFront and idBack), named as the account-opening form names them."""
    keys = {}
    for field, scene in (("idPhotoFront", "idFront"), ("idPhotoBack", "idBack")):
        row = StoredObject(
            broker_user_id=user.id,
            key=f"u{user.id}/{scene}/{next(_seq)}.png",
            scene=scene,
            content_type="image/png",
            size=1024,
            width=width,
            height=width * 5 // 8,
        )
        session.add(row)
        keys[field] = row.key
    session.flush()
    return keys


def peppered_hash_of_the_former_cost(password: str) -> str:
    """A trade password hashed over the peppered digest at 2 MiB and two passes, the cost
    before issue 19's decision (accounts/trade_password.py): renewed on the next success."""
    former = PasswordHasher(time_cost=2, memory_cost=2048, parallelism=1)
    return trade_password.PEPPERED + former.hash(trade_password._peppered(password))
