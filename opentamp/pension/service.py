"""The personal pension (docs/pension.md): the fund account at a bank (bound or opened), the
contributions into it against the yearly cap, the pension shelf, the trading window, and what
pension/home shows. Purchases of pension funds are trading's ordinary purchase with the pension
payment method; this feature supplies the checks they make (:mod:`opentamp.pension.api`)."""

from __future__ import annotations

import re
import secrets
from datetime import date
from decimal import Decimal

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from opentamp import rules
from opentamp.accounts.api import verify_trade_password
from opentamp.assets import api as assets
from opentamp.core.calendar import get_calendar
from opentamp.core.caller import require_account
from opentamp.core.idempotency import run_once
from opentamp.kit.clock import BEIJING, now
from opentamp.kit.money import round_amount
from opentamp.kit.ownership import owned
from opentamp.models.accounts import FinancialAccount, PaymentMethod
from opentamp.models.auth import BrokerUser
from opentamp.models.pension import (
    CONTRIBUTION_APPLIED,
    CONTRIBUTION_SUCCESS,
    PENSION_ACTIVE,
    PENSION_BOUND,
    PENSION_OPENED,
    PENSION_OPENING,
    PensionAccount,
    PensionContribution,
)
from opentamp.outside.payment import payment_gateway
from opentamp.payments import api as payments
from opentamp.pension import quota, texts
from opentamp.pension import repository as repo
from opentamp.pension.errors import (
    ContributionAlreadyConfirmed,
    ContributionCardUnavailable,
    ContributionNotFound,
    ContributionOverCap,
    ContributionPaymentFailed,
    ContributionYearPassed,
    PensionAccountExists,
    PensionAccountNoInvalid,
    PensionAccountNotActive,
    PensionAccountNotFound,
    PensionAgreementRequired,
    PensionBankUnsupported,
    PensionCityUnsupported,
    PensionOpenNotFound,
)
from opentamp.pension.schemas import (
    ApplyOpenUrlOut,
    BindIn,
    CitiesOut,
    ContributionOut,
    ContributionsOut,
    OpenApplyOut,
    OpenIn,
    PensionAgreementOut,
    PensionBankOut,
    PensionHoldingOut,
    PensionPaymentMethodOut,
    PensionProductOut,
    PensionTimeOut,
    RechargeApplyIn,
    RechargeConfirmIn,
    TaxEstimateOut,
    TdAccountOut,
)
from opentamp.products import api as products

PENSION_SHELF = "pension"
#: The financial account the pension funds are held in (type ``pension``).
PENSION_ACCOUNT_NAME = "个人养老金"
CATEGORY_NAMES = {"targetDate": "养老目标日期", "targetRisk": "养老目标风险"}
ZERO = Decimal("0.00")
_ACCOUNT_NO = re.compile(r"\d{16,19}")


def this_year() -> int:
    return now().astimezone(BEIJING).year


# -- banks, cities, agreements ---------------------------------------------------------------


def bank_list() -> list[PensionBankOut]:
    out = []
    for code, can_open, highlight in texts.PENSION_BANKS:
        bank = payments.bank_by_code(code)
        out.append(
            PensionBankOut(
                bank_no=code,
                bank_name=bank.name,
                short_name=bank.short_name,
                color=bank.color,
                can_open=can_open,
                highlight=highlight,
            )
        )
    return out


def _bank(code: str, *, to_open: bool = False) -> tuple[str, bool]:
    for bank_no, can_open, _ in texts.PENSION_BANKS:
        if bank_no == code and (can_open or not to_open):
            return payments.bank_name(code), can_open
    raise PensionBankUnsupported()


def support_cities(bank_no: str) -> CitiesOut:
    _bank(bank_no)
    return CitiesOut(bank_no=bank_no, cities=list(texts.CITIES))


def authorized_agreement() -> PensionAgreementOut:
    return PensionAgreementOut(
        title=texts.AUTHORIZATION_TITLE,
        version=texts.AUTHORIZATION_VERSION,
        content=texts.AUTHORIZATION,
    )


