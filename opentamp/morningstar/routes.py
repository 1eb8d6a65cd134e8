"""The calls of ``/morningStar/*`` (docs/morningstar.md)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Query

from opentamp.deps import CurrentUser, SessionDep, claimed_ids
from opentamp.kit.envelope import Envelope, api_router, ok
from opentamp.kit.params import Id
from opentamp.morningstar import service
from opentamp.morningstar.schemas import (
    DiagnosisOut,
    MsSurveyDetailOut,
    MsSurveyResultOut,
    MsSurveySubmitIn,
    ProposalBaseOut,
    ProposalConfirmIn,
    ProposalDetailOut,
    ProposalRiskOut,
    StatisticsOut,
)

router = api_router(tags=["morningstar"], dependencies=[Depends(claimed_ids)])

ProposalId = Annotated[Id | None, Query(alias="proposalId")]


@router.get("/morningStar/getSurveyDetail")
def get_survey_detail(user: CurrentUser, session: SessionDep) -> Envelope[MsSurveyDetailOut]:
    """The questionnaire with the user's last answers and the profile they gave."""
    return ok(service.survey_detail(session, user=user))


@router.post("/morningStar/submitSurvey")
def submit_survey(
    user: CurrentUser, session: SessionDep, body: MsSurveySubmitIn
) -> Envelope[MsSurveyResultOut]:
    """Score a complete set of answers and keep them; an incomplete one is refused."""
    return ok(service.submit_survey(session, user=user, body=body))


@router.post("/morningStar/submitDiagnosis")
def submit_diagnosis(user: CurrentUser, session: SessionDep) -> Envelope[DiagnosisOut]:
    """Diagnose the current holdings (the empty answer when there are none)."""
    return ok(service.submit_diagnosis(session, user=user))


@router.get("/morningStar/getLatestDiagnosis")
def get_latest_diagnosis(user: CurrentUser, session: SessionDep) -> Envelope[DiagnosisOut]:
    return ok(service.latest_diagnosis(session, user=user))


@router.get("/morningStar/getDiagnosisStatistics")
def get_diagnosis_statistics(user: CurrentUser, session: SessionDep) -> Envelope[StatisticsOut]:
    """How many diagnoses the user ran and their scores over time."""
    return ok(service.statistics(session, user=user))


@router.get("/morningStar/queryInvestmentProposalBaseInfo")
def query_proposal_base(
    user: CurrentUser, session: SessionDep, proposal_id: ProposalId = None
) -> Envelope[ProposalBaseOut]:
    """The proposal's heading (the latest when no id is given)."""
    return ok(service.proposal_base(session, user=user, proposal_id=proposal_id))


@router.get("/morningStar/queryInvestmentRiskInfo")
def query_proposal_risk(
    user: CurrentUser, session: SessionDep, proposal_id: ProposalId = None
) -> Envelope[ProposalRiskOut]:
    """The proposal's risk level against the investor's grade."""
    return ok(service.proposal_risk(session, user=user, proposal_id=proposal_id))


@router.get("/morningStar/queryInvestmentProposalDetail")
def query_proposal_detail(
    user: CurrentUser, session: SessionDep, proposal_id: ProposalId = None
) -> Envelope[ProposalDetailOut | None]:
    return ok(service.latest_or_proposal(session, user=user, proposal_id=proposal_id))


@router.post("/morningStar/confirmInvestmentProposal")
def confirm_proposal(
    user: CurrentUser, session: SessionDep, body: ProposalConfirmIn
) -> Envelope[ProposalDetailOut]:
    """Confirm the proposal; one above the grade only with acceptRisk."""
    return ok(
        service.confirm_proposal(
            session, user=user, proposal_id=body.proposal_id, accept_risk=body.accept_risk
        )
    )
