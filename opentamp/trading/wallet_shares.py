"""The wallet's shares spent and given back.

Shares are never taken twice: a redemption locks its holding (``FOR UPDATE``; on SQLite the
writing request holds the database lock), freezes the shares (``frozen_shares``) and records
the lots it takes first-in-first-out in ``order_lot`` with each lot's fee rate on T; a lot's
shares already claimed by unconfirmed redemptions are skipped. Wallet shares spent on a
purchase (W04) or a fast withdrawal (W03) leave the wallet at once: the lots shrink, the rows
of ``order_lot`` (fee rate 0) record which, and a cancel puts them back."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from sqlalchemy import delete
from sqlalchemy.orm import Session

from opentamp import rules
from opentamp.kit.money import amount_text, shares_text
from opentamp.models.accounts import FinancialAccount
from opentamp.models.holdings import Holding, HoldingLot
from opentamp.models.orders import (
    OrderLot,
    TradeOrder,
)
from opentamp.models.platform import Broker
from opentamp.models.products import (
    WALLET_FUND_CODE,
    Fund,
)
from opentamp.trading import repository as repo
from opentamp.trading.errors import (
    SharesExceedAvailable,
    WalletEmpty,
    WalletInsufficient,
)
from opentamp.trading.placing import WALLET_NAV, ZERO


def wallet_holding(session: Session, fa: FinancialAccount, *, lock: bool = True) -> Holding | None:
    return repo.holding(session, financial_account_id=fa.id, fund_code=WALLET_FUND_CODE, lock=lock)


def available_shares(holding: Holding | None) -> Decimal:
    if holding is None:
        return ZERO
    return holding.shares - holding.frozen_shares


@dataclass(frozen=True)
class LotTake:
    lot: HoldingLot
    shares: Decimal
    fee_rate: Decimal


def plan_lots(
    session: Session,
    holding: Holding,
    shares: Decimal,
    *,
    trade_day: date,
    fund: Fund,
    with_fees: bool = True,
) -> list[LotTake]:
    """The lots ``shares`` come from, first in first out, skipping what unconfirmed
    redemptions already claimed; each with its redemption fee rate on ``trade_day``."""
    lots = repo.lots(session, holding.id)
    claimed = repo.claimed_shares(session, [lot.id for lot in lots])
    tiers = repo.fee_tiers(session, fund.code, "redeem") if with_fees else []
    takes: list[LotTake] = []
    left = shares
    for lot in lots:
        if left <= 0:
            break
        free = lot.shares - claimed.get(lot.id, ZERO)
        if free <= 0:
            continue
        take = min(free, left)
        rate = (
            rules.lot_redeem_fee_rate(
                lot.confirm_date, trade_day, tiers, money_market=fund.is_money_market
            )
            if with_fees
            else ZERO
        )
        takes.append(LotTake(lot, take, rate))
        left -= take
    if left > 0:  # the lots do not cover the holding's available shares
        raise SharesExceedAvailable(available=shares_text(shares - left))
    return takes


def record_lots(session: Session, order: TradeOrder, takes: Sequence[LotTake]) -> None:
    for take in takes:
        session.add(
            OrderLot(
                order_id=order.id, lot_id=take.lot.id, shares=take.shares, fee_rate=take.fee_rate
            )
        )


def take_wallet_shares(
    session: Session, order: TradeOrder, holding: Holding, amount: Decimal, fund: Fund
) -> None:
    """Spend ``amount`` of wallet shares at once (NAV 1.0000, shares = yuan): the lots shrink
    first-in-first-out, the cost basis by its average, and the amount counts as cash the
    wallet paid out (``redeemed_net``) so the wallet's accumulated profit is unchanged."""
    takes = plan_lots(
        session, holding, amount, trade_day=order.trade_date, fund=fund, with_fees=False
    )
    for take in takes:
        take.lot.shares -= take.shares
    cost_taken = rules.redeemed_cost(holding.cost, amount, holding.shares)
    holding.shares -= amount
    holding.cost -= cost_taken
    holding.redeemed_net += amount
    holding.market_value = rules.market_value(holding.shares, holding.nav or WALLET_NAV)
    holding.holding_profit = rules.holding_profit(holding.market_value, holding.cost)
    record_lots(session, order, takes)
    order.ext_meta_info = {**(order.ext_meta_info or {}), "walletCostTaken": f"{cost_taken}"}


def return_wallet_shares(session: Session, order: TradeOrder) -> None:
    """Undo :func:`take_wallet_shares` (a cancelled wallet-paid purchase)."""
    holding = _wallet_holding_of(session, order)
    amount = order.trade_amount
    for row in repo.order_lots(session, order.id):
        lot = session.get(HoldingLot, row.lot_id)
        assert lot is not None
        lot.shares += row.shares
    cost_taken = Decimal((order.ext_meta_info or {}).get("walletCostTaken", "0"))
    holding.shares += amount
    holding.cost += cost_taken
    holding.redeemed_net -= amount
    holding.market_value = rules.market_value(holding.shares, holding.nav or WALLET_NAV)
    holding.holding_profit = rules.holding_profit(holding.market_value, holding.cost)
    session.execute(delete(OrderLot).where(OrderLot.order_id == order.id))


def _wallet_holding_of(session: Session, order: TradeOrder) -> Holding:
    holding = repo.holding(
        session,
        financial_account_id=order.financial_account_id,
        fund_code=WALLET_FUND_CODE,
        lock=True,
    )
    assert holding is not None, "a wallet order without its wallet holding"
    return holding


def check_wallet_funds(holding: Holding | None, amount: Decimal, broker: Broker) -> Holding:
    available = available_shares(holding)
    if holding is None or available <= 0:
        raise WalletEmpty(wallet=broker.wallet_name)
    if available < amount:
        raise WalletInsufficient(wallet=broker.wallet_name, available=amount_text(available))
    return holding
