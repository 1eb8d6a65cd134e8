"""Card payouts of redemptions (docs/trading.md "Payouts"): the daily step after settlement
sends a card-bound redemption's cash on its arrival date, exactly once; a refused payout is
retried on the next trading day and after three refusals credited to the wallet."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime
from decimal import Decimal

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, text
from sqlalchemy.orm import Session

from opentamp import jobs
from opentamp.core import tasks
from opentamp.kit.clock import BEIJING, frozen
from opentamp.models.holdings import Holding
from opentamp.models.orders import TradeOrder
from opentamp.models.payouts import CardPayout
from opentamp.models.products import Fund
from opentamp.models.tasks import TaskRun
from opentamp.outside.payment import PaymentResult, use_payment_gateway
from opentamp.payments.payouts import attempt_payout, send_payout
from tests.factories import add_navs, make_fund
from tests.trading.conftest import (
    Api,
    RecordingGateway,
    Trader,
    make_holding,
    make_trader,
    make_wallet_fund,
)

D = Decimal
TUE, WED, THU, FRI = date(2026, 11, 24), date(2026, 11, 25), date(2026, 11, 26), date(2026, 11, 27)
MON, TUE2, WED2 = date(2026, 11, 30), date(2026, 12, 1), date(2026, 12, 2)
#: The pipeline's steps this feature runs after: settlement, then the payouts.
STEPS = ("settlement.settle_day", "payments.payouts")


@pytest.fixture
def gateway() -> Iterator[RecordingGateway]:
    recorder = RecordingGateway()
    use_payment_gateway(recorder)
    try:
        yield recorder
    finally:
        use_payment_gateway(None)


def run_day(session: Session, day: date) -> dict[str, str | None]:
    """Settlement and the payouts of ``day``, in the pipeline's order, on the test session."""
    return {s.name: s.run(session, day) for s in jobs.steps() if s.name in STEPS}


def fund_settling_t3(session: Session) -> Fund:
    """Card cash on T+3; NAV 1.2500 on Tuesday."""
    fund = make_fund(session, redeem_settle_days=3)
    add_navs(session, fund, {TUE: "1.2500"})
    return fund


def redeem_400(session: Session, me: Api, fund: Fund, **extra: object) -> str:
    """400 of 1000 shares (a lot from January: 0.5 %) redeemed on Tuesday morning."""
    make_holding(session, trader=me.trader, fund=fund, lots=[(date(2026, 1, 5), "1000.00")])
    with frozen(datetime(2026, 11, 24, 10, 0, tzinfo=BEIJING)):
        data = me.redeem(fund.code, "400.00", **extra)["data"]
    assert data["arrivalDate"] == (
        "2026-11-27" if extra.get("redeemTo") != "wallet" else WED.isoformat()
    )
    return str(data["brokerOrderNo"])


def payout_of(session: Session, order_no: str) -> CardPayout | None:
    order = session.scalars(select(TradeOrder).where(TradeOrder.broker_order_no == order_no)).one()
    return session.scalars(
        select(CardPayout)
        .where(CardPayout.order_id == order.id)
        .execution_options(populate_existing=True)
    ).one_or_none()


def wallet_of(session: Session, trader: Trader) -> Holding | None:
    return session.scalars(
        select(Holding)
        .where(Holding.financial_account_id == trader.fa.id, Holding.fund_code == "000509")
        .execution_options(populate_existing=True)
    ).one_or_none()


