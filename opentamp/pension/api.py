"""What other features use of pension: the checks a purchase or redemption makes when pension
money or a pension fund is involved (docs/pension.md "Buying and redeeming"). Trading's
ordinary purchase and redemption call them, so a pension purchase obeys every rule a purchase
does."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlalchemy.orm import Session

from opentamp.kit.money import amount_text
from opentamp.models.accounts import FinancialAccount
from opentamp.models.auth import BrokerUser
from opentamp.models.orders import PAY_PENSION
from opentamp.models.pension import PENSION_ACTIVE
from opentamp.models.products import Fund
from opentamp.pension import repository as repo
from opentamp.pension.errors import (
    PensionAccountFundsOnly,
    PensionAccountNotActive,
    PensionAccountNotFound,
    PensionAccountOnly,
    PensionBalanceInsufficient,
    PensionConversionInvalid,
    PensionFundOnly,
    PensionMoneyOnly,
    PensionRedeemToAccountOnly,
)
from opentamp.pension.service import td_account

__all__ = [
    "PAY_PENSION",
    "check_not_pension_account",
    "check_pension_conversion",
    "check_pension_purchase",
    "check_pension_redemption",
    "conversion_target_allowed",
    "pension_payment_methods",
]


def check_pension_purchase(
    session: Session, *, user_id: int, fa: FinancialAccount, fund: Fund, pay_type: str,
    amount: Decimal,
) -> None:  # fmt: skip
    """Pension money buys only pension funds, in the pension account, within its balance
    (the account row locked, so two purchases cannot spend the same money); a pension fund is
    bought only with pension money."""
    pension_money = pay_type == PAY_PENSION
    if pension_money and not fund.is_pension:
        raise PensionFundOnly()
    if fund.is_pension and not pension_money:
        raise PensionMoneyOnly()
    if fa.type == "pension" and not pension_money:
        raise PensionFundOnly()
    if not pension_money:
        return
    account = repo.account_of(session, user_id, lock=True)
    if account is None:
        raise PensionAccountNotFound()
    if account.status != PENSION_ACTIVE:
        raise PensionAccountNotActive()
    if fa.id != account.financial_account_id:
        raise PensionAccountOnly()
    balance = repo.balance(session, user_id)
    if amount > balance:
        raise PensionBalanceInsufficient(balance=amount_text(balance))


def check_pension_redemption(*, fa: FinancialAccount, fund: Fund, redeem_to: str) -> None:
    """A pension fund's redemption goes back to the pension account only; nothing else may
    be redeemed there."""
    pension_holding = fund.is_pension or fa.type == "pension"
    if pension_holding and redeem_to != PAY_PENSION:
        raise PensionRedeemToAccountOnly()
    if redeem_to == PAY_PENSION and not pension_holding:
        raise PensionFundOnly()


def check_not_pension_account(fa: FinancialAccount) -> None:
    """What is not a pension fund bought with pension money (a portfolio, the wallet, holdings
    transferred in from another platform) is refused in the pension financial account."""
    if fa.type == "pension":
        raise PensionAccountFundsOnly()


def check_pension_conversion(*, fa: FinancialAccount, source: Fund, target: Fund) -> None:
    """A conversion keeps pension money among pension funds: a pension fund (or anything in the
    pension account) converts only into another pension fund, and an ordinary fund never into
    one, so pension money neither leaves the Y class nor enters it unpaid."""
    if (source.is_pension or fa.type == "pension") != target.is_pension:
        raise PensionConversionInvalid()


def conversion_target_allowed(*, source: Fund, target: Fund) -> bool:
    """Whether ``target`` is offered as a conversion of ``source`` (same Y-class rule)."""
    return source.is_pension == target.is_pension


def pension_payment_methods(session: Session, *, user: BrokerUser) -> list[Any]:
    """The user's pension fund account as a payment method (tdPaymentMethods): one entry while
    the account is active, none otherwise."""
    return list(td_account(session, user=user).td_payment_methods)
