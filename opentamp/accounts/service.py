"""Accounts (docs/product.md#screens-and-routes to #validation, docs/architecture.md#transport):
opening an account, the account as each screen reads it, financial accounts, and the user's
settings.

Opening (开户) is two calls. ``prepareBindAccount`` checks the form (document number with its
check digit, a name matching the document, an adult, occupation and address, the non-US
declaration, both sides of the identity document uploaded and readable) and texts a code to the
reserved phone; ``confirmBindAccount`` with the code opens the account with its default
financial account (默认账户) and the two photos. A broker that does not open accounts
on the platform (``isTampCreateAccount`` false) verifies the identity on its own page instead
of the SMS: ``prepareBindAccount`` answers the verification page's address and the page's
signed ticket confirms.
"""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from opentamp.accounts import repository as repo
from opentamp.accounts import uploads
from opentamp.accounts.errors import (
    AccountAlreadyOpened,
    AccountCloseBlocked,
    ApplicationExpired,
    FinancialAccountLimit,
    FinancialAccountNameInvalid,
    FinancialAccountNotHideable,
    IdentityInvalid,
    IdentityTaken,
    OpenAccountDisabled,
)
from opentamp.accounts.figures import holding_sums
from opentamp.accounts.identity import (
    ADULT_AGE,
    ID_TYPES,
    age_on,
    birth_date_of,
    gender_of,
    identity_problem,
    name_problem,
    normalize_id_no,
)
from opentamp.accounts.schemas import (
    AccountOut,
    AccountSensitiveOut,
    AddressOut,
    ConfirmBindIn,
    FinancialAccountListOut,
    FinancialAccountOut,
    GetAccountOut,
    MockVerifyOut,
    OpenAccountIn,
    Option,
    PrepareBindOut,
    ServiceAccountInfoOut,
    SettingIn,
    SettingOut,
    SubscribeOut,
    TampAccountOut,
)
from opentamp.assets import api as assets_api
from opentamp.auth.api import normalize_phone
from opentamp.config import get_settings
from opentamp.core import caller, signing
from opentamp.core.sms_codes import check_code, send_code
from opentamp.core.tickets import spend_ticket
from opentamp.errors import NotFound
from opentamp.kit.clock import now
from opentamp.kit.masking import mask_id_no, mask_name, mask_phone
from opentamp.kit.ownership import owned
from opentamp.models.accounts import SERVICE_TYPES, Account, FinancialAccount, PaymentMethod
from opentamp.models.auth import AuthToken, BrokerUser
from opentamp.models.holdings import Holding
from opentamp.models.onboarding import AccountApplication
from opentamp.models.preferences import UserSetting
from opentamp.models.wechat import WechatIdentity
from opentamp.rules.profit import HoldingSums
from opentamp.suitability.api import adopt_risk_grade

#: Occupations of the opening form (证券期货投资者适当性 basic information).
OCCUPATIONS = {
    "01": "党政机关、事业单位人员",
    "02": "企业单位人员",
    "03": "金融从业人员",
    "04": "个体工商户、自由职业者",
    "05": "专业技术人员",
    "06": "军人",
    "07": "学生",
    "08": "离退休人员",
    "09": "无业",
    "99": "其他",
}
APPLICATION_TTL = timedelta(minutes=30)
DEFAULT_FINANCIAL_ACCOUNT = "默认账户"
FINANCIAL_ACCOUNT_NAME_MAX = 10
OPEN_ACCOUNT_SMS = "open_account"


# -- opening ----------------------------------------------------------------------------------


def _options(pairs: dict[str, str]) -> list[Option]:
    return [Option(value=k, label=v) for k, v in pairs.items()]


def _account_out(session: Session, account: Account) -> AccountOut:
    has_card = (
        session.scalar(
            select(PaymentMethod.id)
            .where(PaymentMethod.account_id == account.id, PaymentMethod.status == "bound")
            .limit(1)
        )
        is not None
    )
    return AccountOut(
        account_id=account.id,
        account_name=account.name,
        id_type=account.id_type,
        id_type_name=ID_TYPES.get(account.id_type, ""),
        identity_no=mask_id_no(account.id_no),
        phone=mask_phone(account.phone),
        account_type=account.holder_type,
        risk_grade5=account.risk_grade5,
        has_trade_password=bool(account.trade_password_hash),
        has_payment_method=has_card,
        open_date=account.created_at.date(),
    )


