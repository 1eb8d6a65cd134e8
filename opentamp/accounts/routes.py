from __future__ import annotations

from functools import partial
from typing import Annotated

from fastapi import Depends, File, Form, Query, UploadFile
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from opentamp.accounts import service, uploads
from opentamp.accounts.schemas import (
    AccountOut,
    AccountSensitiveOut,
    AddressOut,
    CloseAccountIn,
    ConfirmBindIn,
    FinancialAccountIn,
    FinancialAccountListOut,
    FinancialAccountOut,
    FinancialAccountUpdateIn,
    GetAccountOut,
    HiddenStatusIn,
    IdPhotosOut,
    MockVerifyIn,
    MockVerifyOut,
    OpenAccountIn,
    PrepareBindOut,
    SettingIn,
    SettingOut,
    SubscribeOut,
    TampAccountOut,
    UploadOut,
)
from opentamp.accounts.trade_password import check_trade_password_first
from opentamp.deps import (
    Bearer,
    CurrentUser,
    ReadSessionDep,
    SessionDep,
    claimed_ids,
    owner_answer,
    remembered_get,
)
from opentamp.kit.envelope import Envelope, api_router, ok
from opentamp.kit.ownership import require_self
from opentamp.kit.params import Id

router = api_router(
    tags=["accounts"],
    dependencies=[Depends(check_trade_password_first), Depends(claimed_ids)],
)

BrokerUserId = Annotated[Id | None, Query(alias="brokerUserId")]
AccountId = Annotated[Id | None, Query(alias="accountId")]


@router.get("/tamp/account")
def tamp_account(user: CurrentUser, session: SessionDep) -> Envelope[TampAccountOut]:
    """Whether the user has opened an account (masked), and the opening form's options."""
    return ok(service.tamp_account(session, user=user))


@router.post("/tamp/account/prepareBindAccount")
def prepare_bind_account(
    body: OpenAccountIn, user: CurrentUser, session: SessionDep
) -> Envelope[PrepareBindOut]:
    """Check the opening form and text a code to the reserved phone (or, for a broker that
    verifies identities itself, answer its verification page)."""
    return ok(
        service.prepare_open_account(session, user=user, form=body, h5_base=service.h5_base())
    )


@router.post("/tamp/account/confirmBindAccount")
def confirm_bind_account(
    body: ConfirmBindIn, user: CurrentUser, session: SessionDep
) -> Envelope[AccountOut]:
    """Open the account with the SMS code (or the broker's verification ticket)."""
    return ok(service.confirm_open_account(session, user=user, body=body))


@router.post("/tamp/account/mockBrokerVerify")
def mock_broker_verify(
    body: MockVerifyIn, user: CurrentUser, session: SessionDep
) -> Envelope[MockVerifyOut]:
    """The local broker's identity verification (mockBrokerVerify page): its signed ticket."""
    return ok(service.mock_broker_verify(session, user=user, bind_id=body.bind_id))


@remembered_get(router, "/account/getAccount", response_model=Envelope[GetAccountOut])
async def get_account(
    session: ReadSessionDep, credentials: Bearer, broker_user_id: BrokerUserId = None
) -> Response:
    """getAccountApi: accountId, identityNo (masked), hasPensionAccount, accountManage."""
    # One of the hottest signed-in reads: answered by data version (owner_answer,
    # remembered_get).
    return await owner_answer(
        session, credentials, broker_user_id, lambda user: service.get_account(session, user=user)
    )


@router.get("/tamp/getAccountSensitive")
def get_account_sensitive(user: CurrentUser, session: SessionDep) -> Envelope[AccountSensitiveOut]:
    """The personal information page: identity, contact and document validity, masked."""
    return ok(service.account_sensitive(session, user=user))


@router.get("/account/getAddressList")
def get_address_list(user: CurrentUser, session: SessionDep) -> Envelope[list[AddressOut]]:
    return ok(service.addresses(session, user=user))


@router.get("/account/getFinancialAccountList")
def get_financial_account_list(
    user: CurrentUser,
    session: SessionDep,
    broker_user_id: BrokerUserId = None,
    account_id: AccountId = None,
    need_asset: Annotated[bool, Query(alias="needAsset")] = False,
) -> Envelope[FinancialAccountListOut]:
    """The financial accounts, visible and hidden; with needAsset each one's figures (sums of
    its holdings, docs/rules.md#profit)."""
    require_self(user.id, broker_user_id)
    return ok(
        service.financial_account_list(
            session, user=user, need_asset=need_asset, account_id=account_id
        )
    )


