"""The service agreement (docs/advisory.md#contract-and-suitability): the signing preview, the
two-step SMS-confirmed signature that opens the service account, re-signing changed files
(the refill pop-up's lists), unsign and cancel-unsign, and the auto-adjust setting."""

from __future__ import annotations

import secrets
from datetime import timedelta

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from opentamp.advisory import repository as repo
from opentamp.advisory.errors import (
    AlreadySigned,
    ContractNotInForce,
    ContractTerminated,
    FilesUnsigned,
    NoContract,
    PurchasePending,
    UnsignNotCancellable,
)
from opentamp.advisory.membership import require_member_for
from opentamp.advisory.schemas import (
    AdviserFeeInfo,
    AdviserSignIn,
    AdviserSignOut,
    AutoAdjustIn,
    AutoAdjustOut,
    ContractDetailOut,
    ContractSignIn,
    ContractSignOut,
    ContractStatusOut,
    FileOut,
    PopupCountOut,
    SignedItemOut,
    SignPreviewOut,
    SignStepTwoIn,
    SignStepTwoOut,
    UnsignedItemOut,
    UnsignIn,
    UnsignOut,
    UserTagOut,
)
from opentamp.advisory.transitions import move
from opentamp.core import caller
from opentamp.core.idempotency import run_once
from opentamp.core.sms_codes import check_code, send_code
from opentamp.errors import AppError, NotFound
from opentamp.kit.clock import now
from opentamp.kit.masking import mask_phone
from opentamp.kit.ownership import owned
from opentamp.models.accounts import FinancialAccount
from opentamp.models.advisory import (
    ADJ_TERMINATED,
    CUSTOMER_UNCONFIRMED,
    IN_FORCE,
    TERMINATED,
    UNCONFIRMED,
    UNSIGNING,
    AdvisoryAdjustment,
    AdvisoryStrategy,
    ServiceAccount,
)
from opentamp.models.auth import BrokerUser
from opentamp.models.orders import TradeOrder
from opentamp.models.platform import Team
from opentamp.models.popups import UserPopupState
from opentamp.models.products import Portfolio
from opentamp.trading import api as trading_api

SMS_PURPOSE = "trade"
TAG_ADJUSTMENT_UNCONFIRMED, TAG_UNSIGNED, TAG_TERMINATED = (
    "ADJUSTMENT_UNCONFIRMED",
    "UNSIGNED",
    "TERMINATED",
)
#: The refill pop-up shows once per this long (docs/advisory.md#the-refill-pop-up).
REFILL_POPUP_INTERVAL = timedelta(minutes=1440)
PERIOD_TEXT = {"D": "日", "M": "月", "Q": "季", "Y": "年"}


def sign_subject(sa_id: int) -> str:
    return f"advisory:{sa_id}"


def fee_info(s: AdvisoryStrategy) -> AdviserFeeInfo:
    limit = (
        f"每{PERIOD_TEXT[s.charge_period]}最高收取{s.fee_upper_limit}元"
        if s.fee_upper_limit is not None
        else "不设上限"
    )
    return AdviserFeeInfo(
        fee_mode=s.fee_mode,
        fee_ratio=s.fee_ratio,
        fee_rated_discount=s.fee_discount,
        discount_fee_ratio=(s.fee_ratio * s.fee_discount).quantize(s.fee_ratio),
        fee_upper_limit_str=limit,
        upper_value=s.fee_upper_limit,
        charge_period=s.charge_period,
    )


def files_out(session: Session, po_code: str) -> list[FileOut]:
    return [
        FileOut(file_id=f.id, name=f.name, file_url=f.file_url)
        for f in repo.current_files(session, po_code)
    ]


def _item(session: Session, s: AdvisoryStrategy, sa: ServiceAccount | None) -> UnsignedItemOut:
    po = session.get(Portfolio, s.po_code)
    assert po is not None
    return UnsignedItemOut(
        po_code=s.po_code,
        po_name=po.name,
        file_list=files_out(session, s.po_code),
        adviser_fee_info=fee_info(s),
        is_transfer_prod=s.is_transfer_prod,
        is_resign=sa is not None,
        service_account_id=sa.id if sa is not None else None,
    )