def recharge_agreement() -> PensionAgreementOut:
    return PensionAgreementOut(
        title=texts.RECHARGE_TITLE, version=texts.RECHARGE_VERSION, content=texts.RECHARGE
    )


# -- the account --------------------------------------------------------------------------------


def _no_second(session: Session, user: BrokerUser) -> None:
    existing = repo.account_of(session, user.id)
    if existing is not None:
        raise PensionAccountExists(bank=payments.bank_name(existing.bank_no))


def _check_city(city: str) -> str:
    city = city.strip()
    if not city.endswith(("市", "州", "盟", "地区", "新区")) or len(city) < 2:
        raise PensionCityUnsupported()
    return city


def _pension_financial_account(session: Session, user: BrokerUser, account_id: int) -> int:
    last = session.scalar(
        select(func.max(FinancialAccount.sort_order)).where(
            FinancialAccount.broker_user_id == user.id
        )
    )
    fa = FinancialAccount(
        broker_user_id=user.id,
        account_id=account_id,
        name=PENSION_ACCOUNT_NAME,
        type="pension",
        sort_order=(last or 0) + 1,
    )
    session.add(fa)
    session.flush()
    return fa.id


def _insert(session: Session, user: BrokerUser, row: PensionAccount) -> None:
    try:
        with session.begin_nested():
            session.add(row)
            session.flush()
    except IntegrityError:  # a concurrent bind or open made it first
        _no_second(session, user)
        raise


def bind_account(session: Session, *, user: BrokerUser, body: BindIn) -> TdAccountOut:
    """bindTDAccount: an account the user already has at a bank, ACTIVE at once."""
    account = require_account(session, user)
    if not body.agreed:
        raise PensionAgreementRequired(agreement=f"《{texts.AUTHORIZATION_TITLE}》")
    _bank(body.bank_no)
    city = _check_city(body.city)
    number = body.account_no.replace(" ", "")
    if not _ACCOUNT_NO.fullmatch(number):
        raise PensionAccountNoInvalid()
    _no_second(session, user)
    moment = now()
    row = PensionAccount(
        broker_user_id=user.id,
        account_id=account.id,
        financial_account_id=_pension_financial_account(session, user, account.id),
        bank_no=body.bank_no,
        account_tail=number[-4:],
        city=city,
        way=PENSION_BOUND,
        status=PENSION_ACTIVE,
        authorized_at=moment,
        opened_at=moment,
    )
    _insert(session, user, row)
    return td_account(session, user=user)


def open_account(session: Session, *, user: BrokerUser, body: OpenIn) -> OpenApplyOut:
    """openTDAccount: an opening applied for at a bank that opens online; the bank's page
    (applyOpenUrl) ends with confirmOpen. Applying again while one is open returns it."""
    account = require_account(session, user)
    if not body.agreed:
        raise PensionAgreementRequired(agreement=f"《{texts.AUTHORIZATION_TITLE}》")
    name, _ = _bank(body.bank_no, to_open=True)
    city = _check_city(body.city)
    existing = repo.account_of(session, user.id)
    if existing is not None and existing.status == PENSION_OPENING:
        existing.bank_no, existing.city = body.bank_no, city
        session.flush()
        return OpenApplyOut(
            apply_no=existing.apply_no or "", bank_no=body.bank_no, bank_name=name,
            status=existing.status,
        )  # fmt: skip
    _no_second(session, user)
    moment = now()
    apply_no = f"PA{moment.astimezone(BEIJING):%Y%m%d%H%M%S}{secrets.randbelow(10**8):08d}"
    row = PensionAccount(
        broker_user_id=user.id,
        account_id=account.id,
        financial_account_id=_pension_financial_account(session, user, account.id),
        bank_no=body.bank_no,
        account_tail="",
        city=city,
        way=PENSION_OPENED,
        status=PENSION_OPENING,
        apply_no=apply_no,
        authorized_at=moment,
    )
    _insert(session, user, row)
    return OpenApplyOut(apply_no=apply_no, bank_no=body.bank_no, bank_name=name, status=row.status)


