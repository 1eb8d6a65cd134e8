"""Holdings and profit reads (docs/trading.md "Holdings and profit"; docs/api.md#account,
docs/api.md#trade).

``financialAccountId`` is checked against the token's owner (another user's answers 404);
``brokerUserId`` and ``accountId``, which the client adds, must be the owner's too.

These reads are the hottest account calls (the 我的 page and the holdings list). A remembered
answer is served before the route is solved (``deps.remembered_get``: the token and the data
versions in one query on the event loop); otherwise each is answered in one hop to a worker
thread that checks the token (against the token table, as ``CurrentUser`` does), runs the
service and serializes the envelope; FastAPI's own path would take a thread hop per dependency
and validate the answer a second time. The documented answer is the ``response_model``."""

from __future__ import annotations

from datetime import date
from typing import Annotated

from fastapi import Query
from fastapi.responses import Response

from opentamp.assets import grouping, profit_history, returns, schemas, service
from opentamp.assets.grouping import Category, SortKey, SortOrder
from opentamp.deps import Bearer, ReadSessionDep, owner_answer, remembered_get
from opentamp.kit.envelope import Envelope, api_router
from opentamp.kit.params import Id
from opentamp.models.auth import BrokerUser

router = api_router(tags=["assets"])

BrokerUserId = Annotated[Id | None, Query(alias="brokerUserId")]
AccountId = Annotated[Id | None, Query(alias="accountId")]
FinancialAccountId = Annotated[Id, Query(alias="financialAccountId")]
OptionalFinancialAccountId = Annotated[Id | None, Query(alias="financialAccountId")]
ProductCode = Annotated[str, Query(alias="productCode", min_length=1, max_length=16)]
OptionalProductCode = Annotated[str | None, Query(alias="productCode", max_length=16)]
Page = Annotated[int, Query(ge=1, le=10_000, description="页码，从 1 开始")]
Size = Annotated[int, Query(ge=1, le=100)]


@remembered_get(router, "/trade/getShares", response_model=Envelope[list[schemas.ShareRowOut]])
async def get_shares(
    session: ReadSessionDep,
    credentials: Bearer,
    financial_account_id: FinancialAccountId,
    fund_code: Annotated[str | None, Query(alias="fundCode", max_length=16)] = None,
    portfolio_code: Annotated[str | None, Query(alias="portfolioCode", max_length=16)] = None,
    broker_user_id: BrokerUserId = None,
    account_id: AccountId = None,
) -> Response:
    """The account's holding rows (funds, and portfolios' component funds), zero shares
    included."""
    return await owner_answer(
        session,
        credentials,
        broker_user_id,
        lambda user: service.shares(
            session,
            user=user,
            financial_account_id=financial_account_id,
            account_id=account_id,
            fund_code=fund_code,
            portfolio_code=portfolio_code,
        ),
    )


@remembered_get(router, "/trade/getProfits", response_model=Envelope[schemas.ProfitsAnalysisOut])
async def get_profits(
    session: ReadSessionDep,
    credentials: Bearer,
    financial_account_id: OptionalFinancialAccountId = None,
    broker_user_id: BrokerUserId = None,
    account_id: AccountId = None,
    start_date: Annotated[
        date | None, Query(alias="startDate", description="收益分析区间起始日（含）")
    ] = None,
    end_date: Annotated[
        date | None, Query(alias="endDate", description="区间结束日（含），默认最近估值日")
    ] = None,
) -> Response:
    """An account's figures (without financialAccountId, all accounts together); with
    ``startDate`` also the period's simple, time-weighted and money-weighted returns
    (docs/rules.md#returns)."""

    def answer(user: BrokerUser) -> schemas.ProfitsAnalysisOut:
        figures = service.profits(
            session, user=user, financial_account_id=financial_account_id, account_id=account_id
        )
        out = schemas.ProfitsAnalysisOut(**figures.model_dump())
        if start_date is not None:
            out.returns = returns.period_returns(
                session,
                user=user,
                financial_account_id=financial_account_id,
                account_id=account_id,
                start=start_date,
                end=end_date,
            )
        return out

    return await owner_answer(session, credentials, broker_user_id, answer)


