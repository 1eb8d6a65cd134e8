"""An adviser fee charged by the evening run (docs/advisory.md#fees): the day its notice and its
W12 give is the day the money was taken, and the fee is on the statement of the service account
it was charged to as well as on that of the default account whose wallet paid it
(docs/statements.md#adviser-fees).

The customer has both accounts: a service account of 省心投顾测试 holding 36 500.00 元 and no
wallet, and the default account whose wallet holds 5 000.00. November's one accrual, on Monday
11-30, covers the three days since Friday: 36 500.00 × 0.5 % × 3 / 365 = 1.50 元. The run of
Tuesday 2026-12-01 at 20:00 charges it (November is over) from the default account's wallet."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.advisory import fees
from opentamp.models.accounts import FinancialAccount
from opentamp.models.advisory import IN_FORCE, AdvisoryFee, ServiceAccount
from opentamp.models.holdings import Holding
from opentamp.models.orders import TradeOrder
from opentamp.models.statements import StatementDocument
from opentamp.statements.documents import statement_document
from tests.advisory.conftest import World, freeze
from tests.advisory.test_notices import deliver_step
from tests.factories import login, make_financial_account
from tests.notices.helpers import notices_of
from tests.trading.conftest import Trader, make_holding

D = Decimal
CHARGE_DAY = date(2026, 12, 1)


@pytest.fixture
def charged(session: Session, world: World, investor: Trader) -> tuple[ServiceAccount, int]:
    """The service account and the default account's id, after the evening run of 12-01."""
    default = session.scalar(
        select(FinancialAccount).where(
            FinancialAccount.broker_user_id == investor.user.id, FinancialAccount.type == "default"
        )
    )
    assert default is not None
    fa = make_financial_account(
        session, account=investor.account, name="省心投顾测试", type="service"
    )
    sa = ServiceAccount(
        broker_user_id=investor.user.id,
        account_id=investor.account.id,
        po_code=world.half.code,
        financial_account_id=fa.id,
        contract_no=f"TGP{fa.id}",
        contract_status=IN_FORCE,
    )
    session.add(sa)
    make_holding(
        session,
        trader=investor,
        fund=world.funds[0],
        lots=[(date(2026, 11, 2), "36500.00")],
        portfolio_code=world.half.code,
        fa=fa,
    )
    session.flush()
    freeze("2026-11-30 20:00")
    fees.accrue(session, date(2026, 11, 30))
    freeze("2026-12-01 20:00")
    fees.charge(session, CHARGE_DAY)
    return sa, default.id


def test_the_evening_runs_fee_is_dated_the_day_it_was_taken(
    session: Session, client: TestClient, api: str, investor: Trader, charged: tuple
) -> None:
    sa, default_id = charged
    fee = session.scalar(select(AdvisoryFee).where(AdvisoryFee.service_account_id == sa.id))
    assert fee is not None and (fee.amount, fee.status) == (D("1.50"), "S")
    order = session.get(TradeOrder, fee.order_id)
    assert order is not None
    # Paid by the default account's wallet on 12-01, not on Wednesday 12-02, the trade date a
    # fund order placed at 20:00 would take.
    assert (order.order_code, order.financial_account_id) == ("W12", default_id)
    assert (order.trade_date, order.confirm_date) == (CHARGE_DAY, CHARGE_DAY)
    wallet = session.scalar(
        select(Holding).where(
            Holding.financial_account_id == default_id, Holding.fund_code == "000509"
        )
    )
    assert wallet is not None and wallet.shares == D("4998.50")
    deliver_step(session, CHARGE_DAY)
    [notice] = notices_of(client, api, login(session, investor.user), "ADVISORY")
    assert notice["title"] == "投顾服务费已扣收"
    assert notice["content"] == "您的投顾服务省心投顾测试已于2026年12月1日扣收服务费1.50元。"


def _adviser_charges(session: Session, user_id: int, fa_id: int) -> list[list[str]]:
    doc = StatementDocument(
        broker_user_id=user_id,
        kind="month",
        financial_account_id=fa_id,
        period="2026-12",
        as_of=date(2026, 12, 31),
        scopes=["adviserCharge"],
    )
    [table] = statement_document(session, doc).tables
    assert table.title == "投顾服务费"
    return [list(row) for row in table.rows]


def test_the_fee_is_on_the_statements_of_the_account_charged_and_of_the_one_that_paid(
    session: Session, investor: Trader, charged: tuple
) -> None:
    sa, default_id = charged
    freeze("2027-01-04 10:00")
    uid = investor.user.id
    assert _adviser_charges(session, uid, sa.financial_account_id) == [
        ["2026-12-01", "1.50", "成功"]
    ]
    assert _adviser_charges(session, uid, default_id) == [["2026-12-01", "1.50", "成功"]]
