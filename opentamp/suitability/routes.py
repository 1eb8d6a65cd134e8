from __future__ import annotations

from typing import Annotated, Literal

from fastapi import Depends, Query

from opentamp.config import get_settings
from opentamp.deps import CurrentUser, SessionDep, claimed_ids
from opentamp.kit.envelope import Envelope, api_router, ok
from opentamp.kit.ownership import require_self
from opentamp.kit.params import Id
from opentamp.suitability import service, surveys
from opentamp.suitability.schemas import (
    AdequacyIn,
    AuthzIn,
    AuthzOut,
    LatestSurveyOut,
    QualifiedOut,
    SubmitIn,
    SurveyBrief,
    SurveyOut,
    SurveyResultOut,
    VerdictOut,
)

router = api_router(tags=["suitability"], dependencies=[Depends(claimed_ids)])
ProductCode = Annotated[str, Query(alias="productCode", min_length=1, max_length=32)]
ProductType = Annotated[str, Query(alias="productType", max_length=16)]


@router.get("/account/getBrokerSurvey")
def get_broker_survey(user: CurrentUser, session: SessionDep) -> Envelope[SurveyOut]:
    """The broker's risk questionnaire, with the user's last answers."""
    return ok(surveys.broker_survey(session, user=user))


@router.post("/account/answerSurvey")
def answer_survey(
    body: SubmitIn, user: CurrentUser, session: SessionDep
) -> Envelope[SurveyResultOut]:
    """Score the answers to riskGrade5 (confirm=false only scores, for the confirmation page);
    the grade is valid two years."""
    return ok(
        surveys.submit(
            session, user=user, survey_id=body.survey_id, answers=body.answers, confirm=body.confirm
        )
    )


@router.get("/account/getLatestSurveyInfo")
def get_latest_survey_info(
    user: CurrentUser,
    session: SessionDep,
    broker_user_id: Annotated[Id | None, Query(alias="brokerUserId")] = None,
) -> Envelope[LatestSurveyOut]:
    """Risk data: grade, date, expiry and whether the expiry prompt is due."""
    require_self(user.id, broker_user_id)
    return ok(surveys.latest_info(session, user=user))


@router.get("/survey/list")
def survey_list(user: CurrentUser, session: SessionDep) -> Envelope[list[SurveyBrief]]:
    return ok(surveys.survey_list(session, user=user))


@router.get("/survey/detail")
def survey_detail(
    user: CurrentUser, session: SessionDep, survey_id: Annotated[Id, Query(alias="surveyId")]
) -> Envelope[SurveyOut]:
    return ok(surveys.survey_detail(session, user=user, survey_id=survey_id))


@router.post("/survey/submit")
def survey_submit(
    body: SubmitIn, user: CurrentUser, session: SessionDep
) -> Envelope[SurveyResultOut]:
    return ok(
        surveys.submit(
            session, user=user, survey_id=body.survey_id, answers=body.answers, confirm=body.confirm
        )
    )


@router.get("/trade/judgeRisk")
def judge_risk(
    user: CurrentUser,
    session: SessionDep,
    product_code: ProductCode,
    product_type: ProductType = "",
    scene: Annotated[Literal["buy", "convert"], Query()] = "buy",
) -> Envelope[VerdictOut]:
    """A product against the investor's grade (docs/rules.md#suitability): match, confirmation
    needed, C1 forbidden (with the refusal of a purchase, or of a conversion into it for
    ``scene`` convert), or survey needed. Nothing is recorded."""
    return ok(
        service.verdict_out(
            session, user=user, product_code=product_code, product_type=product_type, scene=scene
        )
    )


@router.get("/account/adequacy")
def get_adequacy(
    user: CurrentUser,
    session: SessionDep,
    product_code: ProductCode,
    product_type: ProductType = "",
) -> Envelope[VerdictOut]:
    """适当性匹配意见 of a product."""
    return ok(
        service.verdict_out(
            session, user=user, product_code=product_code, product_type=product_type
        )
    )


@router.post("/account/adequacy")
def post_adequacy(body: AdequacyIn, user: CurrentUser, session: SessionDep) -> Envelope[VerdictOut]:
    """The investor confirms the adequacy opinion; an above-grade purchase is recorded."""
    return ok(
        service.confirm_adequacy(
            session,
            user=user,
            product_code=body.product_code,
            product_type=body.product_type,
            confirm=body.confirm,
        )
    )


@router.post("/account/saveAuthzInfo")
def save_authz_info(body: AuthzIn, user: CurrentUser, session: SessionDep) -> Envelope[AuthzOut]:
    """Record a choice about risk above the grade: a purchase (1 confirm, 2 refuse) or a holding
    (1 确认继续持有, 2 我计划自行卖出)."""
    return ok(
        service.save_authz(
            session,
            user=user,
            product_code=body.product_code,
            product_type=body.product_type,
            scene=body.scene,
            status=body.authz_status,
        )
    )


@router.get("/account/getAuthzInfo")
def get_authz_info(
    user: CurrentUser,
    session: SessionDep,
    product_code: ProductCode,
    product_type: ProductType = "",
    scene: Annotated[Literal["PURCHASE", "HOLDING"], Query()] = "PURCHASE",
) -> Envelope[AuthzOut]:
    return ok(
        service.authz(
            session, user=user, product_code=product_code, product_type=product_type, scene=scene
        )
    )


@router.get("/account/qualifiedInvestorUrl")
def qualified_investor_url(user: CurrentUser, session: SessionDep) -> Envelope[QualifiedOut]:
    """Where the qualified-investor statement is signed."""
    return ok(service.qualified_investor(session, user=user, h5_base=get_settings().h5_prefix))


@router.get("/account/getQualifiedInvestorStatus")
def qualified_investor_status(user: CurrentUser, session: SessionDep) -> Envelope[QualifiedOut]:
    """合格投资者: at least 3 000 000 yuan of financial assets."""
    return ok(service.qualified_investor(session, user=user, h5_base=get_settings().h5_prefix))