def _needs_resign(session: Session, sa: ServiceAccount) -> bool:
    current = sorted(f.id for f in repo.current_files(session, sa.po_code))
    return bool(current) and sorted(sa.signed_file_ids or []) != current


def need_resign_list(session: Session, *, user: BrokerUser) -> list[UnsignedItemOut]:
    items = []
    for sa in repo.accounts_of(session, user.id):
        if sa.contract_status in (IN_FORCE, UNSIGNING) and _needs_resign(session, sa):
            s = session.get(AdvisoryStrategy, sa.po_code)
            assert s is not None
            items.append(_item(session, s, sa))
    return items


def unsign_list(
    session: Session, *, user: BrokerUser, po_codes: list[str]
) -> list[UnsignedItemOut]:
    """The refill pop-up's items: re-sign ones, then the listed strategies not yet signed."""
    items = need_resign_list(session, user=user)
    seen = {i.po_code for i in items}
    for code in po_codes:
        s = session.get(AdvisoryStrategy, code)
        if s is None or code in seen or repo.in_force_of(session, user.id, code) is not None:
            continue
        seen.add(code)
        items.append(_item(session, s, None))
    return items


def popup_count(
    session: Session, *, user: BrokerUser, popup_scene: str | None = None
) -> PopupCountOut:
    """How many strategies wait to be re-signed, and whether the refill pop-up may show. With
    a ``popup_scene`` (the 我的 page's pre-check asks with REFILL_SIGN) the pop-up shows once per
    1440 minutes: the answer that lets it show is remembered, so a pop-up the user dismissed
    does not come back on the next load (docs/advisory.md#the-refill-pop-up)."""
    n = len(need_resign_list(session, user=user))
    if not popup_scene or n == 0:
        return PopupCountOut(can_popup=n > 0, popup_count=n)
    scene = f"ADVISER_{popup_scene}"[:32]
    state = session.get(UserPopupState, (user.id, scene))
    moment = now()
    if state is not None and state.suppressed_until > moment:
        return PopupCountOut(can_popup=False, popup_count=n)
    until = moment + REFILL_POPUP_INTERVAL
    if state is None:
        session.add(UserPopupState(broker_user_id=user.id, scene=scene, suppressed_until=until))
    else:
        state.suppressed_until = until
    session.flush()
    return PopupCountOut(can_popup=True, popup_count=n)


def tags_of(session: Session, sa: ServiceAccount) -> list[str]:
    tags = []
    if sa.contract_status == TERMINATED:
        tags.append(TAG_TERMINATED)
    elif sa.contract_status == UNCONFIRMED:
        tags.append(TAG_UNSIGNED)
    adj = repo.open_adjustment(session, sa.id)
    if adj is not None and adj.status == CUSTOMER_UNCONFIRMED:
        tags.append(TAG_ADJUSTMENT_UNCONFIRMED)
    return tags


def user_tags(session: Session, *, user: BrokerUser) -> list[UserTagOut]:
    return [
        UserTagOut(
            service_account_id=sa.id,
            financial_account_id=sa.financial_account_id,
            po_code=sa.po_code,
            tag_list=tags_of(session, sa),
        )
        for sa in repo.accounts_of(session, user.id)
    ]


def sign_preview(session: Session, *, user: BrokerUser, po_code: str) -> SignPreviewOut:
    s, po = repo.strategy(session, po_code)
    account = caller.account_of(session, user)
    grade = account.risk_grade5 if account is not None else None
    return SignPreviewOut(
        po_code=po.code,
        po_name=po.name,
        discretion_type=s.discretion_type,
        risk_level=po.risk_level,
        risk_grade5=grade,
        is_risk_match=grade is not None and po.risk_level <= grade,
        file_list=files_out(session, po.code),
        adviser_fee_info=fee_info(s),
        cooling_off_hours=s.cooling_off_hours,
        is_transfer_prod=s.is_transfer_prod,
        min_deposit_amount=po.min_purchase_amount,
        signed=repo.in_force_of(session, user.id, po.code) is not None,
    )