def _opening(session: Session, user: BrokerUser, apply_no: str) -> PensionAccount:
    row = repo.account_of(session, user.id, lock=True)
    if row is None or row.apply_no != apply_no:
        raise PensionOpenNotFound()
    return row


def apply_open_url(session: Session, *, user: BrokerUser, apply_no: str) -> ApplyOpenUrlOut:
    row = _opening(session, user, apply_no)
    return ApplyOpenUrlOut(
        apply_no=apply_no,
        url=f"pension/openAccountBank?applyNo={apply_no}&bankNo={row.bank_no}",
    )


def confirm_open(session: Session, *, user: BrokerUser, apply_no: str) -> TdAccountOut:
    """confirmOpen: the bank has opened the account; its number's tail is the bank's. A second
    confirmation changes nothing."""
    row = _opening(session, user, apply_no)
    if row.status == PENSION_OPENING:
        row.status = PENSION_ACTIVE
        row.opened_at = now()
        row.account_tail = f"{secrets.randbelow(10**4):04d}"
        session.flush()
    return td_account(session, user=user)


def _estimates(contributed: Decimal) -> list[TaxEstimateOut]:
    out = []
    for bracket in quota.BRACKETS:
        e = quota.tax_estimate(contributed, bracket.rate)
        out.append(
            TaxEstimateOut(
                label=bracket.label,
                rate=bracket.rate,
                deductible=e.deductible,
                deduction_saving=e.deduction_saving,
                withdrawal_tax=e.withdrawal_tax,
                net_saving=e.net_saving,
            )
        )
    return out


def _figures(
    session: Session, user: BrokerUser, financial_account_id: int | None
) -> assets.AccountAssetOut:
    """The pension financial account's figures as every account's (getAccountAsset): 总资产 =
    the pension funds' value + the purchases awaiting confirmation (当前资产待确认). The fund
    account's balance is not in it: that money is at the bank, a payment method as a card is
    (tdPaymentMethods, docs/product.md#entities), shown beside it as 资金账户余额
    (docs/pension.md#the-figures). An account still opening has no financial account: zeros."""
    if financial_account_id is None:
        zero = Decimal("0.00")
        return assets.AccountAssetOut(
            holding_asset=zero, holding_profit=zero, holding_profit_rate=None,
            accumulated_profit=zero, previous_profit=zero, update_date=None,
            profit_progress="DONE", pending_amount=zero, pending_count=0, total_asset=zero,
        )  # fmt: skip
    return assets.account_asset(session, user=user, financial_account_id=financial_account_id)