@remembered_get(
    router,
    "/trade/getCalendarProfit",
    response_model=Envelope[schemas.MonthProfitOut | schemas.YearProfitOut],
)
async def get_calendar_profit(
    session: ReadSessionDep,
    credentials: Bearer,
    financial_account_id: OptionalFinancialAccountId = None,
    month: Annotated[str | None, Query(description="YYYY-MM，默认本月", max_length=7)] = None,
    year: Annotated[str | None, Query(description="YYYY：按月汇总一年", max_length=4)] = None,
    broker_user_id: BrokerUserId = None,
    account_id: AccountId = None,
) -> Response:
    """The profit calendar: a month's days, or a year's months, each a sum of the daily
    profit rows."""
    return await owner_answer(
        session,
        credentials,
        broker_user_id,
        lambda user: profit_history.calendar_profit(
            session,
            user=user,
            financial_account_id=financial_account_id,
            account_id=account_id,
            month=month,
            year=year,
        ),
    )


@remembered_get(
    router, "/trade/getDailyProfitList", response_model=Envelope[schemas.DailyProfitPageOut]
)
async def get_daily_profit_list(
    session: ReadSessionDep,
    credentials: Bearer,
    financial_account_id: OptionalFinancialAccountId = None,
    page: Page = 1,
    size: Size = grouping.DEFAULT_PAGE_SIZE,
    broker_user_id: BrokerUserId = None,
    account_id: AccountId = None,
) -> Response:
    """Daily profits, newest first (without financialAccountId, all accounts)."""
    return await owner_answer(
        session,
        credentials,
        broker_user_id,
        lambda user: profit_history.daily_profit_page(
            session,
            user=user,
            financial_account_id=financial_account_id,
            account_id=account_id,
            page=page,
            size=size,
        ),
    )


@remembered_get(
    router,
    "/account/getAccountAssetList",
    response_model=Envelope[list[schemas.AccountAssetItemOut]],
)
async def get_account_asset_list(
    session: ReadSessionDep,
    credentials: Bearer,
    broker_user_id: BrokerUserId = None,
) -> Response:
    """Every financial account with its figures (账户详情)."""
    return await owner_answer(
        session,
        credentials,
        broker_user_id,
        lambda user: service.account_asset_list(session, user=user),
    )


@remembered_get(
    router, "/account/getAccountAsset", response_model=Envelope[schemas.AccountAssetOut]
)
async def get_account_asset(
    session: ReadSessionDep,
    credentials: Bearer,
    financial_account_id: OptionalFinancialAccountId = None,
    broker_user_id: BrokerUserId = None,
    account_id: AccountId = None,
) -> Response:
    """getProfits plus the purchases awaiting confirmation (当前资产待确认)."""
    return await owner_answer(
        session,
        credentials,
        broker_user_id,
        lambda user: service.account_asset(
            session, user=user, financial_account_id=financial_account_id, account_id=account_id
        ),
    )


@remembered_get(
    router, "/account/getAccountAssetDetailByConfig", response_model=Envelope[schemas.AssetListOut]
)
async def get_account_asset_detail_by_config(
    session: ReadSessionDep,
    credentials: Bearer,
    financial_account_id: FinancialAccountId,
    category: Annotated[Category | None, Query()] = None,
    sort: Annotated[SortKey | None, Query()] = None,
    order: Annotated[SortOrder | None, Query()] = None,
    category_name: Annotated[Category | None, Query(alias="categoryName")] = None,
    sort_type: Annotated[SortKey | None, Query(alias="sortType")] = None,
    sort_directions: Annotated[SortOrder | None, Query(alias="sortDirections")] = None,
    view_type: Annotated[
        grouping.ViewType, Query(alias="viewType", description="ASSET（默认）")
    ] = "ASSET",
    broker_user_id: BrokerUserId = None,
    account_id: AccountId = None,
) -> Response:
    """The holdings list (账户持仓): products grouped by type, filtered by category
    (ALL/FUND/PO/BROKEUP) and sorted (product/holdingAsset/preProfit/holdingProfit/accProfit,
    asc/desc, default holdingAsset desc). The spec's names categoryName, sortType and
    sortDirections are accepted too."""
    return await owner_answer(
        session,
        credentials,
        broker_user_id,
        lambda user: service.asset_list(
            session,
            user=user,
            financial_account_id=financial_account_id,
            account_id=account_id,
            category=category or category_name or "ALL",
            sort=sort or sort_type or "holdingAsset",
            order=order or sort_directions or "desc",
        ),
        financial_account_id=financial_account_id,
    )