def _check_files(session: Session, po_code: str, file_ids: list[int]) -> list[int]:
    current = sorted(f.id for f in repo.current_files(session, po_code))
    if sorted(set(file_ids)) != current:
        raise FilesUnsigned()
    return current


def adviser_sign(session: Session, *, user: BrokerUser, body: AdviserSignIn) -> AdviserSignOut:
    """POST /adviser/sign: sign the current files of accounts in force (the refill pop-up). The
    ``financialAccountId`` the page sends (the account it was opened from) is not needed to
    sign, but it must be the caller's: another user's answers 404 (docs/advisory.md)."""
    if body.financial_account_id is not None:
        owned(session, FinancialAccount, body.financial_account_id, owner_id=user.id)
    signed = []
    moment = now()
    for item in body.required_sign_list:
        repo.strategy(session, item.po_code)
        sa = repo.in_force_of(session, user.id, item.po_code)
        if sa is None:
            raise NoContract()
        sa.signed_file_ids = _check_files(session, item.po_code, list(item.file_id_list))
        sa.is_transfer_prod = item.is_transfer_prod
        signed.append(SignedItemOut(po_code=sa.po_code, service_account_id=sa.id, signed_at=moment))
    session.flush()
    return AdviserSignOut(signed_list=signed)


def _contract_no(session: Session) -> str:
    n = session.scalar(select(func.count()).select_from(ServiceAccount)) or 0
    return f"TG{now():%Y%m%d}{n + 1:06d}{secrets.randbelow(100):02d}"


def contract_sign(
    session: Session,
    *,
    user: BrokerUser,
    body: ContractSignIn,
    level: int | None = None,
    several: bool = False,
) -> ContractSignOut:
    """POST /serviceAccount/contract/sign: suitability, the files, then an SMS code; the
    contract waits (status 0) for signStepTwo. ``level``: the risk level judged when the
    account has a model of its own (a robo plan, docs/robo.md), else the strategy's;
    ``several``: the investor may hold several accounts of the strategy (robo: one per plan)."""
    account = caller.require_account(session, user)
    s, po = repo.strategy(session, body.po_code)
    if not several and repo.in_force_of(session, user.id, po.code) is not None:
        raise AlreadySigned()
    require_member_for(session, user.id, s)
    files = _check_files(session, po.code, list(body.file_id_list))
    trading_api.suitable(
        session,
        account,
        confirmed=body.risk_confirmed,
        level=po.risk_level if level is None else level,
        code=po.code,
        kind="serviceAccount",
    )
    # An earlier contract left unconfirmed is abandoned.
    for old in repo.accounts_of(session, user.id):
        if not several and old.po_code == po.code and old.contract_status == UNCONFIRMED:
            old.contract_status = TERMINATED
            old.terminated_at = now()
    sa = ServiceAccount(
        broker_user_id=user.id,
        account_id=account.id,
        po_code=po.code,
        contract_no=_contract_no(session),
        contract_status=UNCONFIRMED,
        signed_file_ids=files,
        is_transfer_prod=body.is_transfer_prod,
    )
    session.add(sa)
    session.flush()
    broker = caller.broker_of(session, user)
    ttl = send_code(
        session,
        phone=account.phone,
        purpose=SMS_PURPOSE,
        subject=sign_subject(sa.id),
        sender=broker.short_name,
    )
    return ContractSignOut(
        service_account_id=sa.id,
        contract_status=sa.contract_status,
        contract_no=sa.contract_no,
        phone=mask_phone(account.phone),
        expires_in=ttl,
    )