def tamp_account(session: Session, *, user: BrokerUser) -> TampAccountOut:
    account = caller.account_of(session, user)
    broker = caller.broker_of(session, user)
    return TampAccountOut(
        has_account=account is not None and account.status != "closed",
        account=_account_out(session, account) if account else None,
        can_open_account=not broker.is_disable_open_account,
        is_tamp_create_account=broker.is_tamp_create_account,
        occupations=_options(OCCUPATIONS),
        id_types=_options(ID_TYPES),
    )


def _check_form(form: OpenAccountIn, id_no: str, today: date) -> None:
    problem = identity_problem(form.id_type, id_no, today=today)
    if problem:
        raise IdentityInvalid(detail=problem)
    name = form.name.strip()
    problem = name_problem(name, id_type=form.id_type)
    if problem:
        raise IdentityInvalid(detail=problem)
    if form.id_type in ("0", "C"):
        born = birth_date_of(id_no)
        if born is None or age_on(born, today) < ADULT_AGE:
            raise IdentityInvalid(detail="开户需年满18周岁")
    if form.occupation not in OCCUPATIONS:
        raise IdentityInvalid(detail="请选择职业")
    if len(form.address.strip()) < 5:
        raise IdentityInvalid(detail="请填写详细的联系地址（省市区及街道门牌）")
    if form.id_valid_until is not None and form.id_valid_until <= today:
        raise IdentityInvalid(detail="证件已过期，请使用有效证件")
    if not form.non_american:
        raise IdentityInvalid(detail="暂不支持美国税收居民线上开户")
    if not form.agree_protocol:
        raise IdentityInvalid(detail="请阅读并同意开户相关协议")
    if not form.id_photo_front or not form.id_photo_back:
        document = "身份证" if form.id_type == "0" else "证件"
        raise IdentityInvalid(detail=f"请上传{document}人像面和国徽面照片")


def _identity_taken(session: Session, *, broker_id: int, id_type: str, id_no: str) -> bool:
    return (
        session.scalar(
            select(Account.id)
            .join(BrokerUser, BrokerUser.id == Account.broker_user_id)
            .where(
                BrokerUser.broker_id == broker_id,
                Account.id_type == id_type,
                Account.id_no == id_no,
                Account.status != "closed",
            )
            .limit(1)
        )
        is not None
    )


def prepare_open_account(
    session: Session, *, user: BrokerUser, form: OpenAccountIn, h5_base: str
) -> PrepareBindOut:
    broker = caller.broker_of(session, user)
    if broker.is_disable_open_account:
        raise OpenAccountDisabled()
    if caller.account_of(session, user) is not None:
        raise AccountAlreadyOpened()
    today = now().date()
    id_no = normalize_id_no(form.id_no)
    _check_form(form, id_no, today)
    if _identity_taken(session, broker_id=broker.id, id_type=form.id_type, id_no=id_no):
        raise IdentityTaken()
    assert form.id_photo_front and form.id_photo_back  # _check_form
    uploads.checked_id_photo_keys(
        session, user=user, front_key=form.id_photo_front, back_key=form.id_photo_back
    )
    phone = normalize_phone(form.phone) if form.phone else user.phone
    data = form.model_dump(mode="json", by_alias=False)
    data.update(name=form.name.strip(), id_no=id_no, address=form.address.strip())
    application = AccountApplication(
        broker_user_id=user.id,
        form=data,
        phone=phone,
        expires_at=now() + APPLICATION_TTL,
    )
    session.add(application)
    session.flush()
    if not broker.is_tamp_create_account:
        return PrepareBindOut(
            bind_id=application.id,
            phone=mask_phone(phone),
            broker_verify_url=f"{h5_base}/mockBrokerVerify?bindId={application.id}",
        )
    ttl = send_code(
        session,
        phone=phone,
        purpose=OPEN_ACCOUNT_SMS,
        subject=str(application.id),
        sender=broker.short_name,
    )
    return PrepareBindOut(bind_id=application.id, phone=mask_phone(phone), expires_in=ttl)


def _ticket_text(application: AccountApplication) -> str:
    return f"broker-verify:{application.id}:{application.broker_user_id}"