def test_a_card_redemption_is_paid_on_its_arrival_date_exactly_once(
    session: Session, client: TestClient, api: str, gateway: RecordingGateway
) -> None:
    me = Api(client, api, make_trader(session))
    no = redeem_400(session, me, fund_settling_t3(session))
    # Confirmed on Wednesday at NAV_T 1.2500: gross 400 × 1.25 = 500.00, fee 500.00 × 0.5 %
    # = 2.50, net 497.50; arriving Friday (T+3).
    run_day(session, WED)
    run_day(session, THU)
    assert payout_of(session, no) is None and gateway.calls == []
    assert run_day(session, FRI)["payments.payouts"] == "1 sent, 0 failed, 0 to the wallet"
    assert run_day(session, FRI)["payments.payouts"] is None  # the day again: nothing more
    run_day(session, MON)
    assert gateway.calls == [("payout", D("497.50"), no)]
    payout = payout_of(session, no)
    assert payout is not None
    assert (payout.status, payout.amount, payout.attempts) == ("sent", D("497.50"), 1)
    assert (payout.due_date, payout.settled_date) == (FRI, FRI)
    assert payout.reference.startswith("OUT") and payout.payment_method_id == me.trader.card.id
    detail = me.get("/trade/getOrderDetail", brokerOrderNo=no)["data"]
    assert (detail["netAmount"], detail["payoutStatus"]) == ("497.50", "sent")


def test_the_gateway_answers_a_repeated_order_number_with_the_same_payout() -> None:
    """The day's transaction may roll back after the bank paid: the next run asks again with
    the same order number and gets the first payout back."""
    from opentamp.outside.payment import LocalPaymentGateway

    bank = LocalPaymentGateway()
    first = bank.payout(token="loc_x", amount=D("497.50"), order_no="20261124100000000000000001")
    again = bank.payout(token="loc_x", amount=D("497.50"), order_no="20261124100000000000000001")
    other = bank.payout(token="loc_x", amount=D("497.50"), order_no="20261124100000000000000002")
    assert first.ok and first.reference == again.reference != other.reference


def test_a_refused_payout_is_retried_daily_then_credited_to_the_wallet(
    session: Session, client: TestClient, api: str, gateway: RecordingGateway
) -> None:
    me = Api(client, api, make_trader(session, failing_card=True))
    make_wallet_fund(session)
    no = redeem_400(session, me, fund_settling_t3(session))
    run_day(session, WED)
    run_day(session, FRI)
    run_day(session, FRI)
    payout = payout_of(session, no)
    assert payout is not None
    assert (payout.status, payout.attempts, payout.settled_date) == ("failed", 1, None)
    assert payout.fail_reason == "收款银行卡状态异常，无法入账"
    assert me.get("/trade/getOrderDetail", brokerOrderNo=no)["data"]["payoutStatus"] == "failed"
    assert run_day(session, MON)["payments.payouts"] == "0 sent, 1 failed, 0 to the wallet"
    assert wallet_of(session, me.trader) is None
    # The third refusal: the 497.50 becomes 497.50 wallet shares on that day.
    assert run_day(session, TUE2)["payments.payouts"] == "0 sent, 0 failed, 1 to the wallet"
    run_day(session, TUE2)
    run_day(session, WED2)
    assert [c[0] for c in gateway.calls] == ["payout"] * 3
    payout = payout_of(session, no)
    assert payout is not None
    assert (payout.status, payout.attempts, payout.settled_date) == ("wallet", 3, TUE2)
    wallet = wallet_of(session, me.trader)
    assert wallet is not None
    assert (wallet.shares, wallet.cost, wallet.paid_in) == (D("497.50"),) * 3
    assert me.get("/trade/getOrderDetail", brokerOrderNo=no)["data"]["payoutStatus"] == "wallet"


def test_redemptions_to_the_wallet_never_reach_a_card(
    session: Session, client: TestClient, api: str, gateway: RecordingGateway
) -> None:
    me = Api(client, api, make_trader(session))
    make_wallet_fund(session)
    no = redeem_400(session, me, fund_settling_t3(session), redeemTo="wallet")
    for day in (WED, THU, FRI, MON):
        run_day(session, day)
    assert gateway.calls == [] and payout_of(session, no) is None
    wallet = wallet_of(session, me.trader)
    assert wallet is not None and wallet.shares == D("497.50")  # credited by settlement
    assert me.get("/trade/getOrderDetail", brokerOrderNo=no)["data"]["payoutStatus"] is None