def sign_step_two(
    session: Session,
    *,
    user: BrokerUser,
    body: SignStepTwoIn,
    fa_type: str = "service",
    fa_name: str | None = None,
) -> SignStepTwoOut:
    """POST /serviceAccount/contract/signStepTwo: the SMS code confirms the signature; the
    financial account of type service (``fa_type``: robo_service for a robo account,
    docs/robo.md) is opened and the contract is in force."""
    sa = repo.owned_account(session, user, body.service_account_id)
    if sa.contract_status == TERMINATED:
        raise ContractTerminated()
    if sa.contract_status != UNCONFIRMED:
        raise AlreadySigned()
    account = caller.require_account(session, user)
    check_code(
        session,
        phone=account.phone,
        purpose=SMS_PURPOSE,
        code=body.verify_code,
        subject=sign_subject(sa.id),
    )
    s, po = repo.strategy(session, sa.po_code)
    last = session.scalar(
        select(func.max(FinancialAccount.sort_order)).where(
            FinancialAccount.account_id == account.id
        )
    )
    fa = FinancialAccount(
        broker_user_id=user.id,
        account_id=account.id,
        name=(fa_name or f"投顾账户·{po.name}")[:32],
        type=fa_type,
        sort_order=(last or 0) + 1,
    )
    session.add(fa)
    session.flush()
    moment = now()
    sa.financial_account_id = fa.id
    sa.contract_status = IN_FORCE
    sa.signed_at = moment
    sa.cooling_off_until = moment + timedelta(hours=s.cooling_off_hours)
    session.flush()
    return SignStepTwoOut(
        service_account_id=sa.id,
        financial_account_id=fa.id,
        contract_status=sa.contract_status,
        signed_at=moment,
        cooling_off_end_time=sa.cooling_off_until,
    )


def contract_detail(
    session: Session, *, user: BrokerUser, service_account_id: int | None, po_code: str | None
) -> ContractDetailOut:
    sa: ServiceAccount | None = None
    if service_account_id is not None:
        sa = repo.owned_account(session, user, service_account_id)
        po_code = sa.po_code
    if po_code is None:
        raise NotFound()
    s, po = repo.strategy(session, po_code)
    if sa is None:
        sa = repo.in_force_of(session, user.id, po_code)
    team = session.get(Team, po.team_id) if po.team_id is not None else None
    account = caller.account_of(session, user)
    return ContractDetailOut(
        po_code=po.code,
        po_name=po.name,
        discretion_type=s.discretion_type,
        team_name=team.name if team is not None else "",
        customer_name=account.name if account is not None else "",
        file_list=files_out(session, po.code),
        signed_file_id_list=list(sa.signed_file_ids or []) if sa else [],
        adviser_fee_info=fee_info(s),
        contract_status=sa.contract_status if sa else None,
        contract_no=sa.contract_no if sa else None,
        signed_at=sa.signed_at if sa else None,
        cooling_off_end_time=sa.cooling_off_until if sa else None,
        service_account_id=sa.id if sa else None,
    )


def in_cooling_off(sa: ServiceAccount) -> bool:
    return sa.cooling_off_until is not None and now() < sa.cooling_off_until


def terminate(session: Session, sa: ServiceAccount) -> None:
    """Status 3; proposals still waiting end TERMINATED."""
    sa.contract_status = TERMINATED
    sa.terminated_at = now()
    waiting = session.scalars(
        select(AdvisoryAdjustment).where(
            AdvisoryAdjustment.service_account_id == sa.id,
            AdvisoryAdjustment.status == CUSTOMER_UNCONFIRMED,
        )
    ).all()
    for adj in waiting:
        move(session, adj, ADJ_TERMINATED, actor="system")
    session.flush()


