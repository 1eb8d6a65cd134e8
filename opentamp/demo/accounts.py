"""The accounts part of the demo world (docs/demo.md).

- 13800138000 (broker 1001, 演示用户): an opened account of 李明 with both sides of his ID
  card on file (plain cards drawn here), a valid risk survey (C4 成长型), the trade password
  135790, an ICBC card (signed) and a CMB card waiting to be signed, and the financial
  accounts 默认账户, 养老钱, 子女教育 and the hidden 小金库.
- 13900139000 (broker 1001): signed up, no account yet.
- 13700137000 (broker 1001): an institutional account (holder type 0), refused on the pages
  for persons.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Mapping
from datetime import date, timedelta
from decimal import Decimal

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from opentamp.accounts.identity import check_digit
from opentamp.accounts.trade_password import set_trade_password
from opentamp.accounts.uploads import store
from opentamp.advisory import api as advisory
from opentamp.demo.world import DemoWorld
from opentamp.kit.clock import now
from opentamp.models.accounts import Account, FinancialAccount, PaymentMethod
from opentamp.models.advisory import IN_FORCE, AdvisoryFile, ServiceAccount
from opentamp.models.auth import BrokerUser
from opentamp.models.suitability import SurveySubmission
from opentamp.outside.payment import card_fingerprint, payment_gateway
from opentamp.payments.banks import BY_CODE
from opentamp.rules.suitability import survey_expires_at
from opentamp.suitability.questionnaire import GENERAL_QUESTIONS, RISK_QUESTIONS
from opentamp.suitability.surveys import _questions, create_survey
from opentamp.trading import api as trading

DEMO_TRADE_PASSWORD = "135790"
NEW_USER_PHONE = "13900139000"
INSTITUTION_PHONE = "13700137000"
DEMO_ID_FIRST17 = "11010119880315123"
#: Answers by option position per question: 72 points, C4 (see tests/suitability).
C4_PICKS = ([1], [2], [2], [1, 2], [2], [2], [2], [2], [1], [2])


def sign_service_account(
    session: Session, user: BrokerUser, *, po_code: str, name: str, kind: str, serial: str
) -> ServiceAccount:
    """A financial account of the type `kind` named `name`, last in the user's list, and its
    service account on `po_code`: in force, every file of the strategy signed (the SMS step
    done) now, 24 hours of cooling-off; the contract number ends in `serial`."""
    account = session.scalar(select(Account).where(Account.broker_user_id == user.id))
    assert account is not None
    last = session.scalar(
        select(func.max(FinancialAccount.sort_order)).where(
            FinancialAccount.account_id == account.id
        )
    )
    fa = FinancialAccount(
        broker_user_id=user.id,
        account_id=account.id,
        name=name,
        type=kind,
        sort_order=(last or 0) + 1,
    )
    session.add(fa)
    session.flush()
    moment = now()
    files = session.scalars(select(AdvisoryFile.id).where(AdvisoryFile.po_code == po_code)).all()
    sa = ServiceAccount(
        broker_user_id=user.id,
        account_id=account.id,
        po_code=po_code,
        financial_account_id=fa.id,
        contract_no=f"TG{moment:%Y%m%d}{serial}",
        contract_status=IN_FORCE,
        signed_file_ids=sorted(files),
        signed_at=moment,
        cooling_off_until=moment + timedelta(hours=24),
    )
    session.add(sa)
    session.flush()
    return sa


def deposit_by_card(
    session: Session,
    user: BrokerUser,
    sa: ServiceAccount,
    *,
    amount: Decimal,
    trade_uuid: str,
    weights: Mapping[str, Decimal] | None = None,
    level: int | None = None,
) -> None:
    """A deposit into the service account ``sa`` paid by the user's signed card (the trade
    password given, the risk confirmed), recorded as the account's order; ``weights`` and
    ``level``: a robo account's own model and its risk level."""
    card = session.scalar(
        select(PaymentMethod.id).where(
            PaymentMethod.broker_user_id == user.id, PaymentMethod.is_signed.is_(True)
        )
    )
    order = trading.buy_po(
        session,
        user=user,
        body=trading.BuyPoIn(
            financial_account_id=sa.financial_account_id,
            po_code=sa.po_code,
            amount=amount,
            payment_method_id=card,
            trade_password=DEMO_TRADE_PASSWORD,
            risk_confirmed=True,
            trade_uuid=trade_uuid,
        ),
        weights=weights,
        level=level,
    )
    advisory.mark_service_order(session, order.broker_order_no, sa)


