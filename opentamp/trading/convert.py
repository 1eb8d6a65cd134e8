"""Fund conversion (基金转换, 036) and the super wallet's adjust (docs/trading.md "Convert",
docs/rules.md#dividends-and-conversion).

A conversion redeems shares of fund A and buys fund B of the same fund company in one order,
both priced at the NAVs of the same trade date T (cut-off 15:00) and confirmed together on
T + the larger of the two funds' confirm days (T+1; T+2 when either is QDII):

- **Out**: ``gross = round(shares × NAV_A(T))`` lot by lot, the redemption fee by lot, first in
  first out, exactly as a redemption (024): the shares are frozen at order time and the lots
  recorded in ``order_lot`` with each lot's fee rate on T.
- **In**: ``amount = gross − redemption fee``; the purchase-fee difference (补差费) at
  ``max(0, rate_B − rate_A)`` (each the fund's listed rate for the amount × its discount; a
  money-market fund's is 0; a fixed-fee tier counts as its fee), 外扣法:
  ``net = round(amount / (1 + rate))``, ``feeDifference = amount − net``,
  ``shares_B = round(net / NAV_B(T))`` (``rules.conversion_fee_difference``). The rate is the
  tier of the amount estimated at order time (the latest NAV), applied at settlement to the
  real amount, as a rebalancing's buy does.

The order is a parent 036 (``fund_code`` A, plain confirm digits: 0 waiting, 2 confirmed, 3 the
buy failed after the redemption, 1 failed, 9 cancelled; ``extMetaInfo {targetFundCode,
targetFundName}``) over two children: ``{no}01`` a 024 of A whose cash goes to its sibling
(``redeem_to`` "convert": never to a card or the wallet) and ``{no}02`` a 022 of B placed
unpaid (``pay_status`` '0', ``extMetaInfo {"fundedBy": "036"}``) for the same T and confirm
date. Settlement confirms the redemption, funds the buy with its net (the rebalancing's
machinery, ``settlement.redemptions.settle_conversions``) and confirms the buy in the same run;
a buy that fails then (B 暂停申购) sends the cash to the wallet and the parent ends 3.

Decided here (the spec and docs/rules.md are silent):

- Only funds held directly convert; a portfolio's components move with the portfolio.
- The wallet fund (000509) is not converted here: the super wallet's adjust moves it.
- A money-market fund may be converted into any fund of its company (no ban was found in
  the rules; its purchase rate being 0, the whole rate of B is the difference).
- Targets: funds of the same company (``Fund.company_id``), not A, not the wallet fund, on
  sale (not 暂停申购, not isDisableBuy for the broker), by code. B's per-fund minimum purchase
  does not apply (A's minimum redeem and minimum holding do).
- The parent: ``tradeShare`` the shares of A; ``tradeAmount``, ``fee`` and ``netAmount`` the
  estimate at order time (amount entering B before the difference, both fees, and after
  them); at settlement ``confirmedShares`` the shares of A redeemed, ``confirmedAmount`` and
  ``netAmount`` what bought B (the 022's net), ``fee`` both legs' fees; the children carry
  each leg's NAV, confirmed shares, amount and fee.
- Cancel (``/trade/convert/cancel``, also ``cancelFundOrder``) until the cut-off of T: the
  redemption's shares are unfrozen and the order and its children become 9.

**The super wallet's adjust** (``/trade/superWallet/adjust``) moves wallet money between two
money-market funds of the broker's superWallet shelf (the wallet fund alone without one) as
the same 036 conversion: no fee (both rates 0, money-market redemption without the 7-day
minimum), not bound to one fund company, and without the suitability check (the funds are
the wallet's own cash, as a recharge).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from sqlalchemy.orm import Session

from opentamp import rules
from opentamp.core import caller
from opentamp.core.calendar import get_calendar
from opentamp.errors import NotFound
from opentamp.kit.calendar import TradingCalendar
from opentamp.kit.clock import now
from opentamp.kit.money import round_half_up, shares_text
from opentamp.models.accounts import Account, FinancialAccount
from opentamp.models.auth import BrokerUser
from opentamp.models.holdings import Holding
from opentamp.models.orders import CONVERT, PAID, PAYING, PURCHASE, WAITING, TradeOrder
from opentamp.models.platform import Broker
from opentamp.models.products import WALLET_FUND_CODE, Fund, FundNav
from opentamp.pension import api as pension
from opentamp.products import api as products
from opentamp.products.api import fund_type_name, risk_name
from opentamp.trading import repository as repo
from opentamp.trading.buying import require_buy_verify, suitable
from opentamp.trading.cancelling import cancel_fund_order
from opentamp.trading.errors import (
    ConvertInPortfolio,
    ConvertNoHolding,
    ConvertNothingAvailable,
    ConvertNotSupported,
    ConvertRemainderBelowMinimum,
    ConvertSharesBelowMinimum,
    ConvertSharesExceedAvailable,
    ConvertTargetInvalid,
    OrderNotCancellable,
    RedeemSuspended,
    SuperWalletFundInvalid,
)
from opentamp.trading.orders import order_out
from opentamp.trading.placing import (
    NO_BUY,
    NO_REDEEM,
    ZERO,
    OrderDates,
    check_buyable,
    check_trading_time,
    financial_account_of,
    new_order,
    new_order_no,
    once,
    purchase_fee_of,
    tradable_fund,
    verified_account,
)
from opentamp.trading.schemas import (
    CancelOrderIn,
    ConvertCancelIn,
    ConvertEstimateOut,
    ConvertIn,
    ConvertPrepareOut,
    ConvertTargetOut,
    OrderOut,
    SuperWalletAdjustIn,
)
from opentamp.trading.selling import SharesRefusals, check_redeemable, redeem_child
from opentamp.trading.wallet_shares import available_shares, plan_lots

#: The redemption's cash goes to its sibling purchase, neither to a card nor to the wallet.
REDEEM_TO_CONVERT = "convert"
FUNDED_BY = {"fundedBy": CONVERT}
SUPER_WALLET_SHELF = "superWallet"
#: A redemption fee rate shown when the lots' rates differ: fee / gross to 4 decimals.
SHOWN_RATE_SCALE = 4
YEAR_RETURN_SCALE = 6
#: A redemption's shares rules, refused in the conversion's words (转换份额, 可转换份额): the
#: H5 checks the same shares with the same texts (web/src/features/convert/lib/convert-rules.ts).
CONVERSION_REFUSALS = SharesRefusals(
    exceed=ConvertSharesExceedAvailable,
    below=ConvertSharesBelowMinimum,
    remainder=ConvertRemainderBelowMinimum,
    nothing=ConvertNothingAvailable,
)


# -- queries -------------------------------------------------------------------------------------


def super_wallet_codes(session: Session, broker_id: int) -> list[str]:
    """The funds of the broker's superWallet shelf in shelf order (the wallet fund alone when
    it has none), as products' ``wallet_funds`` lists them."""
    shelf = products.shelf(session, broker_id, SUPER_WALLET_SHELF)
    return [s.product_code for s in shelf] or [WALLET_FUND_CODE]


