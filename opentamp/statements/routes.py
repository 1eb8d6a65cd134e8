"""The statement, certificate, profit-book and capital calls (docs/statements.md)."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import Depends, Query, Response

from opentamp.deps import CurrentUser, SessionDep, claimed_ids
from opentamp.kit.envelope import Envelope, api_router, ok
from opentamp.kit.pagination import PageOut
from opentamp.kit.params import Id
from opentamp.statements import books, documents
from opentamp.statements.schemas import (
    CapitalFlowOut,
    CertificationApplyIn,
    CertificationOut,
    CertificationPreviewOut,
    GenerateReportIn,
    Language,
    NetInflowOut,
    ProfitBookOut,
    ReportDetailOut,
    ReportOut,
    ReportType,
    VerifyIn,
    VerifyOut,
)

router = api_router(tags=["statements"], dependencies=[Depends(claimed_ids)])

PDF = "application/pdf"
PDF_RESPONSE: dict[int | str, dict[str, Any]] = {
    200: {"content": {PDF: {"schema": {"type": "string", "format": "binary"}}}}
}
AccountId = Annotated[Id | None, Query(alias="financialAccountId")]
ReportId = Annotated[Id, Query(alias="reportId")]
CertificateId = Annotated[Id, Query(alias="certificateId")]


def _pdf(data: bytes, name: str) -> Response:
    return Response(
        data,
        media_type=PDF,
        headers={
            "Content-Disposition": f"inline; filename*=UTF-8''{quote(name)}",
            "Cache-Control": "private, no-store",
        },
    )


@router.get("/account/getAssetReportList", response_model=Envelope[list[ReportOut]])
def get_asset_report_list(
    user: CurrentUser,
    session: SessionDep,
    financial_account_id: AccountId = None,
    report_type: Annotated[ReportType, Query(alias="reportType")] = "month",
) -> Envelope[list[ReportOut]]:
    """The monthly or yearly statements (对账单) of the user's accounts, newest first."""
    return ok(
        documents.report_list(
            session,
            user=user,
            report_type=report_type,
            financial_account_id=financial_account_id,
            service_accounts=False,
        )
    )


@router.get("/tamp/getAdUserReportList", response_model=Envelope[list[ReportOut]])
def get_ad_user_report_list(
    user: CurrentUser,
    session: SessionDep,
    financial_account_id: AccountId = None,
    report_type: Annotated[ReportType, Query(alias="reportType")] = "month",
) -> Envelope[list[ReportOut]]:
    """The statements of the advisory service accounts, with the six report scopes."""
    return ok(
        documents.report_list(
            session,
            user=user,
            report_type=report_type,
            financial_account_id=financial_account_id,
            service_accounts=True,
        )
    )


@router.post("/account/genAssetReport", response_model=Envelope[ReportDetailOut])
def gen_asset_report(
    user: CurrentUser, session: SessionDep, body: GenerateReportIn
) -> Envelope[ReportDetailOut]:
    """Ask for a statement's PDF (rendered by a task; poll getAssetReport)."""
    return ok(
        documents.generate_report(
            session,
            user=user,
            financial_account_id=body.financial_account_id,
            report_type=body.report_type,
            period=body.period,
            scopes=body.scopes,
        )
    )


@router.get("/account/getAssetReport", response_model=Envelope[ReportDetailOut])
def get_asset_report(
    user: CurrentUser, session: SessionDep, report_id: ReportId
) -> Envelope[ReportDetailOut]:
    return ok(documents.report_detail(session, user=user, report_id=report_id))


@router.get("/account/assetReportFile", response_class=Response, responses=PDF_RESPONSE)
def asset_report_file(user: CurrentUser, session: SessionDep, report_id: ReportId) -> Response:
    """The statement's PDF once it is ready (72203 while it is rendered)."""
    data, name = documents.report_file(session, user=user, report_id=report_id)
    return _pdf(data, name)


@router.get("/asset/certificationPreview", response_model=Envelope[CertificationPreviewOut])
def certification_preview(
    user: CurrentUser,
    session: SessionDep,
    day: Annotated[date | None, Query(alias="date")] = None,
    financial_account_ids: Annotated[
        list[Id] | None, Query(alias="financialAccountIds", max_length=20)
    ] = None,
    language: Annotated[Language, Query()] = "zh",
) -> Envelope[CertificationPreviewOut]:
    """What an asset certificate of the date and accounts would certify."""
    return ok(
        documents.certification_preview(
            session,
            user=user,
            day=day,
            account_ids=financial_account_ids or [],
            language=language,
        )
    )


@router.post("/asset/genAssetCertification", response_model=Envelope[CertificationOut])
def gen_asset_certification(
    user: CurrentUser, session: SessionDep, body: CertificationApplyIn
) -> Envelope[CertificationOut]:
    """Issue an asset certificate (资产证明) as a PDF with its verification code."""
    return ok(
        documents.apply_certification(
            session,
            user=user,
            day=body.date,
            account_ids=body.financial_account_ids,
            language=body.language,
        )
    )


@router.get("/asset/certification", response_model=Envelope[CertificationOut])
def get_certification(
    user: CurrentUser, session: SessionDep, certificate_id: CertificateId
) -> Envelope[CertificationOut]:
    return ok(documents.certification_result(session, user=user, certificate_id=certificate_id))


@router.get("/asset/certificationFile", response_class=Response, responses=PDF_RESPONSE)
def certification_file(
    user: CurrentUser, session: SessionDep, certificate_id: CertificateId
) -> Response:
    data, name = documents.certification_file(session, user=user, certificate_id=certificate_id)
    return _pdf(data, name)


@router.post("/noauth/asset/verifyCertification", response_model=Envelope[VerifyOut])
def verify_certification(session: SessionDep, body: VerifyIn) -> Envelope[VerifyOut]:
    """Anyone holding a certificate checks that it was issued here and is unchanged."""
    return ok(
        documents.verify_certification(session, verify_code=body.verify_code, sha256=body.sha256)
    )


@router.get("/account/getProfitBookDetail", response_model=Envelope[ProfitBookOut])
def get_profit_book_detail(
    user: CurrentUser,
    session: SessionDep,
    year: Annotated[int | None, Query(ge=1990, le=2100)] = None,
    month: Annotated[int | None, Query(ge=1, le=12)] = None,
    financial_account_id: AccountId = None,
) -> Envelope[ProfitBookOut]:
    """The profit book (收益账本): all years, a year's months or a month's days."""
    return ok(
        books.profit_book(
            session, user=user, year=year, month=month, financial_account_id=financial_account_id
        )
    )


@router.get("/account/getCapitalDetail", response_model=Envelope[PageOut[CapitalFlowOut]])
def get_capital_detail(
    user: CurrentUser,
    session: SessionDep,
    month: Annotated[str | None, Query(pattern=r"^\d{4}-\d{2}$")] = None,
    page: Annotated[int, Query(ge=1, le=10_000)] = 1,
    size: Annotated[int, Query(ge=1, le=100)] = 20,
) -> Envelope[PageOut[CapitalFlowOut]]:
    """The card's money in and out (资金明细), newest first."""
    return ok(books.capital_detail(session, user=user, month=month, page=page, size=size))


@router.get("/account/getCapitalNetInflow", response_model=Envelope[NetInflowOut])
def get_capital_net_inflow(
    user: CurrentUser,
    session: SessionDep,
    months: Annotated[int, Query(ge=1, le=36)] = 12,
) -> Envelope[NetInflowOut]:
    """Money in, out and net by month (资金净流入)."""
    return ok(books.net_inflow(session, user=user, months=months))
