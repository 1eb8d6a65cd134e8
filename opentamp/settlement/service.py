"""The daily settlement of day D (docs/trading.md "Settlement" and "Rules", docs/rules.md).

Set-based SQL: each stage is a few ``INSERT … SELECT`` / ``UPDATE … FROM`` statements over all
of the day's rows, never a Python loop over orders or holdings, so the step scales with the
database (docs/architecture.md#the-pieces). It runs inside the pipeline's one transaction
(``jobs.run_day``): a crash
leaves the whole day or nothing. Every stage is guarded by status or date so that running D
again changes nothing:

1. **Wallet income** (:func:`credit_wallet_income`) — holdings of a fund publishing 万份收益 on D
   (the wallet 000509 and any money-market fund) valued before D: ``round(shares × 万份收益 /
   10000)`` for each calendar day since the last valued day (a Monday credits Saturday, Sunday
   and Monday), added as shares and a lot; the guard is ``nav_date < D``. It runs *before* the
   day's confirmations so that the income of D accrues on the shares held before D: shares
   confirmed on D earn from the next day (profit shows from the day after confirmation), and
   shares redeemed on D still earn their last day.
2. **Rebalancing buys funded** (:func:`fund_rebalancing_buys`) — a P04 parent's buys are
   placed unpaid (``pay_status`` '0') at amounts planned from the latest NAVs; once all its
   sells are final, the buys get the sells' real proceeds (Σ net at NAV_T of the confirmed
   sells): the largest buy (ties: smallest id) takes the whole difference, its fee and net
   recomputed 外扣法 at its rate, and all the buys become paid ('2', the guard). If the largest
   buy would end at or below 0.00, all the buys fail and the proceeds go to the wallet. So for
   every P04, Σ funded buys' amounts + wallet credits = Σ sells' net, to the cent.
3. **Purchases** (:func:`confirm_purchases`) — 022/039/W01/W04/W11 waiting (``0``/``W0``), paid,
   due (``confirm_date ≤ D``) and priced (NAV of the trade date published): ``shares =
   round(net_amount / NAV_T)``; the holding (created on first purchase) gets the shares, a lot
   dated D, cost and paid-in += the amount paid (fees included). A purchase of a fund that is
   暂停申购 (STOP_ALLOT / STOP_TRADE) when it is due fails (``1``/``W1``): paid from the wallet,
   or funded by a rebalancing's sells (P04, no card was charged), its amount returns to the
   wallet as shares at once; paid by card, the order records the refund
   (``fail_reason``, ``arrival_date`` = D) and the transfer back is the payment interface's.
4. **Redemptions** (:func:`confirm_redemptions`) — 024/W02/W03 waiting and due, with the lots
   they took (``order_lot``, each with its fee rate fixed at order time): per lot ``gross =
   round(shares × NAV_T)``, ``fee = round(gross × rate)``; the order's gross, fee and net are
   the sums; the holding loses the shares (and the frozen shares), the average cost of them
   (``round(cost × redeemed / shares)``) and gains ``redeemed_net``. Cash bound for the wallet
   becomes wallet shares 1:1 at confirmation (the wallet's T+1 arrival is the confirmation day).
   Cash bound for a card is *recorded*, not transferred: the order keeps the net amount and its
   ``arrival_date``; the payments feature's daily payout step (``payments/payouts.py``, after
   settlement) sends it through the payment interface, so no gateway call sits in a stage.
4b. **Conversions** (:func:`settle_conversions`) — a fund conversion's (036) buy is funded by
   its redemption confirmed just now (stage 2's machinery) and confirmed in the same run.
5. **Dividends** (:func:`pay_dividends`) — for each dividend with ex-date D, every holding of the
   fund with shares gets a 143 order (the record, numbered ``DV<yyyymmdd>H<holding id>``):
   ``cash = round(shares × cash per share)``; a cash holding adds it to ``cash_dividends`` (paid
   to the card on the pay date), a reinvest holding gets ``round(cash / NAV_D)`` shares and a
   lot.
6. **Portfolio parents** (:func:`finalise_parents`) — P02/P03/P04 parents whose children are
   all final: P2 all confirmed, P3 none confirmed, P4 some; the confirmed amount (and for a
   sale the fee and net) is the children's sum. A rebalancing (P04) confirms its sells' gross
   amount, the fees of all its children and its confirmed buys' net; its buys
   (``extMetaInfo.fundedBy`` P04) are confirmed by stage 3 only once funded (below) and no
   sibling sell waits (their confirm date, set at order time, is after the sells').
   A conversion (036) ends 2 (both legs), 3 (the buy failed: its cash went to the wallet) or
   1 (nothing moved), its figures those of what entered fund B.
7. **Valuation** (:func:`value_holdings`) — every holding with shares, or not yet cleared, of a
   fund with a NAV on D and valued before D, at NAV_D (docs/rules.md#profit): ``market_value =
   round(shares × NAV)``, ``holding_profit = market_value − cost``, ``accumulated_profit =
   market_value + redeemed_net + cash_dividends − paid_in``, ``previous_profit`` its change
   since the last valuation; one ``holding_daily_profit`` row per holding and day. A holding
   left without shares becomes 已清仓 (cleared) and keeps its accumulated profit. On
   PostgreSQL stage 3 already valued the holdings it confirmed, in the same write (each
   holding row written once a day): this stage values the others, and values again one valued
   on D whose figures a later stage made disagree with its shares and flows (the day's profit
   still counted from the last day before D).
8. **Events** (:func:`record_order_events`) — one event per user with top-level orders
   confirmed or failed on D, recorded in the outbox (docs/notices.md#the-events) by one
   ``INSERT … SELECT``; the notice centre makes a notice of each of those orders.

The stages live in one module each (``wallet``, ``purchases``, ``redemptions``, ``dividends``,
``parents``, ``valuation``, ``events``; shared codes and helpers in ``common``). The fee and
profit rules they apply are the SQL twins of :mod:`opentamp.rules`, and all arithmetic goes through
:class:`opentamp.kit.money.SqlMoney`, which rounds half-up exactly as ``kit.money`` does in
Python, on either dialect.
"""