# -- the funds and the holding -------------------------------------------------------------------


def _source(session: Session, code: str) -> Fund:
    fund = tradable_fund(session, code)
    if fund.code == WALLET_FUND_CODE:
        raise ConvertNotSupported()
    return fund


def _direct_holding(session: Session, fa: FinancialAccount, fund: Fund, *, lock: bool) -> Holding:
    """The account's holding of ``fund`` held directly (not inside a portfolio)."""
    holding = repo.holding(session, financial_account_id=fa.id, fund_code=fund.code, lock=lock)
    if holding is None or holding.shares <= 0:
        if repo.held_in_portfolio(session, financial_account_id=fa.id, fund_code=fund.code):
            raise ConvertInPortfolio()
        raise ConvertNoHolding()
    return holding


def _targets(session: Session, user: BrokerUser, broker: Broker, source: Fund) -> list[Fund]:
    """The funds ``source`` may be converted into, by code."""
    if broker.is_disable_buy:
        return []
    funds = repo.company_funds(
        session,
        company_id=source.company_id,
        exclude={source.code, WALLET_FUND_CODE},
        exclude_statuses=NO_BUY,
    )
    funds = [f for f in funds if pension.conversion_target_allowed(source=source, target=f)]
    disabled = products.disabled_for_broker(session, user.broker_id, [f.code for f in funds])
    return [f for f in funds if f.code not in disabled]


