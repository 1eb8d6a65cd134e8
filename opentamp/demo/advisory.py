"""The advisory part of the demo world (docs/advisory.md#the-demo-world): the terms and files of
three advisory strategies — ZH000006 省心投顾组合 (HALF_DISCRETIONARY, which 李明 has not signed),
ZH000007 全权委托·均衡投顾 (FULL_DISCRETIONARY, which he holds with a history: signed and
30 000.00 deposited early in the trading history, one model change executed, daily accruals and
a quarterly charge) and ZH000008 会员专享·稳健投顾 (fee mode MEMBER: members only, no adviser fee;
docs/membership.md#member-strategies) — and the adviser's announcements."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta
from decimal import Decimal

from sqlalchemy.orm import Session

from opentamp.advisory import api as advisory
from opentamp.demo.accounts import deposit_by_card, sign_service_account
from opentamp.demo.world import DemoWorld
from opentamp.kit.clock import now
from opentamp.models.advisory import (
    FEE_MEMBER,
    FULL_DISCRETIONARY,
    HALF_DISCRETIONARY,
    AdvisoryAnnouncement,
    AdvisoryAnnouncementRead,
    AdvisoryFeeTier,
    AdvisoryFile,
    AdvisoryStrategy,
)
from opentamp.models.auth import BrokerUser
from opentamp.models.catalogue import PortfolioAdjustment, PortfolioAdjustmentItem
from opentamp.models.products import Portfolio, PortfolioComponent

HALF_CODE, FULL_CODE, MEMBER_CODE = "ZH000006", "ZH000007", "ZH000008"
FULL_ACCOUNT_NAME = "投顾账户·均衡"
FILES = ("基金投顾服务协议", "投顾组合策略说明书", "风险揭示书")
HOME = [
    "TAMP_ACCOUNT_SUMMARY",
    "TOTAL_ASSET",
    "ASSET_COMPOSITION",
    "FUND_HOLDINGS",
    "SCATTERED_FUND_HOLDINGS",
    "ADJUSTMENT_HISTORY",
    "TRANSACTION_HISTORY",
    "ADVISER_CHARGE",
    "ACCOUNT_REPORT",
]
#: ZH000007's model, and the change the adviser publishes in the history.
FULL_MODEL = [("003304", "0.30"), ("002301", "0.30"), ("005601", "0.25"), ("007801", "0.15")]
FULL_CHANGE = [("003304", "0.25"), ("002301", "0.35"), ("005601", "0.20"), ("007801", "0.20")]
#: ZH000008's model: bond-led, for members.
MEMBER_MODEL = [("002301", "0.40"), ("003301", "0.30"), ("005604", "0.20"), ("007801", "0.10")]
#: Trading-day offsets of the history (opentamp/demo/trading.py): sign and deposit, the change.
SIGN_OFFSET, CHANGE_OFFSET = 4, 40


def _advisory_portfolio(
    session: Session,
    half: Portfolio,
    *,
    code: str,
    name: str,
    risk_level: int,
    description: str,
    investment_strategy: str,
    fee_rate: str,
    model: list[tuple[str, str]],
) -> Portfolio:
    """A portfolio of the adviser's team (ZH000006's manager and benchmark) with its model."""
    portfolio = Portfolio(
        code=code,
        name=name,
        risk_level=risk_level,
        inception_date=half.inception_date,
        min_purchase_amount=Decimal("1000.00"),
        description=description,
        investment_strategy=investment_strategy,
        manager_name=half.manager_name,
        team_id=half.team_id,
        benchmark_code=half.benchmark_code,
        adviser_fee_rate=Decimal(fee_rate),
    )
    session.add(portfolio)
    session.flush()
    for fund_code, weight in model:
        session.add(
            PortfolioComponent(portfolio_code=code, fund_code=fund_code, weight=Decimal(weight))
        )
    # The model's history before the demo's own changes: built, then rebalanced a year ago.
    for day, title, before in (
        (portfolio.inception_date, "组合建仓", {}),
        (now().date() - timedelta(days=365), "年度再平衡", dict(model)),
    ):
        record = PortfolioAdjustment(
            portfolio_code=code, adjust_date=day, title=title, reason="投顾团队按协议调仓。"
        )
        session.add(record)
        session.flush()
        for fund_code, weight in model:
            session.add(
                PortfolioAdjustmentItem(
                    adjustment_id=record.id,
                    fund_code=fund_code,
                    weight_before=Decimal(before.get(fund_code, "0")),
                    weight_after=Decimal(weight),
                )
            )
    return portfolio


def seed_strategies(session: Session, world: DemoWorld) -> None:
    """The advisory terms of ZH000006, the FULL_DISCRETIONARY portfolio ZH000007 and the
    members' portfolio ZH000008."""
    half = session.get(Portfolio, HALF_CODE)
    assert half is not None
    _advisory_portfolio(
        session,
        half,
        code=FULL_CODE,
        name="全权委托·均衡投顾",
        risk_level=3,
        description="全权委托的基金投顾服务：投顾团队按协议代您调仓，无需逐笔确认，调仓后通知您。",
        investment_strategy="股债均衡配置，投顾团队根据估值与利率环境在目标区间内动态调整。",
        fee_rate="0.006",
        model=FULL_MODEL,
    )
    _advisory_portfolio(
        session,
        half,
        code=MEMBER_CODE,
        name="会员专享·稳健投顾",
        risk_level=2,
        description="投顾会员专属的稳健组合：开通投顾会员即可签约，会员有效期内不另收投顾服务费。",
        investment_strategy="以纯债与偏债混合基金打底，少量红利指数与黄金增强收益；投顾团队调仓前征求您的确认。",
        fee_rate="0",
        model=MEMBER_MODEL,
    )
    session.add_all(
        [
            AdvisoryStrategy(
                po_code=HALF_CODE,
                discretion_type=HALF_DISCRETIONARY,
                fee_mode="FIXED",
                fee_ratio=Decimal("0.005"),
                fee_upper_limit=Decimal("200.00"),
                charge_period="M",
                components=HOME,
            ),
            AdvisoryStrategy(
                po_code=FULL_CODE,
                discretion_type=FULL_DISCRETIONARY,
                fee_mode="STEP",
                fee_ratio=Decimal("0.006"),
                charge_period="Q",
                components=HOME,
            ),
            AdvisoryStrategy(
                po_code=MEMBER_CODE,
                discretion_type=HALF_DISCRETIONARY,
                fee_mode=FEE_MEMBER,
                fee_ratio=Decimal("0"),
                charge_period="M",
                components=[c for c in HOME if c != "ADVISER_CHARGE"],
            ),
        ]
    )
    session.flush()
    session.add_all(
        [
            AdvisoryFeeTier(
                po_code=FULL_CODE, min_assets=Decimal("0.00"), fee_ratio=Decimal("0.006")
            ),
            AdvisoryFeeTier(
                po_code=FULL_CODE, min_assets=Decimal("100000.00"), fee_ratio=Decimal("0.004")
            ),
        ]
    )
    for code in (HALF_CODE, FULL_CODE, MEMBER_CODE):
        for name in FILES:
            session.add(
                AdvisoryFile(
                    po_code=code, version=1, name=name, file_url=f"/h5/files/{code}/{name}.pdf"
                )
            )
    session.flush()