def mock_broker_verify(session: Session, *, user: BrokerUser, bind_id: int) -> MockVerifyOut:
    """The local stand-in for the broker's identity verification page: it shows who is being
    verified and signs the ticket the callback brings back."""
    application = owned(session, AccountApplication, bind_id, owner_id=user.id)
    if application.status != "pending" or application.expires_at <= now():
        raise ApplicationExpired()
    broker = caller.broker_of(session, user)
    return MockVerifyOut(
        bind_id=application.id,
        account_name=mask_name(str(application.form["name"])),
        identity_no=mask_id_no(str(application.form["id_no"])),
        broker_name=broker.name,
        broker_ticket=signing.sign(session, _ticket_text(application)),
    )


def confirm_open_account(session: Session, *, user: BrokerUser, body: ConfirmBindIn) -> AccountOut:
    application = session.scalar(
        select(AccountApplication).where(AccountApplication.id == body.bind_id).with_for_update()
    )
    if application is None or application.broker_user_id != user.id:
        owned(session, AccountApplication, None, owner_id=user.id)  # 404
        raise AssertionError  # pragma: no cover
    if application.status == "opened":
        raise AccountAlreadyOpened()
    if application.expires_at <= now():
        raise ApplicationExpired()
    if body.broker_ticket:
        if not signing.verify(session, _ticket_text(application), body.broker_ticket):
            raise ApplicationExpired("券商身份核验未通过，请重新核验")
    else:
        check_code(
            session,
            phone=application.phone,
            purpose=OPEN_ACCOUNT_SMS,
            code=body.verify_code,
            subject=str(application.id),
        )
    if caller.account_of(session, user) is not None:
        raise AccountAlreadyOpened()
    form = application.form
    broker = caller.broker_of(session, user)
    id_type, id_no = str(form["id_type"]), str(form["id_no"])
    if _identity_taken(session, broker_id=broker.id, id_type=id_type, id_no=id_no):
        raise IdentityTaken()
    valid_until = form.get("id_valid_until")
    account = Account(
        broker_user_id=user.id,
        name=str(form["name"]),
        id_type=id_type,
        id_no=id_no,
        holder_type=1,
        phone=application.phone,
        non_american=bool(form.get("non_american")),
        gender=gender_of(id_no) if id_type in ("0", "C") else None,
        birth_date=birth_date_of(id_no) if id_type in ("0", "C") else None,
        nationality=str(form.get("nationality") or "CHN"),
        occupation=str(form["occupation"]),
        address=str(form["address"]),
        id_valid_until=date.fromisoformat(valid_until) if valid_until else None,
        id_photo_front=form.get("id_photo_front"),
        id_photo_back=form.get("id_photo_back"),
    )
    try:
        with session.begin_nested():
            session.add(account)
    except IntegrityError:
        raise AccountAlreadyOpened() from None
    session.add(
        FinancialAccount(
            broker_user_id=user.id,
            account_id=account.id,
            name=DEFAULT_FINANCIAL_ACCOUNT,
            type="default",
        )
    )
    application.status, application.account_id = "opened", account.id

    adopt_risk_grade(session, account)
    session.flush()
    return _account_out(session, account)


# -- the account as screens read it -----------------------------------------------------------


def get_account(session: Session, *, user: BrokerUser) -> GetAccountOut:
    row = repo.account_summary(session, user)
    has_account = row.account_id is not None
    return GetAccountOut(
        account_id=row.account_id,
        account_name=row.name,
        identity_no=mask_id_no(row.id_no) if has_account else None,
        has_pension_account=bool(row.has_pension),
        account_manage=row.max_real_financial_accounts > 1,
        risk_grade5=row.risk_grade5,
        account_type=row.holder_type,
    )


def account_sensitive(session: Session, *, user: BrokerUser) -> AccountSensitiveOut:
    account = caller.require_account(session, user, allow_institution=True)
    today = now().date()
    return AccountSensitiveOut(
        account_id=account.id,
        account_name=mask_name(account.name),
        id_type=account.id_type,
        id_type_name=ID_TYPES.get(account.id_type, ""),
        identity_no=mask_id_no(account.id_no),
        phone=mask_phone(account.phone),
        gender=account.gender,
        nationality=account.nationality,
        occupation=account.occupation,
        occupation_name=OCCUPATIONS.get(account.occupation, ""),
        address=account.address,
        id_valid_until=account.id_valid_until,
        id_long_term=account.id_valid_until is None,
        id_expired=account.id_valid_until is not None and account.id_valid_until < today,
        id_photo_uploaded=bool(account.id_photo_front and account.id_photo_back),
        open_date=account.created_at.date(),
    )