def _target(session: Session, user: BrokerUser, broker: Broker, source: Fund, code: str) -> Fund:
    """Fund ``code`` as the target of a conversion of ``source``: same company, on sale."""
    target = repo.fund(session, code)
    if (
        target is None
        or target.code in (source.code, WALLET_FUND_CODE)
        or target.company_id != source.company_id
    ):
        raise ConvertTargetInvalid()
    check_buyable(session, user, broker, code=target.code, status=target.status, name=target.name)
    return target


def _conversion_dates(
    calendar: TradingCalendar, source: Fund, target: Fund | None, trade_day: date
) -> OrderDates:
    """Both legs are priced at T and confirmed on T + the larger of the funds' confirm days."""
    days = max(source.confirm_days, target.confirm_days if target is not None else 0)
    confirm = rules.confirm_date(calendar, trade_day, days)
    return OrderDates(
        trade=trade_day,
        confirm=confirm,
        profit=rules.profit_date(calendar, confirm),
        arrival=confirm,
    )


# -- the figures ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Quote:
    """A conversion of some shares at one NAV of the source fund."""

    gross: Decimal
    redeem_fee: Decimal
    redeem_rate: Decimal
    difference: rules.FeeDifference

    @property
    def total_fee(self) -> Decimal:
        return self.redeem_fee + self.difference.fee


def _quote(
    session: Session,
    holding: Holding,
    source: Fund,
    target: Fund,
    shares: Decimal,
    *,
    trade_day: date,
    nav: Decimal,
) -> _Quote:
    """The conversion of ``shares`` at ``nav``: the lots they come from (first in first out,
    with their fee rates on ``trade_day``), gross and fee per lot as settlement computes them,
    then the fee difference on what is left (:func:`rules.conversion_fee_difference`)."""
    takes = plan_lots(session, holding, shares, trade_day=trade_day, fund=source)
    gross, fee = rules.redemption(((take.shares, take.fee_rate) for take in takes), nav)
    rates = {take.fee_rate for take in takes}
    if len(rates) == 1:
        rate = rates.pop()
    else:
        rate = round_half_up(fee / gross, SHOWN_RATE_SCALE) if gross else ZERO
    amount = gross - fee
    difference = rules.conversion_fee_difference(
        amount, purchase_fee_of(session, source, amount), purchase_fee_of(session, target, amount)
    )
    return _Quote(gross, fee, rate, difference)


def _year_return(session: Session, fund: Fund) -> Decimal | None:
    value = products.year_return(session, fund)
    return None if value is None else round_half_up(value, YEAR_RETURN_SCALE)


# -- prepare -------------------------------------------------------------------------------------


