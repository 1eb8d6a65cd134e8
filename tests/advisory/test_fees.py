"""The adviser fee (docs/advisory.md#fees): the rule's worked examples, and the property that
the set-based daily accrual, summed over a period, is the period's charge to the cent and
equals the Python rule day by day (with the period's cap)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.advisory import fees
from opentamp.models.advisory import (
    IN_FORCE,
    AdvisoryFee,
    AdvisoryFeeAccrual,
    AdvisoryFeeTier,
    AdvisoryStrategy,
    ServiceAccount,
)
from opentamp.models.holdings import Holding
from opentamp.rules import adviser_fees
from tests.advisory.conftest import World, trading_days
from tests.factories import make_account, make_financial_account, make_user

D = Decimal


def test_worked_examples() -> None:
    assert adviser_fees.daily_accrual(D("20000.00"), D("0.005"), 1) == D("0.27")
    assert adviser_fees.daily_accrual(D("20000.00"), D("0.005"), 3) == D("0.82")
    assert adviser_fees.capped(D("0.82"), D("199.50"), D("200.00")) == D("0.50")
    assert adviser_fees.capped(D("0.82"), D("200.00"), D("200.00")) == D("0")
    assert adviser_fees.effective_rate(mode="FIXED", fee_ratio=D("0.006"), discount=D("0.8")) == D(
        "0.0048"
    )
    tiers = [(D("0"), D("0.006")), (D("100000"), D("0.004"))]
    assert adviser_fees.effective_rate(
        mode="STEP", fee_ratio=D("0.006"), discount=D("1"), tiers=tiers, assets=D("150000.00")
    ) == D("0.004")
    assert adviser_fees.effective_rate(mode="MEMBER", fee_ratio=D("0.006"), discount=D("1")) == 0
    assert adviser_fees.period_start(date(2026, 11, 17), "Q") == date(2026, 10, 1)
    assert adviser_fees.period_end(date(2026, 11, 17), "M") == date(2026, 11, 30)
    assert adviser_fees.period_end(date(2026, 12, 17), "Q") == date(2026, 12, 31)
    assert adviser_fees.first_year_charge(D("20000.00"), D("0.005"), None, "M") == D("100.00")
    assert adviser_fees.first_year_charge(D("20000.00"), D("0.005"), D("5.00"), "M") == D("60.00")


#: November 2026's trading days: its weekdays (no exchange holiday that month).
NOVEMBER = [date(2026, 11, d) for d in range(2, 31) if date(2026, 11, d).weekday() < 5]
amounts = st.decimals(min_value=D("0.00"), max_value=D("5000000.00"), places=2)


@settings(
    max_examples=12,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    assets=st.lists(amounts, min_size=len(NOVEMBER), max_size=len(NOVEMBER)),
    cap=st.one_of(st.none(), st.decimals(min_value=D("0.01"), max_value=D("300.00"), places=2)),
)
def test_sum_of_accruals_is_the_charge(
    session: Session, world: World, assets: list[Decimal], cap: Decimal | None
) -> None:
    strategy = session.get(AdvisoryStrategy, world.half.code)
    assert strategy is not None
    strategy.fee_upper_limit = cap
    user = make_user(session)
    account = make_account(session, user=user)
    fa = make_financial_account(session, account=account, name="投顾", type="service")
    sa = ServiceAccount(
        broker_user_id=user.id,
        account_id=account.id,
        po_code=world.half.code,
        financial_account_id=fa.id,
        contract_no=f"TGP{fa.id}",
        contract_status=IN_FORCE,
    )
    session.add(sa)
    holding = Holding(
        broker_user_id=user.id,
        account_id=account.id,
        financial_account_id=fa.id,
        fund_code=world.funds[0].code,
        portfolio_code=world.half.code,
        shares=D("1.00"),
    )
    session.add(holding)
    session.flush()
    expected: list[Decimal] = []
    assert trading_days(NOVEMBER[0], NOVEMBER[-1]) == NOVEMBER
    previous = date(2026, 10, 30)
    for day, value in zip(NOVEMBER, assets, strict=True):
        holding.market_value = value
        session.flush()
        fees.accrue(session, day)
        raw = adviser_fees.daily_accrual(value, D("0.005"), (day - previous).days)
        if value > 0:
            expected.append(adviser_fees.capped(raw, sum(expected, D(0)), cap))
        previous = day
    rows = session.scalars(
        select(AdvisoryFeeAccrual)
        .where(AdvisoryFeeAccrual.service_account_id == sa.id)
        .order_by(AdvisoryFeeAccrual.accrual_date)
    ).all()
    assert [r.amount for r in rows] == expected
    fees.charge(session, date(2026, 12, 1))
    fee = session.scalar(select(AdvisoryFee).where(AdvisoryFee.service_account_id == sa.id))
    if not expected:
        assert fee is None
        return
    assert fee is not None
    assert fee.amount == sum(expected, D(0)) == sum((r.amount for r in rows), D(0))
    if cap is not None:
        assert fee.amount <= cap
    # accrued twice on a day changes nothing
    fees.accrue(session, NOVEMBER[-1])
    assert len(session.scalars(
        select(AdvisoryFeeAccrual).where(AdvisoryFeeAccrual.service_account_id == sa.id)
    ).all()) == len(rows)  # fmt: skip


TIERS = [(D("0"), D("0.006")), (D("100000.00"), D("0.004")), (D("500000.00"), D("0.0025"))]
near_floors = st.one_of(
    amounts,
    st.sampled_from(
        [
            D("0.01"),
            D("99999.99"),
            D("100000.00"),
            D("100000.01"),
            D("499999.99"),
            D("500000.00"),
            D("500000.01"),
        ]
    ),  # fmt: skip
)


@settings(
    max_examples=10,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    assets=st.lists(near_floors, min_size=4, max_size=4),
    discount=st.sampled_from([D("1"), D("0.8"), D("0.75")]),
    lowest=st.sampled_from([D("0"), D("50000.00")]),
)
def test_step_tiers_in_sql_match_the_rule(
    session: Session, world: World, assets: list[Decimal], discount: Decimal, lowest: Decimal
) -> None:
    """STEP: the set-based accrual picks, for every account at once, the rate of the highest
    tier whose floor is at most its assets (below every floor, the strategy's feeRatio), times
    the discount, as rules/adviser_fees.effective_rate does for one account; run on PostgreSQL
    as well as SQLite."""
    s = session.get(AdvisoryStrategy, world.half.code)
    assert s is not None
    s.fee_mode, s.fee_discount, s.fee_ratio, s.fee_upper_limit = "STEP", discount, D("0.008"), None
    session.execute(AdvisoryFeeTier.__table__.delete())
    tiers = [(lowest if floor == 0 else floor, rate) for floor, rate in TIERS]
    for floor, rate in tiers:
        session.add(AdvisoryFeeTier(po_code=s.po_code, min_assets=floor, fee_ratio=rate))
    session.flush()
    accounts: list[tuple[ServiceAccount, Decimal]] = []
    for value in assets:
        user = make_user(session)
        account = make_account(session, user=user)
        fa = make_financial_account(session, account=account, name="投顾", type="service")
        sa = ServiceAccount(
            broker_user_id=user.id, account_id=account.id, po_code=s.po_code,
            financial_account_id=fa.id, contract_no=f"TGP{fa.id}", contract_status=IN_FORCE,
        )  # fmt: skip
        session.add(sa)
        for i, part in enumerate((value / 2, value - (value / 2).quantize(D("0.01")))):
            session.add(
                Holding(
                    broker_user_id=user.id, account_id=account.id, financial_account_id=fa.id,
                    fund_code=world.funds[i].code, portfolio_code=s.po_code, shares=D("1.00"),
                    market_value=part.quantize(D("0.01")) if i == 0 else part,
                )
            )  # fmt: skip
        session.flush()
        accounts.append((sa, value))
    day = date(2026, 11, 2)  # a Monday: three days since Friday
    fees.accrue(session, day)
    for sa, value in accounts:
        row = session.scalar(
            select(AdvisoryFeeAccrual).where(AdvisoryFeeAccrual.service_account_id == sa.id)
        )
        if value <= 0:
            assert row is None
            continue
        rate = adviser_fees.effective_rate(
            mode="STEP", fee_ratio=D("0.008"), discount=discount, tiers=tiers, assets=value
        )
        assert row is not None, value
        assert (row.assets, row.fee_ratio, row.days) == (value, rate, 3), value
        assert row.amount == adviser_fees.daily_accrual(value, rate, 3), value