def addresses(session: Session, *, user: BrokerUser) -> list[AddressOut]:
    """The contact addresses on file: the account's (default) — the list a document mailing or
    the anti-money-laundering update offers to choose from."""
    account = caller.require_account(session, user, allow_institution=True)
    if not account.address:
        return []
    return [AddressOut(address=account.address, is_default=True, source="account")]


# -- financial accounts (docs/product.md#screens-and-routes, docs/product.md#entities,
# docs/product.md#validation) ---------------------------------------------------


def _fa_out(
    fa: FinancialAccount,
    sums: dict[int, HoldingSums] | None,
    service_infos: dict[int, dict[str, object]] | None = None,
    pending: dict[int, Decimal] | None = None,
) -> FinancialAccountOut:
    out = FinancialAccountOut(
        financial_account_id=fa.id,
        financial_account_name=fa.name,
        financial_account_type=fa.type,
        real_financial_account=fa.is_real,
        is_hidden=fa.is_hidden,
        is_default=fa.type == "default",
        service_account_info=(
            ServiceAccountInfoOut.model_validate(info)
            if (info := (service_infos or {}).get(fa.id))
            else None
        ),
    )
    if sums is not None:
        s = sums[fa.id]
        out.holding_asset = s.holding_asset
        out.total_asset = s.holding_asset + (pending or {}).get(fa.id, Decimal(0))
        out.holding_profit = s.holding_profit
        out.accumulated_profit = s.accumulated_profit
        out.previous_profit = s.previous_profit
        out.profit_progress = s.profit_progress
        out.update_date = s.update_date
    return out


def financial_account_list(
    session: Session, *, user: BrokerUser, need_asset: bool, account_id: int | None = None
) -> FinancialAccountListOut:
    account = caller.account_of(session, user)
    if account_id is not None and (account is None or account.id != account_id):
        raise NotFound()
    broker = caller.broker_of(session, user)
    if account is None:
        return FinancialAccountListOut(max_financial_accounts=broker.max_real_financial_accounts)
    rows = repo.financial_accounts(session, account.id)
    ids = [r.id for r in rows]
    sums = holding_sums(session, financial_account_ids=ids) if need_asset else None
    pending = (
        assets_api.pending_by_account(session, user_id=user.id, financial_account_ids=ids)
        if need_asset
        else None
    )
    infos = repo.service_account_infos(session, [r.id for r in rows if r.type in SERVICE_TYPES])
    items = [_fa_out(fa, sums, infos, pending) for fa in rows]
    return FinancialAccountListOut(
        has_financial_account=bool(items),
        financial_account_list=items,
        visible_account_list=[i for i in items if not i.is_hidden],
        hidden_account_list=[i for i in items if i.is_hidden],
        max_financial_accounts=broker.max_real_financial_accounts,
        real_financial_account_count=sum(1 for fa in rows if fa.is_real),
    )


def _clean_name(session: Session, account: Account, name: str, *, exclude: int | None) -> str:
    name = name.strip()
    if not name or len(name) > FINANCIAL_ACCOUNT_NAME_MAX:
        raise FinancialAccountNameInvalid(detail=f"账户名称为1-{FINANCIAL_ACCOUNT_NAME_MAX}个字符")
    for fa in repo.financial_accounts(session, account.id):
        if fa.name == name and fa.id != exclude:
            raise FinancialAccountNameInvalid(detail="已有同名的理财账户，请换一个名称")
    return name


def create_financial_account(
    session: Session, *, user: BrokerUser, name: str, type: str
) -> FinancialAccountOut:
    account = caller.require_account(session, user, lock=True)
    if type != "normal":
        raise FinancialAccountNameInvalid(detail="该类型的账户不能在此创建")
    broker = caller.broker_of(session, user)
    held = repo.count_real_financial_accounts(session, account.id)
    if held >= broker.max_real_financial_accounts:
        raise FinancialAccountLimit(n=broker.max_real_financial_accounts, m=held)
    clean = _clean_name(session, account, name, exclude=None)
    last = max((fa.sort_order for fa in repo.financial_accounts(session, account.id)), default=0)
    fa = FinancialAccount(
        broker_user_id=user.id,
        account_id=account.id,
        name=clean,
        type="normal",
        sort_order=last + 1,
    )
    session.add(fa)
    session.flush()
    return _fa_out(fa, None)


