"""Settlement stages 4 and 4b: redemptions confirmed lot by lot at NAV_T, and fund
conversions, whose redemption funds their buy (see :mod:`opentamp.settlement.service`)."""

from __future__ import annotations

from datetime import date

from sqlalchemy import (
    and_,
    case,
    func,
    select,
    update,
)
from sqlalchemy.orm import Session

from opentamp import rules
from opentamp.kit.money import Fig, SqlMoney, fig
from opentamp.models.holdings import Holding, HoldingLot
from opentamp.models.orders import (
    CONVERT,
    OrderLot,
    TradeOrder,
)
from opentamp.models.products import (
    WALLET_FUND_CODE,
    FundNav,
)
from opentamp.settlement.common import (
    FAIL_CONVERT_UNFUNDED,
    REDEEM_CODES,
    REDEEM_TO_WALLET,
    WAITING,
    ZERO_SQL,
    execute,
    final_status,
    same_holding,
)
from opentamp.settlement.purchases import (
    confirm_purchases,
    fail_stopped_purchases,
    fund_buys_from_sells,
)
from opentamp.settlement.wallet import credit_wallet, wallet_credits


def confirm_redemptions(session: Session, m: SqlMoney, day: date) -> int:
    """Stage 4: confirm due redemptions at NAV_T, lot by lot (docs/rules.md#fund-trading
    "Redemption")."""
    o, n, ol = TradeOrder, FundNav, OrderLot
    priced = and_(n.fund_code == o.fund_code, n.nav_date == o.trade_date)
    due = and_(o.order_code.in_(REDEEM_CODES), o.confirm_status.in_(WAITING), o.confirm_date <= day)
    gross_lot = rules.redeem_gross_sql(m, fig(ol.shares), fig(n.nav))
    fee_lot = rules.redeem_fee_sql(m, gross_lot, fig(ol.fee_rate))
    order_columns = (
        o.id,
        o.broker_user_id,
        o.account_id,
        o.financial_account_id,
        o.fund_code,
        o.portfolio_code,
        o.redeem_to,
        o.trade_share,
        n.nav,
    )
    per_order = (
        select(*order_columns, func.sum(gross_lot).label("gross"), func.sum(fee_lot).label("fee"))
        .join(ol, ol.order_id == o.id)
        .join(n, priced)
        .where(due)
        .group_by(*order_columns)
        .subquery()
    )
    taken = (
        select(ol.lot_id, func.sum(ol.shares).label("shares"))
        .join(o, ol.order_id == o.id)
        .join(n, priced)
        .where(due)
        .group_by(ol.lot_id)
        .subquery()
    )
    execute(
        session,
        update(HoldingLot)
        .where(HoldingLot.id == taken.c.lot_id)
        .values(shares=HoldingLot.shares - taken.c.shares),
    )
    p = per_order.c
    sold = (
        select(
            p.financial_account_id,
            p.fund_code,
            p.portfolio_code,
            func.sum(p.trade_share).label("shares"),
            func.sum(p.gross - p.fee).label("net"),
        )
        .group_by(p.financial_account_id, p.fund_code, p.portfolio_code)
        .subquery()
    )
    h = Holding
    cost_taken = rules.redeemed_cost_sql(m, fig(h.cost), Fig(sold.c.shares, 2), fig(h.shares))
    execute(
        session,
        update(Holding)
        .where(same_holding(Holding, sold.c))
        .values(
            shares=h.shares - sold.c.shares,
            frozen_shares=case(
                (h.frozen_shares > sold.c.shares, h.frozen_shares - sold.c.shares), else_=ZERO_SQL
            ),
            cost=h.cost - cost_taken,
            redeemed_net=h.redeemed_net + sold.c.net,
        ),
    )
    to_wallet = wallet_credits(
        p, p.gross - p.fee, p.redeem_to == REDEEM_TO_WALLET, p.fund_code != WALLET_FUND_CODE
    )
    credit_wallet(session, to_wallet, day)
    return execute(
        session,
        update(TradeOrder)
        .where(TradeOrder.id == p.id)
        .values(
            nav=p.nav,
            confirmed_amount=p.gross,
            fee=p.fee,
            net_amount=p.gross - p.fee,
            confirmed_shares=TradeOrder.trade_share,
            confirmed_at=day,
            confirm_status=final_status(TradeOrder.confirm_status, "2"),
        ),
    )


# -- conversions ----------------------------------------------------------------------------


def settle_conversions(session: Session, m: SqlMoney, day: date) -> int:
    """Stage 4b: a fund conversion (036, docs/trading.md "Convert") buys fund B with the cash
    of its redemption of fund A, both priced at T and confirmed in the same run.

    Once the redemption is confirmed (stage 4), its net funds the buy with the rebalancing's
    machinery (:func:`fund_buys_from_sells`: the one buy takes the whole proceeds, its fee
    difference taken 外扣法 at the rate fixed at order time; a redemption that brought nothing
    fails the buy), and the purchase stages run again for the buys just funded (a fund now
    暂停申购 fails its buy and the cash goes to the wallet). Returns the buys funded or failed
    plus the purchases failed and confirmed. When nothing was funded (a day without a due
    conversion, and any second run of a day) nothing else runs."""
    funded = fund_buys_from_sells(
        session, m, day, parent_code=CONVERT, fail_reason=FAIL_CONVERT_UNFUNDED
    )
    if not funded:
        return 0
    return funded + fail_stopped_purchases(session, m, day) + confirm_purchases(session, m, day)