from __future__ import annotations

from datetime import date

from sqlalchemy import (
    text,
)
from sqlalchemy.orm import Session

from opentamp.kit.money import SqlMoney
from opentamp.settlement.common import (
    Stage,
)
from opentamp.settlement.dividends import pay_dividends
from opentamp.settlement.events import record_order_events
from opentamp.settlement.parents import finalise_parents
from opentamp.settlement.purchases import (
    confirm_purchases,
    fail_stopped_purchases,
    fund_rebalancing_buys,
)
from opentamp.settlement.redemptions import confirm_redemptions, settle_conversions
from opentamp.settlement.valuation import value_holdings
from opentamp.settlement.wallet import credit_wallet_income

#: The stages in the order they run.
STAGES: list[tuple[str, Stage]] = [
    ("wallet_income", credit_wallet_income),
    ("rebalancing_funded", fund_rebalancing_buys),
    ("purchases_failed", fail_stopped_purchases),
    ("purchases", confirm_purchases),
    ("redemptions", confirm_redemptions),
    ("conversions", settle_conversions),
    ("dividends", pay_dividends),
    ("parents", finalise_parents),
    ("valued", value_holdings),
    ("events", record_order_events),
]


def settle_day(session: Session, *, day: date) -> dict[str, int]:
    """Settle ``day`` in the caller's transaction; returns the rows each stage touched.
    Idempotent: a second run of the same day touches nothing."""
    session.flush()
    m = SqlMoney.of(session)
    if not m.sqlite:
        # Each statement runs once, over all of the day's rows, with long exact-rounding
        # expressions: PostgreSQL's LLVM compilation of them (jit, chosen above its cost
        # threshold) takes longer than it saves, about a second per statement.
        session.execute(text("SET LOCAL jit = off"))
    report = {name: stage(session, m, day) for name, stage in STAGES}
    session.expire_all()
    return report