def prepare_convert(
    session: Session,
    *,
    user: BrokerUser,
    financial_account_id: int,
    fund_code: str,
    target_fund_code: str | None,
    shares: Decimal | None,
) -> ConvertPrepareOut:
    """GET /trade/convert/prepare: the holding, the targets, the dates of an order placed now
    and, with a target and shares, the estimate at the latest NAVs. Another user's account or
    no direct holding answers 404; an invalid target 60112."""
    fa = financial_account_of(session, user, financial_account_id)
    source = _source(session, fund_code)
    holding = _direct_holding(session, fa, source, lock=False)
    broker = caller.broker_of(session, user)
    target = _target(session, user, broker, source, target_fund_code) if target_fund_code else None
    targets = _targets(session, user, broker, source)
    navs = products.latest_navs(
        session, [source.code, *(f.code for f in targets), *([target.code] if target else [])]
    )
    calendar = get_calendar()
    dates = _conversion_dates(calendar, source, target, rules.trade_date(calendar, now()))
    available = available_shares(holding)
    source_nav = navs.get(source.code)
    estimate = None
    amount = ZERO
    if target is not None and shares is not None and source_nav is not None:
        # the estimate of shares that are not available is refused; the minimums wait for
        # the order (the H5 asks only for shares its own checks let through)
        if available <= 0:
            raise ConvertNothingAvailable()
        if shares > available:
            raise ConvertSharesExceedAvailable(available=shares_text(available))
        quote = _quote(
            session, holding, source, target, shares, trade_day=dates.trade, nav=source_nav.nav
        )
        amount = quote.difference.amount
        target_nav = navs.get(target.code)
        estimate = ConvertEstimateOut(
            shares=shares,
            nav=source_nav.nav,
            gross_amount=quote.gross,
            redeem_fee=quote.redeem_fee,
            redeem_fee_rate=quote.redeem_rate,
            fee_difference=quote.difference.fee,
            fee_difference_rate=quote.difference.rate,
            total_fee=quote.total_fee,
            estimated_amount=quote.difference.net_amount,
            estimated_shares=(
                rules.purchase_shares(quote.difference.net_amount, target_nav.nav)
                if target_nav is not None and target_nav.nav > 0
                else None
            ),
        )
    return ConvertPrepareOut(
        fund_code=source.code,
        fund_name=source.name,
        fund_type=source.fund_type,
        fund_type_name=fund_type_name(source.fund_type),
        financial_account_id=fa.id,
        available_shares=available,
        min_convert_shares=source.min_redeem_shares,
        min_remaining_shares=source.min_hold_shares,
        nav=source_nav.nav if source_nav else None,
        nav_date=source_nav.nav_date if source_nav else None,
        trade_date=dates.trade,
        confirm_date=dates.confirm,
        targets=[_target_out(session, fund, navs.get(fund.code), amount) for fund in targets],
        estimate=estimate,
    )


def _target_out(
    session: Session, fund: Fund, nav: FundNav | None, amount: Decimal
) -> ConvertTargetOut:
    return ConvertTargetOut(
        fund_code=fund.code,
        fund_name=fund.name,
        fund_type=fund.fund_type,
        fund_type_name=fund_type_name(fund.fund_type),
        risk_level=fund.risk_level,
        risk_level_name=risk_name(fund.risk_level),
        nav=nav.nav if nav else None,
        nav_date=nav.nav_date if nav else None,
        purchase_fee_rate=purchase_fee_of(session, fund, amount).rate,
        year_return=_year_return(session, fund),
    )


# -- the order -----------------------------------------------------------------------------------


def place_conversion(
    session: Session,
    *,
    user: BrokerUser,
    account: Account,
    fa: FinancialAccount,
    source: Fund,
    target: Fund,
    shares: Decimal,
    risk_confirmed: bool,
    suitability: bool = True,
) -> TradeOrder:
    """The 036 parent with its 024 of ``source`` and unpaid 022 of ``target`` (module
    docstring). Checks: ``source`` redeemable and outside both funds' trading-time limits, the
    direct holding's available shares (minimum redeem, minimum holding left: as
    redeemFundByFundCode), and, with ``suitability``, the target against the investor's grade
    (as buyFund). The caller has checked the target and runs this once per tradeUUID."""
    if source.status in NO_REDEEM:
        raise RedeemSuspended(f"{source.name}暂停赎回，暂时无法转换")
    calendar = get_calendar()
    moment = now()
    check_trading_time(calendar, source, moment)
    check_trading_time(calendar, target, moment)
    holding = _direct_holding(session, fa, source, lock=True)
    check_redeemable(source, available_shares(holding), shares, CONVERSION_REFUSALS)
    if suitability:
        suitable(
            session,
            account,
            confirmed=risk_confirmed,
            level=target.risk_level,
            code=target.code,
            kind="fund",
            scene="convert",
        )
    dates = _conversion_dates(calendar, source, target, rules.trade_date(calendar, moment))
    nav = products.latest_navs(session, [source.code]).get(source.code)
    quote = _quote(
        session,
        holding,
        source,
        target,
        shares,
        trade_day=dates.trade,
        nav=nav.nav if nav is not None else ZERO,
    )
    parent_no = new_order_no(moment)
    parent = new_order(
        user,
        fa,
        moment,
        dates,
        broker_order_no=parent_no,
        order_code=CONVERT,
        fund_code=source.code,
        confirm_status=WAITING,
        pay_status=PAID,
        trade_amount=quote.difference.amount,
        trade_share=shares,
        fee=quote.total_fee,
        net_amount=quote.difference.net_amount,
        ext_meta_info={"targetFundCode": target.code, "targetFundName": target.name},
    )
    session.add(parent)
    session.flush()
    sell = redeem_child(
        session,
        user=user,
        fa=fa,
        holding=holding,
        fund=source,
        shares=shares,
        moment=moment,
        redeem_to=REDEEM_TO_CONVERT,
        card=None,
        order_no=f"{parent_no}01",
        parent=parent,
    )
    # Confirmed with the buy, on the later of the two funds' confirm days; its cash reaches
    # the buy then.
    sell.confirm_date = sell.arrival_date = dates.confirm
    session.add(
        new_order(
            user,
            fa,
            moment,
            dates,
            broker_order_no=f"{parent_no}02",
            parent_id=parent.id,
            order_code=PURCHASE,
            fund_code=target.code,
            confirm_status=WAITING,
            # Paid by the redemption: settlement funds it from its real net.
            pay_status=PAYING,
            trade_amount=quote.difference.amount,
            fee_rate=quote.difference.rate,
            fee=quote.difference.fee,
            net_amount=quote.difference.net_amount,
            ext_meta_info=dict(FUNDED_BY),
        )
    )
    session.flush()
    return parent