@router.post("/account/createFinancialAccount")
def create_financial_account(
    body: FinancialAccountIn, user: CurrentUser, session: SessionDep
) -> Envelope[FinancialAccountOut]:
    """A new financial account, within the broker's maximum of real accounts
    (docs/product.md#validation)."""
    return ok(
        service.create_financial_account(
            session, user=user, name=body.financial_account_name, type=body.financial_account_type
        )
    )


@router.put("/account/updateFinancialAccount")
def update_financial_account(
    body: FinancialAccountUpdateIn, user: CurrentUser, session: SessionDep
) -> Envelope[FinancialAccountOut]:
    return ok(
        service.update_financial_account(
            session,
            user=user,
            financial_account_id=body.financial_account_id,
            name=body.financial_account_name,
        )
    )


@router.post("/account/batchUpdateFinancialAccountHiddenStatus")
def batch_update_hidden_status(
    body: HiddenStatusIn, user: CurrentUser, session: SessionDep
) -> Envelope[None]:
    """Hide or show several accounts at once (all or nothing)."""
    service.set_hidden(
        session,
        user=user,
        changes=[(i.financial_account_id, i.is_hidden) for i in body.financial_account_list],
    )
    return ok(None)


@router.get("/account/setting")
def get_setting(user: CurrentUser, session: SessionDep) -> Envelope[SettingOut]:
    return ok(service.get_setting(session, user=user))


@router.post("/account/setting")
def post_setting(body: SettingIn, user: CurrentUser, session: SessionDep) -> Envelope[SettingOut]:
    """Change notification, recommendation and display settings (only the fields sent)."""
    return ok(service.update_setting(session, user=user, body=body))


@router.get("/account/broker/officialAccount/subscribe")
def get_official_account(user: CurrentUser, session: SessionDep) -> Envelope[SubscribeOut]:
    return ok(service.official_account(session, user=user))


@router.delete("/account/broker/officialAccount/subscribe")
def delete_official_account(user: CurrentUser, session: SessionDep) -> Envelope[SubscribeOut]:
    """Stop the official account's message pushes."""
    return ok(service.unsubscribe_official_account(session, user=user))


@router.post("/account/close")
def close_account(body: CloseAccountIn, user: CurrentUser, session: SessionDep) -> Envelope[None]:
    """注销账户 after an ID + SMS check; refused while anything is held."""
    service.close_account(session, user=user, ticket=body.ticket)
    return ok(None)


@router.post("/utils/uploadOssResource")
async def upload_oss_resource(
    user: CurrentUser,
    session: SessionDep,
    file: Annotated[UploadFile, File(description="JPG 或 PNG，不超过5MB")],
    scene: Annotated[str, Form()] = "other",
) -> Envelope[UploadOut]:
    """Upload a picture to the object store; answers its key and a signed URL."""
    data = await file.read(uploads.MAX_BYTES + 1)
    # The picture's check, the object store's write and the row run on a worker thread: on
    # the event loop they would hold every other request of this process until they end.
    row, url = await run_in_threadpool(
        partial(uploads.store, session, user=user, data=data, scene=scene)
    )
    return ok(UploadOut(oss_key=row.key, url=url))


@router.post("/account/antiMoney/upload")
async def anti_money_upload(
    user: CurrentUser,
    session: SessionDep,
    id_front: Annotated[UploadFile, File(alias="idFront", description="证件人像面")],
    id_back: Annotated[UploadFile, File(alias="idBack", description="证件国徽面")],
) -> Envelope[IdPhotosOut]:
    """Both sides of the identity document (反洗钱): 5012 人像面, 5011 国徽面, 5013 both
    unreadable."""
    front = await id_front.read(uploads.MAX_BYTES + 1)
    back = await id_back.read(uploads.MAX_BYTES + 1)
    front_url, back_url = await run_in_threadpool(
        partial(uploads.upload_id_photos, session, user=user, front=front, back=back)
    )
    return ok(IdPhotosOut(front_url=front_url, back_url=back_url))


@router.get("/noauth/oss/object", include_in_schema=False)
def oss_object(
    session: SessionDep,
    key: Annotated[str, Query(max_length=128)],
    expires: Annotated[int, Query()],
    sign: Annotated[str, Query(max_length=64)],
) -> Response:
    """A stored file through its signed, expiring URL (no token: pictures load in img tags)."""
    data, content_type = uploads.read_signed(session, key=key, expires=expires, sign=sign)
    return Response(
        data, media_type=content_type, headers={"Cache-Control": "private, max-age=600"}
    )