@remembered_get(
    router, "/account/getAccountAssetDetail", response_model=Envelope[schemas.AssetDetailOut]
)
async def get_account_asset_detail(
    session: ReadSessionDep,
    credentials: Bearer,
    financial_account_id: FinancialAccountId,
    product_code: ProductCode,
    days: Annotated[int, Query(ge=1, le=3660)] = grouping.DETAIL_TREND_DAYS,
    broker_user_id: BrokerUserId = None,
    account_id: AccountId = None,
) -> Response:
    """One product of the account: its item, share rows, trend of the last ``days`` and its
    orders."""
    return await owner_answer(
        session,
        credentials,
        broker_user_id,
        lambda user: service.asset_detail(
            session,
            user=user,
            financial_account_id=financial_account_id,
            product_code=product_code,
            account_id=account_id,
            days=days,
        ),
    )


@remembered_get(
    router,
    "/account/getAccumulatedProfitTrend",
    response_model=Envelope[list[schemas.AccumulatedPointOut]],
)
async def get_accumulated_profit_trend(
    session: ReadSessionDep,
    credentials: Bearer,
    financial_account_id: OptionalFinancialAccountId = None,
    product_code: OptionalProductCode = None,
    days: Annotated[int, Query(ge=1, le=3660, description="30、90、180 或 365")] = 30,
    broker_user_id: BrokerUserId = None,
    account_id: AccountId = None,
) -> Response:
    """Accumulated profit by day over the last 30, 90, 180 or 365 days."""
    return await owner_answer(
        session,
        credentials,
        broker_user_id,
        lambda user: profit_history.accumulated_trend(
            session,
            user=user,
            financial_account_id=financial_account_id,
            account_id=account_id,
            product_code=product_code,
            days=days,
        ),
    )


@remembered_get(
    router, "/account/getProfitDetail", response_model=Envelope[schemas.DailyProfitPageOut]
)
async def get_profit_detail(
    session: ReadSessionDep,
    credentials: Bearer,
    financial_account_id: FinancialAccountId,
    product_code: OptionalProductCode = None,
    page: Page = 1,
    size: Size = grouping.DEFAULT_PAGE_SIZE,
    broker_user_id: BrokerUserId = None,
    account_id: AccountId = None,
) -> Response:
    """Daily profits of the account, or of one of its products, newest first."""
    return await owner_answer(
        session,
        credentials,
        broker_user_id,
        lambda user: profit_history.daily_profit_page(
            session,
            user=user,
            financial_account_id=financial_account_id,
            account_id=account_id,
            product_code=product_code,
            page=page,
            size=size,
        ),
    )


@remembered_get(
    router, "/account/getClearOutAssetList", response_model=Envelope[list[schemas.ClearedAssetOut]]
)
async def get_clear_out_asset_list(
    session: ReadSessionDep,
    credentials: Bearer,
    financial_account_id: OptionalFinancialAccountId = None,
    broker_user_id: BrokerUserId = None,
    account_id: AccountId = None,
) -> Response:
    """Products sold out (已清仓) with their accumulated profit, last cleared first: of the
    financial account asked for, or without one of all the user's accounts."""
    return await owner_answer(
        session,
        credentials,
        broker_user_id,
        lambda user: service.clear_out_list(
            session, user=user, financial_account_id=financial_account_id, account_id=account_id
        ),
    )


@remembered_get(
    router, "/account/holdingAssets/riskLevel", response_model=Envelope[schemas.HoldingRiskOut]
)
async def get_holding_assets_risk_level(
    session: ReadSessionDep,
    credentials: Bearer,
    financial_account_id: OptionalFinancialAccountId = None,
    broker_user_id: BrokerUserId = None,
    account_id: AccountId = None,
) -> Response:
    """Holdings whose risk level is above the investor's grade (asset risk mismatch)."""
    return await owner_answer(
        session,
        credentials,
        broker_user_id,
        lambda user: service.holdings_above_grade(
            session, user=user, financial_account_id=financial_account_id, account_id=account_id
        ),
    )