def test_a_normal_wallet_withdrawal_is_paid_out_and_a_fast_one_recorded_at_once(
    session: Session, client: TestClient, api: str, gateway: RecordingGateway
) -> None:
    me = Api(client, api, make_trader(session))
    wallet = make_wallet_fund(session)
    make_holding(session, trader=me.trader, fund=wallet, lots=[(date(2026, 11, 2), "3000.00")])
    body = {
        "financialAccountId": me.trader.fa.id,
        "paymentMethodId": me.trader.card.id,
        "tradePassword": "135790",
    }
    with frozen(datetime(2026, 11, 24, 10, 0, tzinfo=BEIJING)):
        normal = me.post(
            "/trade/redeemWallet", {**body, "amount": "1000.00", "fast": False, "tradeUUID": "n"}
        )["data"]
        fast = me.post(
            "/trade/redeemWallet", {**body, "amount": "500.00", "fast": True, "tradeUUID": "f"}
        )["data"]
    assert fast["payoutStatus"] == "sent" and normal["payoutStatus"] is None
    add_navs(session, wallet, {TUE: "1.0000"})
    run_day(session, WED)  # W02 confirmed and due on T+1
    assert gateway.calls == [
        ("payout", D("500.00"), fast["brokerOrderNo"]),
        ("payout", D("1000.00"), normal["brokerOrderNo"]),
    ]
    fast_payout = payout_of(session, fast["brokerOrderNo"])
    assert fast_payout is not None and (fast_payout.status, fast_payout.settled_date) == (
        "sent",
        TUE,
    )


def test_a_cash_dividend_reaches_the_card_on_its_pay_date(
    session: Session, client: TestClient, api: str, gateway: RecordingGateway
) -> None:
    """1000 shares, 0.0250 a share in cash, ex-date Tuesday, paid Thursday: 25.00 to the
    account's card on Thursday, once (it was recorded and never sent before)."""
    from opentamp.models.products import FundDividend

    me = Api(client, api, make_trader(session))
    fund = make_fund(session)
    add_navs(session, fund, {TUE: "1.2500", WED: "1.2600", THU: "1.2700"})
    make_holding(session, trader=me.trader, fund=fund, lots=[(date(2026, 1, 5), "1000.00")])
    session.add(
        FundDividend(
            fund_code=fund.code, record_date=MON.replace(day=23), ex_date=TUE, pay_date=THU,
            cash_per_share=D("0.0250"),
        )
    )  # fmt: skip
    session.flush()
    run_day(session, TUE)
    order = session.scalars(
        select(TradeOrder).where(
            TradeOrder.broker_user_id == me.trader.user.id, TradeOrder.order_code == "143"
        )
    ).one()
    assert (order.net_amount, order.redeem_to) == (D("25.00"), "card")
    assert order.payment_method_id == me.trader.card.id
    run_day(session, WED)
    assert gateway.calls == []
    run_day(session, THU)
    run_day(session, THU)
    assert gateway.calls == [("payout", D("25.00"), order.broker_order_no)]
    payout = payout_of(session, order.broker_order_no)
    assert payout is not None and (payout.status, payout.settled_date) == ("sent", THU)


class UnreachableGateway(RecordingGateway):
    """A gateway that cannot be reached for the first ``outages`` payouts."""

    def __init__(self, outages: int) -> None:
        super().__init__()
        self.outages = outages

    def payout(self, *, token: str, amount: Decimal, order_no: str) -> PaymentResult:
        if self.outages > 0:
            self.outages -= 1
            raise ConnectionError("payment gateway unreachable")
        return super().payout(token=token, amount=amount, order_no=order_no)