def update_financial_account(
    session: Session, *, user: BrokerUser, financial_account_id: int, name: str
) -> FinancialAccountOut:
    account = caller.require_account(session, user)
    fa = owned(session, FinancialAccount, financial_account_id, owner_id=user.id)
    fa.name = _clean_name(session, account, name, exclude=fa.id)
    session.flush()
    return _fa_out(fa, None)


def set_hidden(session: Session, *, user: BrokerUser, changes: list[tuple[int, bool]]) -> None:
    """Hide or show accounts; all or nothing. The default account always shows (it holds the
    wallet and receives what has no other account)."""
    caller.require_account(session, user)
    for fa_id, hidden in changes:
        fa = owned(session, FinancialAccount, fa_id, owner_id=user.id)
        if hidden and fa.type == "default":
            raise FinancialAccountNotHideable()
        fa.is_hidden = hidden
    session.flush()


# -- settings -----------------------------------------------------------------------------------


def user_setting(session: Session, user: BrokerUser) -> UserSetting:
    row = session.get(UserSetting, user.id)
    if row is None:
        row = UserSetting(
            broker_user_id=user.id,
            login_notify=False,
            trade_notify=True,
            profit_notify=True,
            marketing_notify=False,
            personalized_recommend=True,
            hide_amounts=False,
        )
        session.add(row)
        session.flush()
    return row


def _setting_out(row: UserSetting) -> SettingOut:
    return SettingOut.model_validate(row, from_attributes=True)


def get_setting(session: Session, *, user: BrokerUser) -> SettingOut:
    row = session.get(UserSetting, user.id)
    if row is None:
        return SettingOut(
            trade_notify=True,
            profit_notify=True,
            marketing_notify=False,
            personalized_recommend=True,
            hide_amounts=False,
            login_notify=False,
        )
    return _setting_out(row)


def update_setting(session: Session, *, user: BrokerUser, body: SettingIn) -> SettingOut:
    row = user_setting(session, user)
    for field, value in body.model_dump(exclude_none=True, by_alias=False).items():
        setattr(row, field, value)
    session.flush()
    return _setting_out(row)


def official_account(session: Session, *, user: BrokerUser) -> SubscribeOut:
    rows = list(
        session.scalars(
            select(WechatIdentity).where(
                WechatIdentity.broker_user_id == user.id, WechatIdentity.app_type == "oa"
            )
        )
    )
    return SubscribeOut(has_wechat=bool(rows), subscribed=any(r.subscribed for r in rows))


def unsubscribe_official_account(session: Session, *, user: BrokerUser) -> SubscribeOut:
    for row in session.scalars(
        select(WechatIdentity).where(WechatIdentity.broker_user_id == user.id)
    ):
        row.subscribed = False
    session.flush()
    return official_account(session, user=user)


# -- closing ------------------------------------------------------------------------------------


def close_account(session: Session, *, user: BrokerUser, ticket: str) -> None:
    """注销账户: only an account with nothing left in it (no shares, none being redeemed), after
    an ID + SMS check. Cards are unbound, every session ends; the records stay."""
    account = caller.require_account(session, user, allow_institution=True, lock=True)
    holding = session.scalar(
        select(Holding.id).where(Holding.account_id == account.id, Holding.shares > 0).limit(1)
    )
    if holding is not None:
        raise AccountCloseBlocked(detail="您的账户仍有持仓资产，请全部卖出并到账后再注销")
    spend_ticket(session, user_id=user.id, scene="closeAccount", raw=ticket)
    moment = now()
    account.status, account.closed_at = "closed", moment
    for card in repo.bound_cards(session, account.id):
        card.status, card.unbound_at = "unbound", moment
    for token in session.scalars(
        select(AuthToken).where(AuthToken.broker_user_id == user.id, AuthToken.revoked_at.is_(None))
    ):
        token.revoked_at = moment
    session.flush()


def h5_base() -> str:
    return get_settings().h5_prefix