def _sign_and_deposit(session: Session, user: BrokerUser) -> None:
    """李明 signs ZH000007 (the SMS step done) and deposits 30 000.00 by card."""
    sa = sign_service_account(
        session, user, po_code=FULL_CODE, name=FULL_ACCOUNT_NAME, kind="service", serial="00000188"
    )
    deposit_by_card(
        session, user, sa, amount=Decimal("30000.00"), trade_uuid="demo-advisory-deposit"
    )


def _model_change(session: Session, user: BrokerUser) -> None:
    """The adviser moves ZH000007 towards bonds; the FULL_DISCRETIONARY account is rebalanced."""
    broker_id = user.broker_id
    advisory.publish_model(
        session,
        broker_id=broker_id,
        body=advisory.PublishModelIn(
            po_code=FULL_CODE,
            weight_list=[advisory.WeightIn(fund_code=c, weight=Decimal(w)) for c, w in FULL_CHANGE],
            reason="权益估值回升，适度增加纯债与黄金，降低组合波动。",
        ),
        operator_id=None,
    )


#: What happens on which trading day of the history, as demo/trading.py runs it.
ACTIONS: dict[int, list[Callable[[Session, BrokerUser], None]]] = {
    SIGN_OFFSET: [_sign_and_deposit],
    CHANGE_OFFSET: [_model_change],
}


def daily(session: Session, day: date) -> None:
    """The advisory steps of a history day, in the pipeline's order around settlement."""
    advisory.follow_orders(session, day)
    advisory.accrue(session, day)
    advisory.charge(session, day)


def before_settlement(session: Session, day: date) -> None:
    advisory.expire_and_retry(session, day)


def seed_announcements(session: Session, world: DemoWorld) -> None:
    """One mandatory announcement on ZH000007 that 李明 has read, one he has not read; one on
    ZH000006."""
    demo = world.users["demo"]
    moment = now()
    read = AdvisoryAnnouncement(
        po_code=FULL_CODE,
        title="关于全权委托·均衡投顾调仓的重要公告",
        content="根据近期市场变化，投顾团队已对组合进行调仓：适度增加纯债与黄金配置，降低权益仓位。"
        "本次调仓已按协议自动执行，如有疑问请联系您的投顾。",
        is_mandatory=True,
        published_at=moment - timedelta(days=30),
    )
    unread = AdvisoryAnnouncement(
        po_code=FULL_CODE,
        title="投顾月度观点：债市仍具配置价值",
        content="11月债券收益率小幅回落，权益市场震荡；组合维持股债均衡，短期不做大幅调整。",
        is_mandatory=False,
        published_at=moment - timedelta(days=2),
    )
    half = AdvisoryAnnouncement(
        po_code=HALF_CODE,
        title="省心投顾组合服务说明",
        content="签约后，每次调仓会以「调仓待确认」提醒您，请在有效期内确认或取消。",
        is_mandatory=False,
        published_at=moment - timedelta(days=10),
    )
    session.add_all([read, unread, half])
    session.flush()
    session.add(
        AdvisoryAnnouncementRead(
            announcement_id=read.id, broker_user_id=demo.id, read_at=moment - timedelta(days=29)
        )
    )
    session.flush()