def td_account(session: Session, *, user: BrokerUser) -> TdAccountOut:
    """tdAccount: what pension/home shows. Without an account, the quota and tax figures of an
    empty year, so the page can invite the user to open one."""
    year = this_year()
    contributed = repo.contributed(session, user.id, year)
    base = {
        "year": year,
        "yearly_cap": quota.YEARLY_CAP,
        "year_contributed": contributed,
        "remaining_quota": quota.remaining_quota(contributed),
        "tax_estimates": _estimates(contributed),
        "withdraw_rule": texts.WITHDRAW_RULE,
    }
    row = repo.account_of(session, user.id)
    if row is None:
        return TdAccountOut(has_account=False, **base)
    bank_name = payments.bank_name(row.bank_no)
    balance = repo.balance(session, user.id)
    rows = repo.holdings(session, row.financial_account_id)
    holdings = [
        PensionHoldingOut(
            fund_code=h.fund_code,
            fund_name=name,
            shares=h.shares,
            nav=h.nav,
            nav_date=h.nav_date,
            total_asset=h.market_value,
            holding_profit=h.holding_profit,
            holding_profit_rate=rules.profit_rate(h.holding_profit, h.cost),
            accumulated_profit=h.accumulated_profit,
            previous_profit=h.previous_profit,
            profit_date=h.profit_date,
        )
        for h, name in rows
        if h.shares > 0
    ]
    figures = _figures(session, user, row.financial_account_id)
    active = row.status == PENSION_ACTIVE
    return TdAccountOut(
        has_account=True,
        td_account_id=row.id,
        status=row.status,
        way=row.way,
        bank_no=row.bank_no,
        bank_name=bank_name,
        account_tail=row.account_tail,
        city=row.city,
        financial_account_id=row.financial_account_id,
        apply_no=row.apply_no,
        opened_at=row.opened_at,
        balance=balance,
        total_contributed=repo.contributed(session, user.id),
        holding_asset=figures.holding_asset,
        pending_amount=figures.pending_amount,
        total_asset=figures.total_asset,
        holding_profit=figures.holding_profit,
        accumulated_profit=figures.accumulated_profit,
        previous_profit=figures.previous_profit,
        holdings=holdings,
        td_payment_methods=[
            PensionPaymentMethodOut(
                payment_method_id=row.id,
                name=f"个人养老金资金账户({row.account_tail})",
                bank_name=bank_name,
                account_tail=row.account_tail,
                balance=balance,
            )
        ]
        if active
        else [],
        **base,
    )


# -- contributions ------------------------------------------------------------------------------


def _active_account(session: Session, user: BrokerUser) -> PensionAccount:
    row = repo.account_of(session, user.id, lock=True)
    if row is None:
        raise PensionAccountNotFound()
    if row.status != PENSION_ACTIVE:
        raise PensionAccountNotActive()
    return row


def _within_cap(session: Session, user: BrokerUser, year: int, amount: Decimal) -> Decimal:
    """The quota left after ``amount``; past the cap → the remaining amount named."""
    remaining = quota.remaining_quota(repo.contributed(session, user.id, year))
    if amount > remaining:
        raise ContributionOverCap(year=year, remaining=remaining)
    return remaining - amount


def _contribution_out(
    session: Session, c: PensionContribution, remaining: Decimal
) -> ContributionOut:
    card = session.get(PaymentMethod, c.payment_method_id)
    shown = payments.method_out(card).bank_card_show_name if card else "银行卡"
    return ContributionOut(
        apply_no=c.apply_no,
        year=c.year,
        amount=c.amount,
        status=c.status,
        payment_method_id=c.payment_method_id,
        bank_card_show_name=shown,
        applied_at=c.applied_at,
        confirmed_at=c.confirmed_at,
        remaining_quota=remaining,
    )


def recharge_apply(session: Session, *, user: BrokerUser, body: RechargeApplyIn) -> ContributionOut:
    """rechargeApply: a contribution checked against the cap and the card; nothing is charged
    until rechargeConfirm (with the recharge agreement and the trade password)."""
    row = _active_account(session, user)
    card = owned(session, PaymentMethod, body.payment_method_id, owner_id=user.id)
    if card.status != "bound":
        raise ContributionCardUnavailable()
    amount = round_amount(body.amount)

    def apply() -> ContributionOut:
        moment = now()
        year = moment.astimezone(BEIJING).year
        remaining = _within_cap(session, user, year, amount)
        c = PensionContribution(
            broker_user_id=user.id,
            pension_account_id=row.id,
            payment_method_id=card.id,
            apply_no=f"PR{moment.astimezone(BEIJING):%Y%m%d%H%M%S}{secrets.randbelow(10**8):08d}",
            year=year,
            amount=amount,
            status=CONTRIBUTION_APPLIED,
            applied_at=moment,
        )
        session.add(c)
        session.flush()
        return _contribution_out(session, c, remaining)

    return run_once(
        session,
        user_id=user.id,
        trade_uuid=body.trade_uuid,
        action="pension.rechargeApply",
        request=body,
        schema=ContributionOut,
        run=apply,
    )


