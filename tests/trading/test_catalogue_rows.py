"""The catalogue rows a purchase reads from memory by the world's version (core.catalogue,
docs/scale.md#catalogue-rows): a committed change of the fund, its fee tiers or the broker's
shelf is in the very next purchase, and a transaction's own uncommitted write is seen by it
alone and never remembered for others."""

from __future__ import annotations

from decimal import Decimal

from fastapi.testclient import TestClient
from sqlalchemy import Engine, delete, select, update

from opentamp.core import catalogue
from opentamp.db import transaction
from opentamp.models.catalogue import ProductShelf
from opentamp.models.products import STATUS_STOP_ALLOT, Fund, FundFeeTier
from opentamp.trading import repository as repo
from tests.factories import make_fund
from tests.trading.conftest import Api, make_trader

CODE = "110021"


def _me(served: TestClient, api: str) -> Api:
    with transaction() as s:
        trader = make_trader(s)
        make_fund(s, code=CODE, purchase_rate=Decimal("0.015"))
    return Api(served, api, trader)


def test_a_suspended_fund_is_refused_by_the_very_next_purchase(
    served: TestClient, committed: Engine, api: str
) -> None:
    me = _me(served, api)
    me.buy_fund(CODE, "100.00")  # the fund is now remembered under this world version
    with transaction() as s:
        s.execute(update(Fund).where(Fund.code == CODE).values(status=STATUS_STOP_ALLOT))
    assert me.buy_fund(CODE, "100.00", status=400)["code"] == 60002
    with transaction() as s:
        s.get_one(Fund, CODE).status = "NORMAL"
    me.buy_fund(CODE, "100.00")


def test_a_new_fee_tier_and_a_shelf_that_disables_buying_are_in_the_very_next_purchase(
    served: TestClient, committed: Engine, api: str
) -> None:
    me = _me(served, api)
    assert me.buy_fund(CODE, "1000.00")["data"]["fee"] == "14.78"
    with transaction() as s:
        s.execute(
            update(FundFeeTier)
            .where(FundFeeTier.fund_code == CODE, FundFeeTier.kind == "purchase")
            .values(rate=Decimal("0.006"))
        )
    assert me.buy_fund(CODE, "1000.00")["data"]["fee"] == "5.96"
    with transaction() as s:
        s.add(
            ProductShelf(
                broker_id=me.trader.user.broker_id,
                shelf="home",
                product_code=CODE,
                product_type="fund",
                is_disable_buy=True,
            )
        )
    assert me.buy_fund(CODE, "1000.00", status=400)["code"] == 60004
    with transaction() as s:
        s.execute(delete(ProductShelf))
    assert me.buy_fund(CODE, "1000.00")["data"]["fee"] == "5.96"


def test_a_transaction_sees_its_own_catalogue_write_and_nobody_remembers_it(
    committed: Engine,
) -> None:
    with transaction() as s:
        make_fund(s, code=CODE, purchase_rate=Decimal("0.015"))
    with transaction() as s:
        assert [t.rate for t in repo.purchase_tiers(s, CODE)] == [Decimal("0.015")]
        assert repo.fund(s, CODE) is not None
    with transaction() as s:
        assert catalogue.world_version(s) is not None
        tier = s.scalars(
            select(FundFeeTier).where(FundFeeTier.fund_code == CODE, FundFeeTier.kind == "purchase")
        ).one()
        tier.rate = Decimal("0.003")
        s.flush()
        assert catalogue.world_version(s) is None  # its commit will make a new version
        assert [t.rate for t in repo.purchase_tiers(s, CODE)] == [Decimal("0.003")]
        s.rollback()
    with transaction() as s:
        assert [t.rate for t in repo.purchase_tiers(s, CODE)] == [Decimal("0.015")]


def test_a_remembered_fund_is_a_copy_of_each_session_its_own(committed: Engine) -> None:
    with transaction() as s:
        make_fund(s, code=CODE)
    with transaction() as s:
        first = repo.fund(s, CODE)
    with transaction() as s:
        assert catalogue.world_version(s) is not None
        second = repo.fund(s, CODE)
        assert second is not None and second is not first and second in s
        assert second.name == "测试混合型证券投资基金"