def convert_fund(session: Session, *, user: BrokerUser, body: ConvertIn) -> OrderOut:
    """POST /trade/convert/do: the 036 parent with its children, once per tradeUUID."""
    fa = financial_account_of(session, user, body.financial_account_id)
    account = verified_account(session, user, body.trade_password)

    def place() -> OrderOut:
        require_buy_verify(session, user=user, account=account, ticket=body.verify_ticket)
        broker = caller.broker_of(session, user)
        source = _source(session, body.fund_code)
        target = _target(session, user, broker, source, body.target_fund_code)
        pension.check_pension_conversion(fa=fa, source=source, target=target)
        parent = place_conversion(
            session,
            user=user,
            account=account,
            fa=fa,
            source=source,
            target=target,
            shares=body.shares,
            risk_confirmed=body.risk_confirmed,
        )
        return order_out(session, parent)

    return once(session, user, body, "trade.convert", place)


def cancel_convert(session: Session, *, user: BrokerUser, body: ConvertCancelIn) -> OrderOut:
    """POST /trade/convert/cancel: a waiting conversion until the cut-off of its trade date
    (as cancelFundOrder, which cancels it alike)."""
    order = repo.order_by_no(session, body.broker_order_no)
    if order is None or order.broker_user_id != user.id:
        raise NotFound()
    if order.order_code != CONVERT:
        raise OrderNotCancellable("该订单不是基金转换订单")
    return cancel_fund_order(
        session,
        user=user,
        body=CancelOrderIn(
            broker_order_no=body.broker_order_no, trade_password=body.trade_password
        ),
    )


def adjust_super_wallet(
    session: Session, *, user: BrokerUser, body: SuperWalletAdjustIn
) -> OrderOut:
    """POST /trade/superWallet/adjust: move wallet money between two money-market funds of the
    broker's superWallet shelf, as a 036 conversion without fee (module docstring)."""
    fa = financial_account_of(session, user, body.financial_account_id)
    account = verified_account(session, user, body.trade_password)

    def place() -> OrderOut:
        require_buy_verify(session, user=user, account=account, ticket=body.verify_ticket)
        broker = caller.broker_of(session, user)
        codes = super_wallet_codes(session, broker.id)
        funds = [repo.fund(session, code) for code in (body.from_fund_code, body.to_fund_code)]
        source, target = funds
        if (
            source is None
            or target is None
            or source.code == target.code
            or not all(f.code in codes and f.is_money_market for f in (source, target))
        ):
            raise SuperWalletFundInvalid(wallet=broker.wallet_name)
        check_buyable(
            session, user, broker, code=target.code, status=target.status, name=target.name
        )
        parent = place_conversion(
            session,
            user=user,
            account=account,
            fa=fa,
            source=source,
            target=target,
            shares=body.shares,
            risk_confirmed=False,
            suitability=False,
        )
        return order_out(session, parent)

    return once(session, user, body, "trade.superWalletAdjust", place)