def test_a_payout_is_a_task_retried_when_the_gateway_cannot_be_reached(
    session: Session, client: TestClient, api: str
) -> None:
    """docs/scale.md#tasks: the payout is the task ``payments.payout`` keyed by the record and
    the day; an unreachable gateway fails the task (not the day), and the task retried sends
    the payout once."""
    me = Api(client, api, make_trader(session))
    no = redeem_400(session, me, fund_settling_t3(session))
    bank = UnreachableGateway(outages=1)
    use_payment_gateway(bank)
    try:
        run_day(session, WED)
        run_day(session, THU)
        # The day goes on without the payout: its record waits, untried, its task failed.
        assert run_day(session, FRI)["payments.payouts"] == "0 sent, 1 failed, 0 to the wallet"
        payout = payout_of(session, no)
        assert payout is not None
        assert (payout.status, payout.attempts, bank.calls) == ("failed", 0, [])
        key = f"payments.payout:{payout.id}:{FRI.isoformat()}"
        record = session.scalars(select(TaskRun).where(TaskRun.key == key)).one()
        assert (record.status, record.attempts) == ("failed", 1)
        assert record.last_error == "ConnectionError: payment gateway unreachable"
        # The task again (as the runner retries it): the payout is sent, once.
        again = tasks.defer(session, send_payout, key=key, payout_id=payout.id, day="2026-11-27")
        assert again.succeeded
        done = tasks.defer(session, send_payout, key=key, payout_id=payout.id, day="2026-11-27")
        assert done.new is False  # the key succeeded: deferring it again does nothing
        payout = payout_of(session, no)
        assert payout is not None
        assert (payout.status, payout.attempts, payout.settled_date) == ("sent", 1, FRI)
        assert bank.calls == [("payout", D("497.50"), no)]
        # Run by hand once more on the same day (a worker killed before its commit): nothing.
        attempt_payout(session, payout_id=payout.id, day=FRI)
        assert len(bank.calls) == 1
    finally:
        use_payment_gateway(None)


def test_on_the_queue_the_day_defers_the_payout_in_its_own_transaction(
    session: Session, client: TestClient, api: str, gateway: RecordingGateway
) -> None:
    """On PostgreSQL the payout's task is written to the queue with the day's work (a worker
    sends it: tests/test_tasks.py runs one)."""
    if session.get_bind().dialect.name != "postgresql":
        pytest.skip("the queue is PostgreSQL's")
    me = Api(client, api, make_trader(session))
    no = redeem_400(session, me, fund_settling_t3(session))
    run_day(session, WED)
    run_day(session, THU)
    tasks.reset_queue_app()
    tasks.force_runner("queue")
    try:
        assert run_day(session, FRI)["payments.payouts"] == "1 queued"
        assert run_day(session, FRI)["payments.payouts"] is None
    finally:
        tasks.force_runner("inline")
        tasks.reset_queue_app()
    payout = payout_of(session, no)
    assert payout is not None and (payout.status, payout.attempts) == ("failed", 0)
    assert gateway.calls == []
    jobs_ = session.execute(
        text(
            "SELECT task_name, queueing_lock, status, args->>'payout_id'"
            " FROM procrastinate.procrastinate_jobs WHERE queueing_lock = :k"
        ),
        {"k": f"payments.payout:{payout.id}:2026-11-27"},
    ).all()
    assert [tuple(j) for j in jobs_] == [
        ("payments.payout", f"payments.payout:{payout.id}:2026-11-27", "todo", str(payout.id))
    ]


#: The payout step's notice comes with the pipeline's last step.
NOTICE_STEPS = (*STEPS, "notices.deliver")


def run_day_at(session: Session, day: date, clock_at: datetime) -> dict[str, str | None]:
    """Settlement, the payouts and the delivery of ``day``, with the clock at ``clock_at``."""
    with frozen(clock_at):
        return {s.name: s.run(session, day) for s in jobs.steps() if s.name in NOTICE_STEPS}