def unsign(session: Session, *, user: BrokerUser, body: UnsignIn) -> UnsignOut:
    """POST /serviceAccount/contract/unsign (and /adviser/unsign): sell everything to the
    service account's wallet (status 2), or end at once when nothing is held."""
    sa = repo.owned_account(session, user, body.service_account_id)
    if sa.contract_status == TERMINATED:
        raise ContractTerminated()
    if sa.contract_status != IN_FORCE or sa.financial_account_id is None:
        raise ContractNotInForce()
    account = trading_api.verified_account(session, user, body.trade_password)
    fa_id = sa.financial_account_id

    def run() -> UnsignOut:
        cooling = in_cooling_off(sa)
        sa.unsign_at = now()
        sa.unsign_cooling_off = cooling
        if not repo.holdings(session, sa):
            if repo.pending_amount(session, sa) > 0:
                raise PurchasePending()
            terminate(session, sa)
            return UnsignOut(
                service_account_id=sa.id,
                contract_status=sa.contract_status,
                is_cooling_off=cooling,
                broker_order_no=None,
            )
        order = trading_api.redeem_po(
            session,
            user=user,
            body=trading_api.RedeemPoIn(
                financial_account_id=fa_id,
                po_code=sa.po_code,
                ratio=1,
                redeem_to="wallet",
                trade_password=body.trade_password,
                trade_uuid=f"{body.trade_uuid[:56]}#unsign",
            ),
            verified=account,
        )
        sa.contract_status = UNSIGNING
        sa.unsign_order_id = _order_id(session, order.broker_order_no)
        session.flush()
        return UnsignOut(
            service_account_id=sa.id,
            contract_status=sa.contract_status,
            is_cooling_off=cooling,
            broker_order_no=order.broker_order_no,
        )

    return run_once(
        session,
        user_id=user.id,
        trade_uuid=body.trade_uuid,
        action="serviceAccount.unsign",
        request=body,
        schema=UnsignOut,
        run=run,
    )


def _order_id(session: Session, order_no: str) -> int:
    order_id = session.scalar(select(TradeOrder.id).where(TradeOrder.broker_order_no == order_no))
    assert order_id is not None
    return order_id


def cancel_unsign(session: Session, *, user: BrokerUser, body: UnsignIn) -> ContractStatusOut:
    """POST /serviceAccount/contract/cancelUnSign: back in force while the sale can be cancelled
    (before the cut-off of its trade date)."""
    sa = repo.owned_account(session, user, body.service_account_id)
    # the trade password first, outside the savepoint of the sale's cancel: a wrong try is
    # answered as such and its count stands
    trading_api.verified_account(session, user, body.trade_password)
    if sa.contract_status != UNSIGNING or sa.unsign_order_id is None:
        raise UnsignNotCancellable()
    order = session.get(TradeOrder, sa.unsign_order_id)
    assert order is not None
    try:
        with session.begin_nested():
            trading_api.cancel_po_order(
                session,
                user=user,
                body=trading_api.CancelOrderIn(
                    broker_order_no=order.broker_order_no, trade_password=body.trade_password
                ),
            )
    except AppError as exc:
        if exc.error.startswith("trade_password"):
            raise
        raise UnsignNotCancellable() from exc
    sa.contract_status = IN_FORCE
    sa.unsign_at = None
    sa.unsign_order_id = None
    sa.unsign_cooling_off = False
    session.flush()
    return ContractStatusOut(service_account_id=sa.id, contract_status=sa.contract_status)


def set_auto_adjust(session: Session, *, user: BrokerUser, body: AutoAdjustIn) -> AutoAdjustOut:
    sa = repo.owned_account(session, user, body.service_account_id)
    repo.require_in_force(sa)
    sa.auto_adjust = body.auto_adjust
    session.flush()
    return auto_adjust_of(session, user=user, service_account_id=sa.id)


def auto_adjust_of(session: Session, *, user: BrokerUser, service_account_id: int) -> AutoAdjustOut:
    sa = repo.owned_account(session, user, service_account_id)
    s = session.get(AdvisoryStrategy, sa.po_code)
    assert s is not None
    return AutoAdjustOut(
        service_account_id=sa.id, auto_adjust=sa.auto_adjust, discretion_type=s.discretion_type
    )