def _card(session: Session, account: Account, *, card_no: str, bank_no: str, signed: bool) -> None:
    bank = BY_CODE[bank_no]
    verified = payment_gateway().verify_card(
        card_no=card_no, name=account.name, id_no=account.id_no, phone=account.phone
    )
    session.add(
        PaymentMethod(
            broker_user_id=account.broker_user_id,
            account_id=account.id,
            bank_no=bank_no,
            card_tail=card_no[-4:],
            card_fingerprint=card_fingerprint(card_no),
            phone_tail=account.phone[-4:],
            phone=account.phone,
            gateway_token=verified.token,
            is_signed=signed,
            signed_at=now() if signed else None,
            single_limit=bank.single_limit,
            daily_limit=bank.daily_limit,
        )
    )


def _card_png(width: int, height: int, shade: int) -> bytes:
    """A plain grey card of the size of an ID-card photo (a readable side, docs/demo.md)."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = struct.pack(">I", zlib.crc32(kind + body))
        return struct.pack(">I", len(body)) + kind + body + crc

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    rows = b"".join(b"\x00" + bytes([shade]) * width for _ in range(height))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


def seed_accounts(session: Session, world: DemoWorld) -> None:
    risk = create_survey(
        session,
        code="RISK_STANDARD",
        title="个人投资者风险承受能力评估问卷",
        kind="risk",
        description="根据《证券期货投资者适当性管理办法》，请如实填写以下问题，"
        "评估结果将作为您购买产品的重要依据，有效期两年。",
        questions=RISK_QUESTIONS,
    )
    create_survey(
        session,
        code="PREFERENCE",
        title="投资偏好调研",
        kind="general",
        description="花一分钟告诉我们您的投资偏好，帮助我们提供更合适的服务。",
        questions=GENERAL_QUESTIONS,
    )
    demo = world.users["demo"]
    demo.last_login_at = now() - timedelta(hours=14)  # 账户安全's 最近登录: he signed in last night
    assessed = now() - timedelta(days=30)
    account = Account(
        broker_user_id=demo.id,
        name="李明",
        id_type="0",
        id_no=DEMO_ID_FIRST17 + check_digit(DEMO_ID_FIRST17),
        holder_type=1,
        phone=demo.phone,
        risk_grade5=4,
        risk_assessed_at=assessed,
        non_american=True,
        gender=1,
        birth_date=date(1988, 3, 15),
        occupation="02",
        address="北京市朝阳区建国路88号SOHO现代城",
        id_valid_until=date(2035, 6, 30),
    )
    session.add(account)
    session.flush()
    front, _ = store(session, user=demo, data=_card_png(856, 540, 0xD8), scene="idFront")
    back, _ = store(session, user=demo, data=_card_png(856, 540, 0xE4), scene="idBack")
    account.id_photo_front, account.id_photo_back = front.key, back.key
    set_trade_password(account, password=DEMO_TRADE_PASSWORD)
    for order, (name, kind, hidden) in enumerate(
        [
            ("默认账户", "default", False),
            ("养老钱", "normal", False),
            ("子女教育", "normal", False),
            ("小金库", "normal", True),
        ]
    ):
        session.add(
            FinancialAccount(
                broker_user_id=demo.id,
                account_id=account.id,
                name=name,
                type=kind,
                is_hidden=hidden,
                sort_order=order,
            )
        )
    _card(session, account, card_no="6222021234561234", bank_no="002", signed=True)
    _card(session, account, card_no="6225881234565678", bank_no="007", signed=False)
    questions = _questions(session, risk.id)
    answers = {
        str(q.id): [opts[i].id for i in pick]
        for (q, opts), pick in zip(questions, C4_PICKS, strict=True)
    }
    session.add(
        SurveySubmission(
            survey_id=risk.id,
            broker_user_id=demo.id,
            account_id=account.id,
            answers=answers,
            score=72,
            risk_grade5=4,
            submitted_at=assessed,
            expires_at=survey_expires_at(assessed),
        )
    )
    newcomer = BrokerUser(broker_id=demo.broker_id, phone=NEW_USER_PHONE, nickname="新用户")
    org_user = BrokerUser(broker_id=demo.broker_id, phone=INSTITUTION_PHONE, nickname="机构客户")
    session.add_all([newcomer, org_user])
    session.flush()
    first17 = "31010119700101001"
    org = Account(
        broker_user_id=org_user.id,
        name="开放财富资产管理有限公司",
        id_type="0",
        id_no=first17 + check_digit(first17),
        holder_type=0,
        phone=INSTITUTION_PHONE,
        risk_grade5=3,
        risk_assessed_at=assessed,
        occupation="99",
        address="上海市浦东新区世纪大道100号",
    )
    session.add(org)
    session.flush()
    session.add(
        FinancialAccount(
            broker_user_id=org_user.id, account_id=org.id, name="默认账户", type="default"
        )
    )
    world.users["newcomer"] = newcomer
    world.users["institution"] = org_user
