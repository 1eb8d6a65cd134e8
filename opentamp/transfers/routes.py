"""The transfer-in calls of docs/transfers.md#calls: ``/transfer/external/*`` (recognition,
applications, the template), ``/transfer/aip``, ``/transfer/poRestore``, the profit history
(``/transfer/preProcessProfits``, ``/transfer/uploadProfits``) and the offline adviser
relation (``/offline/transfer/relation/*``)."""

from __future__ import annotations

from typing import Annotated
from urllib.parse import quote

from fastapi import Depends, File, Query, UploadFile
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from opentamp.deps import CurrentUser, SessionDep, claimed_ids
from opentamp.kit.envelope import Envelope, api_router, ok
from opentamp.kit.params import Id
from opentamp.transfers import recognition, service
from opentamp.transfers.schemas import (
    AipOut,
    ApplicationOut,
    FundHitOut,
    PoRestoreIn,
    PoRestoreOut,
    ProfitPreviewOut,
    RecognitionOut,
    RelationBindIn,
    RelationOut,
    TemplateEmailIn,
    TemplateEmailOut,
    TransferCancelIn,
    TransferSubmitIn,
    TransferTextIn,
    UploadProfitsIn,
)

router = api_router(tags=["transfers"], dependencies=[Depends(claimed_ids)])

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
ApplicationId = Annotated[Id | None, Query(alias="applicationId")]


@router.get("/transfer/external/list")
def external_list(
    user: CurrentUser,
    session: SessionDep,
    application_id: ApplicationId = None,
    broker_order_no: Annotated[str | None, Query(alias="brokerOrderNo", max_length=32)] = None,
) -> Envelope[list[ApplicationOut]]:
    """The user's transfer-in applications, newest first; one with ``applicationId``, or the one
    of a transfer-in order with ``brokerOrderNo``."""
    if broker_order_no:
        return ok([service.order_application(session, user=user, order_no=broker_order_no)])
    return ok(service.applications(session, user=user, application_id=application_id))


@router.post("/transfer/external/uploadFile")
async def upload_file(
    user: CurrentUser,
    session: SessionDep,
    file: Annotated[UploadFile, File(description="CSV 或 Excel（.xlsx），不超过2MB")],
) -> Envelope[RecognitionOut]:
    """Read a holdings table in the template's columns; unknown funds are flagged rows."""
    data = await file.read(recognition.MAX_FILE_BYTES + 1)
    # Parsing a workbook of up to 2MB, and the OCR below, run on a worker thread: on the event
    # loop they would hold every other request of this process until they end.
    rows = await run_in_threadpool(recognition.read_file, session, data)
    return ok(service.recognition_out("file", rows))


@router.post("/transfer/external/uploadImage")
async def upload_image(
    user: CurrentUser,
    session: SessionDep,
    file: Annotated[UploadFile, File(description="持仓页截图，JPG 或 PNG，不超过5MB")],
) -> Envelope[RecognitionOut]:
    """Read a screenshot of another app's holdings page by local OCR."""
    data = await file.read(recognition.MAX_IMAGE_BYTES + 1)
    rows = await run_in_threadpool(recognition.read_image, session, data)
    return ok(service.recognition_out("image", rows))


@router.post("/transfer/external/uploadText")
def upload_text(
    user: CurrentUser, session: SessionDep, body: TransferTextIn
) -> Envelope[RecognitionOut]:
    """Read pasted text: one holding a line (code, name, shares, cost)."""
    return ok(service.recognition_out("text", recognition.read_text(session, body.text)))


@router.get("/transfer/external/searchFund")
def search_fund(
    user: CurrentUser,
    session: SessionDep,
    keyword: Annotated[str, Query(max_length=32)] = "",
) -> Envelope[list[FundHitOut]]:
    """Catalogue funds by code or name, to add a holding by hand."""
    return ok(service.search_funds(session, keyword=keyword))


@router.post("/transfer/external/submit")
def submit(
    user: CurrentUser, session: SessionDep, body: TransferSubmitIn
) -> Envelope[ApplicationOut]:
    """Submit the checked rows as one application into a financial account."""
    return ok(
        service.submit(
            session,
            user=user,
            financial_account_id=body.financial_account_id,
            source=body.source,
            source_platform=body.source_platform,
            items=body.items,
        )
    )


@router.post("/transfer/external/cancel")
def cancel(
    user: CurrentUser, session: SessionDep, body: TransferCancelIn
) -> Envelope[ApplicationOut]:
    """Withdraw an application the registrar has not taken up yet (APPLYING → CLOSED)."""
    return ok(service.cancel(session, user=user, application_id=body.application_id))


@router.get(
    "/transfer/external/formExport",
    response_class=Response,
    responses={200: {"content": {XLSX: {"schema": {"type": "string", "format": "binary"}}}}},
)
def form_export(
    user: CurrentUser, session: SessionDep, application_id: ApplicationId = None
) -> Response:
    """The template (without ``applicationId``) or an application's rows, as an .xlsx file."""
    data = service.export_xlsx(session, user=user, application_id=application_id)
    name = "持仓转入模板.xlsx" if application_id is None else f"转入申请{application_id}.xlsx"
    return Response(
        data,
        media_type=XLSX,
        headers={
            "Content-Disposition": f"attachment; filename*=UTF-8''{quote(name)}",
            "Cache-Control": "no-store",
        },
    )


@router.post("/transfer/external/sendTemplateEmail")
def send_template_email(
    user: CurrentUser, session: SessionDep, body: TemplateEmailIn
) -> Envelope[TemplateEmailOut]:
    """Mail the template to the address given (queued in the mail outbox)."""
    return ok(service.send_template(session, user=user, email=body.email))


@router.get("/transfer/aip")
def aip(user: CurrentUser, session: SessionDep) -> Envelope[list[AipOut]]:
    """The transferred funds on which a 定投 can carry on here."""
    return ok(service.aip_candidates(session, user=user))


@router.post("/transfer/poRestore")
def po_restore(user: CurrentUser, session: SessionDep, body: PoRestoreIn) -> Envelope[PoRestoreOut]:
    """Rebuild a portfolio holding from transferred component funds."""
    return ok(
        service.po_restore(
            session, user=user, application_id=body.application_id, po_code=body.po_code
        )
    )


@router.post("/transfer/preProcessProfits")
async def pre_process_profits(
    user: CurrentUser,
    file: Annotated[UploadFile, File(description="收益记录 CSV：日期,收益")],
) -> Envelope[ProfitPreviewOut]:
    """Read a profit history from the other platform for checking."""
    data = await file.read(recognition.MAX_FILE_BYTES + 1)
    return ok(service.preview_profits(data))


@router.post("/transfer/uploadProfits")
def upload_profits(
    user: CurrentUser, session: SessionDep, body: UploadProfitsIn
) -> Envelope[ApplicationOut]:
    """Attach the checked profit history to an application."""
    return ok(
        service.upload_profits(
            session, user=user, application_id=body.application_id, rows=body.rows
        )
    )


@router.post("/offline/transfer/relation/bind")
def relation_bind(
    user: CurrentUser, session: SessionDep, body: RelationBindIn
) -> Envelope[RelationOut]:
    """Bind the customer to an offline shop's adviser by the adviser's invite code."""
    return ok(
        service.bind_relation(
            session, user=user, invite_code=body.invite_code, shop_name=body.shop_name
        )
    )


@router.get("/offline/transfer/relation/get")
def relation_get(user: CurrentUser, session: SessionDep) -> Envelope[RelationOut]:
    """The customer's offline adviser, if bound."""
    return ok(service.relation(session, user=user))