def test_a_payout_is_a_notice_stamped_on_its_day_once(
    session: Session, client: TestClient, api: str, gateway: RecordingGateway
) -> None:
    """docs/notices.md#the-events: ``redemption.paid``. ``market advance`` runs Friday with the
    clock still on Thursday evening: the notice of Friday's payout is stamped Friday 20:00
    (the day's pipeline time, as the confirmation of the redemption was on Wednesday), never
    Thursday; a re-run of Friday adds no second notice."""
    from tests.notices.helpers import badge, moment, notices_of

    me = Api(client, api, make_trader(session))
    no = redeem_400(session, me, fund_settling_t3(session))
    run_day_at(session, WED, datetime(2026, 11, 25, 20, 5, tzinfo=BEIJING))
    thursday_evening = datetime(2026, 11, 26, 21, 0, tzinfo=BEIJING)
    run_day_at(session, THU, thursday_evening)
    assert run_day_at(session, FRI, thursday_evening)["payments.payouts"] == (
        "1 sent, 0 failed, 0 to the wallet"
    )
    with frozen(thursday_evening):
        headers = me.trader.headers
        paid, confirmed = notices_of(client, api, headers, "TRADE")
        assert badge(client, api, headers) == {
            "total": 2, "TRADE": 2, "ADVISORY": 0, "ACCOUNT": 0, "ANNOUNCEMENT": 0,
        }  # fmt: skip
    assert (paid["kind"], paid["category"], paid["categoryName"]) == (
        "redemption.paid", "TRADE", "交易提醒",
    )  # fmt: skip
    assert paid["title"] == "赎回款已到账"
    assert paid["content"] == (
        f"497.50元已于2026年11月27日划入您尾号{me.trader.card.card_tail}的银行卡，请注意查收。"
    )
    assert paid["link"] == f"/orderResult?brokerOrderNo={no}"
    assert moment(paid) == datetime(2026, 11, 27, 20, 0, tzinfo=BEIJING)
    assert moment(confirmed) == datetime(2026, 11, 25, 20, 5, tzinfo=BEIJING)
    assert paid["isRead"] is False
    # Friday again, now on Friday evening: nothing new, the first stamp kept.
    rerun = run_day_at(session, FRI, datetime(2026, 11, 27, 21, 0, tzinfo=BEIJING))
    assert (rerun["payments.payouts"], rerun["notices.deliver"]) == (None, "0 notices")
    with frozen(datetime(2026, 11, 27, 21, 0, tzinfo=BEIJING)):
        again = notices_of(client, api, me.trader.headers, "TRADE")
        assert badge(client, api, me.trader.headers)["TRADE"] == 2
    assert [n["noticeId"] for n in again] == [paid["noticeId"], confirmed["noticeId"]]
    assert moment(again[0]) == datetime(2026, 11, 27, 20, 0, tzinfo=BEIJING)


def test_a_payout_run_after_its_evening_or_placed_in_the_day_is_stamped_when_paid(
    session: Session, client: TestClient, api: str, gateway: RecordingGateway
) -> None:
    """A day run late (a catch-up on Saturday morning) stamps its payout when it is paid; so
    does a fast withdrawal, paid when it is placed."""
    from tests.notices.helpers import moment, notices_of

    me = Api(client, api, make_trader(session))
    wallet = make_wallet_fund(session)
    make_holding(session, trader=me.trader, fund=wallet, lots=[(date(2026, 11, 2), "3000.00")])
    no = redeem_400(session, me, fund_settling_t3(session))
    placed = datetime(2026, 11, 25, 14, 30, tzinfo=BEIJING)
    with frozen(placed):
        fast = me.post(
            "/trade/redeemWallet",
            {"financialAccountId": me.trader.fa.id, "paymentMethodId": me.trader.card.id,
             "tradePassword": "135790", "amount": "500.00", "fast": True, "tradeUUID": "f"},
        )["data"]  # fmt: skip
    run_day_at(session, WED, datetime(2026, 11, 25, 20, 5, tzinfo=BEIJING))
    run_day_at(session, THU, datetime(2026, 11, 26, 20, 5, tzinfo=BEIJING))
    saturday = datetime(2026, 11, 28, 9, 15, tzinfo=BEIJING)
    run_day_at(session, FRI, saturday)
    with frozen(saturday):
        paid = {
            n["link"]: n
            for n in notices_of(client, api, me.trader.headers, "TRADE")
            if n["kind"] == "redemption.paid"
        }
    card = me.trader.card.card_tail
    late = paid[f"/orderResult?brokerOrderNo={no}"]
    assert late["content"] == f"497.50元已于2026年11月27日划入您尾号{card}的银行卡，请注意查收。"
    assert moment(late) == saturday
    quick = paid[f"/orderResult?brokerOrderNo={fast['brokerOrderNo']}"]
    assert quick["content"] == f"500.00元已于2026年11月25日划入您尾号{card}的银行卡，请注意查收。"
    assert moment(quick) == placed