def recharge_confirm(
    session: Session, *, user: BrokerUser, body: RechargeConfirmIn
) -> ContributionOut:
    """rechargeConfirm: the card charged and the contribution counted, the cap checked again
    (another contribution may have been confirmed since the application)."""
    if not body.agreed:
        raise PensionAgreementRequired(agreement=f"《{texts.RECHARGE_TITLE}》")
    _active_account(session, user)
    c = repo.contribution(session, user.id, body.apply_no)
    if c is None:
        raise ContributionNotFound()
    account = require_account(session, user)
    verify_trade_password(session, account, password=body.trade_password)
    if c.status == CONTRIBUTION_SUCCESS:
        raise ContributionAlreadyConfirmed()
    moment = now()
    if c.year != moment.astimezone(BEIJING).year:
        raise ContributionYearPassed(year=c.year)
    remaining = _within_cap(session, user, c.year, c.amount)
    card = session.get(PaymentMethod, c.payment_method_id)
    if card is None or card.status != "bound":
        raise ContributionCardUnavailable()
    c.status = CONTRIBUTION_SUCCESS
    c.confirmed_at = moment
    session.flush()
    result = payment_gateway().charge(
        token=card.gateway_token, amount=c.amount, order_no=c.apply_no
    )
    if not result.ok:
        raise ContributionPaymentFailed(reason=result.reason or "银行未返回原因")
    return _contribution_out(session, c, remaining)


def query_recharge(session: Session, *, user: BrokerUser, year: int | None) -> ContributionsOut:
    """queryRecharge: a year's confirmed contributions (this year by default) and its quota."""
    year = year or this_year()
    contributed = repo.contributed(session, user.id, year)
    remaining = quota.remaining_quota(contributed)
    rows = repo.contributions(session, user.id, year)
    return ContributionsOut(
        year=year,
        yearly_cap=quota.YEARLY_CAP,
        year_contributed=contributed,
        remaining_quota=remaining,
        list=[_contribution_out(session, c, remaining) for c in rows],
    )


# -- the shelf and the trading window ---------------------------------------------------------


def category_of(name: str, label: str) -> str:
    """The shelf's label names the kind; a fund unlabelled is a target-date fund when its name
    says 养老目标日期 or carries a target year, else a target-risk fund."""
    if label in CATEGORY_NAMES:
        return label
    return "targetDate" if re.search(r"目标日期|20[3-6]\d", name) else "targetRisk"


def product_list(
    session: Session, *, user: BrokerUser, category: str | None, recommend: bool = False
) -> list[PensionProductOut]:
    """The pension shelf (product/list, subShelf by ``category``); product/recommend gives
    the shelf's first three."""
    out = []
    for item in products.shelf(session, user.broker_id, PENSION_SHELF):
        card = products.product_card(
            session,
            code=item.product_code,
            product_type=item.product_type,
            viewer_broker_id=user.broker_id,
        )
        kind = category_of(card.name, item.label)
        if category and kind != category:
            continue
        out.append(
            PensionProductOut(
                **card.model_dump(),
                category=kind,
                category_name=CATEGORY_NAMES[kind],
            )
        )
    return out[:3] if recommend else out


def trading_time() -> PensionTimeOut:
    calendar = get_calendar()
    moment = now().astimezone(BEIJING)
    t = rules.trade_date(calendar, moment)
    open_today = calendar.is_trading_day(moment.date())
    in_window = open_today and t == moment.date()
    tip = (
        f"当前为交易时间，今日{rules.CUT_OFF:%H:%M}前的买入按今日净值确认"
        if in_window
        else f"当前为非交易时间，买入将按{t:%m月%d日}的净值确认"
    )
    return PensionTimeOut(
        now=moment,
        is_trading_day=open_today,
        cut_off=f"{rules.CUT_OFF:%H:%M}",
        trade_date=t,
        confirm_date=rules.confirm_date(calendar, t, 1),
        in_window=in_window,
        tip=tip,
        year_end=date(moment.year, 12, 31),
    )
