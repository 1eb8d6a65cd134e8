"""The trade calls of docs/trading.md: thin routes over estimates, buying, selling, cancelling
and orders."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import Depends, Query, Response

from opentamp.accounts.api import check_trade_password_first, compare_before_transaction
from opentamp.deps import (
    Bearer,
    CurrentUser,
    ReadSessionDep,
    SessionDep,
    claimed_ids,
    one_hop_post,
    owner_answer,
    remembered_get,
)
from opentamp.kit.envelope import Envelope, api_router, ok
from opentamp.kit.params import Id
from opentamp.kit.schema import AmountIn, RatioIn, SharesIn
from opentamp.trading import (
    buying,
    cancelling,
    estimates,
    order_lists,
    orders,
    placing,
    rebalance,
    selling,
)
from opentamp.trading.convert import (
    adjust_super_wallet,
    cancel_convert,
    convert_fund,
    prepare_convert,
)
from opentamp.trading.schemas import (
    AdjustPoShareIn,
    BuyFundIn,
    BuyPoIn,
    BuyVerifyCodeCheckIn,
    BuyVerifyCodeCheckOut,
    BuyVerifyCodeSendIn,
    BuyVerifyCodeSentOut,
    CancelOrderIn,
    ConvertCancelIn,
    ConvertIn,
    ConvertPrepareOut,
    DividendMethodIn,
    DividendMethodOut,
    FeeEstimateOut,
    OpenWalletIn,
    OpenWalletOut,
    OrderConditionsOut,
    OrderOut,
    OrderPageOut,
    PoAdjustmentSummaryOut,
    PrepareBuyPoOut,
    PrepareRedeemPoOut,
    RechargeWalletIn,
    RedeemFundEstimateOut,
    RedeemFundIn,
    RedeemPoIn,
    RedeemWalletIn,
    SuperWalletAdjustIn,
    TradeDateOut,
    WalletAssetOut,
    WalletShareOut,
    WalletTypeOut,
)

router = api_router(
    tags=["trading"],
    dependencies=[Depends(check_trade_password_first), Depends(claimed_ids)],
)

FundCode = Annotated[str, Query(alias="fundCode", min_length=1, max_length=16)]
PoCode = Annotated[str, Query(alias="poCode", min_length=1, max_length=16)]
FinancialAccountId = Annotated[Id, Query(alias="financialAccountId")]


# -- buying ------------------------------------------------------------------------------------


@router.get("/trade/estimateBuyFundFee")
def estimate_buy_fund_fee(
    user: CurrentUser, session: SessionDep, fund_code: FundCode, amount: AmountIn
) -> Envelope[FeeEstimateOut]:
    """The fee, net amount and dates of a fund purchase of ``amount`` placed now."""
    return ok(estimates.estimate_buy_fund_fee(session, fund_code=fund_code, amount=amount))


@router.get("/trade/prepareBuyPo")
def prepare_buy_po(
    user: CurrentUser, session: SessionDep, po_code: PoCode, amount: AmountIn
) -> Envelope[PrepareBuyPoOut]:
    """How a portfolio purchase splits into fund purchases, with each one's fee."""
    return ok(estimates.prepare_buy_po(session, po_code=po_code, amount=amount))


@router.get("/trade/getTradeDate")
def get_trade_date(
    user: CurrentUser,
    session: SessionDep,
    product_code: Annotated[str, Query(alias="productCode", min_length=1, max_length=16)],
) -> Envelope[TradeDateOut]:
    """T, confirmation, first profit and (to the card) redemption arrival of an order now."""
    return ok(estimates.get_trade_date(session, product_code=product_code))


@one_hop_post(
    router,
    "/trade/buyFund",
    body=BuyFundIn,
    before=compare_before_transaction,
    write=lambda session, user, body: buying.buy_fund(session, user=user, body=body),
)
def buy_fund(body: BuyFundIn, user: CurrentUser, session: SessionDep) -> Envelope[OrderOut]:
    """Buy a fund, paid by card (022) or from the wallet (W04). Served in one worker-thread
    hop (``deps.OneHopWrite``): this is the path of what that leaves to the route."""
    return ok(buying.buy_fund(session, user=user, body=body))


@router.post("/trade/buyPo")
def buy_po(body: BuyPoIn, user: CurrentUser, session: SessionDep) -> Envelope[OrderOut]:
    """Buy a portfolio: the P02 parent with one child purchase per component fund."""
    return ok(buying.buy_po(session, user=user, body=body))


@router.post("/trade/openWallet")
def open_wallet(
    body: OpenWalletIn, user: CurrentUser, session: SessionDep
) -> Envelope[OpenWalletOut]:
    return ok(
        buying.open_wallet(session, user=user, financial_account_id=body.financial_account_id)
    )


@router.post("/trade/rechargeWallet")
def recharge_wallet(
    body: RechargeWalletIn, user: CurrentUser, session: SessionDep
) -> Envelope[OrderOut]:
    """Recharge the wallet from a card (W01)."""
    return ok(buying.recharge_wallet(session, user=user, body=body))


# -- selling and cancelling --------------------------------------------------------------------


@router.post("/trade/redeemFundByFundCode")
def redeem_fund(body: RedeemFundIn, user: CurrentUser, session: SessionDep) -> Envelope[OrderOut]:
    """Redeem shares of a fund held directly (024), to the card or the wallet."""
    return ok(selling.redeem_fund(session, user=user, body=body))


@router.get("/trade/estimateRedeemFundFee")
def estimate_redeem_fund_fee(
    user: CurrentUser,
    session: SessionDep,
    financial_account_id: FinancialAccountId,
    fund_code: FundCode,
    shares: SharesIn,
) -> Envelope[RedeemFundEstimateOut]:
    """What redeeming ``shares`` of a fund held directly would pay now: gross, the redemption
    fee by each lot's holding period, and the net amount, at the latest NAV."""
    return ok(
        selling.estimate_redeem_fund(
            session,
            user=user,
            financial_account_id=financial_account_id,
            fund_code=fund_code,
            shares=shares,
        )
    )


@router.get("/trade/prepareRedeemPo")
def prepare_redeem_po(
    user: CurrentUser,
    session: SessionDep,
    financial_account_id: FinancialAccountId,
    po_code: PoCode,
    ratio: RatioIn,
) -> Envelope[PrepareRedeemPoOut]:
    """What selling ``ratio`` of a portfolio would redeem, estimated at the latest NAVs."""
    return ok(
        selling.prepare_redeem_po(
            session,
            user=user,
            financial_account_id=financial_account_id,
            po_code=po_code,
            ratio=ratio,
        )
    )


@router.post("/trade/redeemPo")
def redeem_po(body: RedeemPoIn, user: CurrentUser, session: SessionDep) -> Envelope[OrderOut]:
    """Sell a ratio of a portfolio: the P03 parent with one 024 per component."""
    return ok(selling.redeem_po(session, user=user, body=body))


@router.post("/trade/redeemWallet")
def redeem_wallet(
    body: RedeemWalletIn, user: CurrentUser, session: SessionDep
) -> Envelope[OrderOut]:
    """Withdraw from the wallet: normal (W02, T+1) or fast (W03, at once, capped daily)."""
    return ok(selling.redeem_wallet(session, user=user, body=body))


@router.post("/trade/cancelFundOrder")
def cancel_fund_order(
    body: CancelOrderIn, user: CurrentUser, session: SessionDep
) -> Envelope[OrderOut]:
    """Cancel a fund or wallet order before the cut-off of its trade date."""
    return ok(cancelling.cancel_fund_order(session, user=user, body=body))


@router.post("/trade/cancelPoOrder")
def cancel_po_order(
    body: CancelOrderIn, user: CurrentUser, session: SessionDep
) -> Envelope[OrderOut]:
    """Cancel a portfolio order and all its children before the cut-off."""
    return ok(cancelling.cancel_po_order(session, user=user, body=body))


@router.post("/trade/setFundDividendMethod")
def set_fund_dividend_method(
    body: DividendMethodIn, user: CurrentUser, session: SessionDep
) -> Envelope[DividendMethodOut]:
    return ok(cancelling.set_dividend_method(session, user=user, body=body))


# -- rebalancing (P04) ----------------------------------------------------------------------------


@router.get("/trade/getPoAdjustmentSummary")
def get_po_adjustment_summary(
    user: CurrentUser,
    session: SessionDep,
    financial_account_id: FinancialAccountId,
    po_code: PoCode,
) -> Envelope[PoAdjustmentSummaryOut]:
    """What rebalancing the holder's portfolio to the model's current weights would do."""
    return ok(
        rebalance.get_po_adjustment_summary(
            session, user=user, financial_account_id=financial_account_id, po_code=po_code
        )
    )


@router.post("/trade/adjustPoShare")
def adjust_po_share(
    body: AdjustPoShareIn, user: CurrentUser, session: SessionDep
) -> Envelope[OrderOut]:
    """Rebalance a portfolio: the P04 parent over sells (024) and the buys they pay (022)."""
    return ok(rebalance.adjust_po_share(session, user=user, body=body))


# -- orders ----------------------------------------------------------------------------------------


async def _orders(
    session: ReadSessionDep,
    credentials: Bearer,
    financial_account_id: Annotated[Id | None, Query(alias="financialAccountId")] = None,
    order_type: Annotated[placing.OrderType, Query(alias="type")] = "all",
    product_code: Annotated[str | None, Query(alias="productCode", max_length=16)] = None,
    order_code: Annotated[str | None, Query(alias="orderCode", max_length=4)] = None,
    page: Annotated[int, Query(ge=1, le=10_000)] = 1,
    size: Annotated[int, Query(ge=1, le=100)] = 10,
) -> Response:
    """A hot signed-in read, answered by data version (owner_answer, remembered_get)."""
    return await owner_answer(
        session,
        credentials,
        None,
        lambda user: orders.get_all_orders(
            session,
            user=user,
            financial_account_id=financial_account_id,
            order_type=order_type,
            product_code=product_code,
            page=page,
            size=size,
            order_code=order_code,
        ),
    )


@remembered_get(router, "/trade/getAllOrders", response_model=Envelope[OrderPageOut])
async def get_all_orders(answer: Annotated[Response, Depends(_orders)]) -> Response:
    """The user's orders, newest first (page 1-based, list at data.content); ``type`` all,
    buy, sell or ing (still cancellable or waiting); ``orderCode`` one business code (143
    dividends, P04 adjustments)."""
    return answer


@remembered_get(router, "/uniteOrder/list", response_model=Envelope[OrderPageOut])
async def unite_order_list(answer: Annotated[Response, Depends(_orders)]) -> Response:
    """The unified order list: the same feed as getAllOrders."""
    return answer


@router.get("/trade/getOrderDetail")
def get_order_detail(
    user: CurrentUser,
    session: SessionDep,
    broker_order_no: Annotated[str, Query(alias="brokerOrderNo", min_length=1, max_length=32)],
) -> Envelope[OrderOut]:
    """One order with its children (a portfolio order's fund orders)."""
    return ok(orders.get_order_detail(session, user=user, broker_order_no=broker_order_no))


@router.get("/account/getUserWalletType")
def get_user_wallet_type(user: CurrentUser, session: SessionDep) -> Envelope[WalletTypeOut]:
    """WALLET or SUPER_WALLET (isSuperWalletUser)."""
    return ok(cancelling.wallet_type(session, user=user))


TargetQ = Annotated[str | None, Query(alias="targetFundCode", max_length=16)]


@router.get("/trade/convert/prepare")
def convert_prepare(
    user: CurrentUser,
    session: SessionDep,
    fund_code: FundCode,
    financial_account_id: Annotated[Id, Query(alias="financialAccountId")],
    target_fund_code: TargetQ = None,
    shares: SharesIn | None = None,
) -> Envelope[ConvertPrepareOut]:
    """What converting the account's holding of ``fundCode`` can do now: its available
    shares and limits, T and the confirm date, the funds of the same company it may become
    and, with ``targetFundCode`` and ``shares``, the estimated fees and amount."""
    return ok(
        prepare_convert(
            session,
            user=user,
            financial_account_id=financial_account_id,
            fund_code=fund_code,
            target_fund_code=target_fund_code or None,
            shares=shares,
        )
    )


@router.post("/trade/convert/do")
def convert_do(body: ConvertIn, user: CurrentUser, session: SessionDep) -> Envelope[OrderOut]:
    """Convert shares of a fund into another fund of the same company (036: a redemption 024
    and the purchase 022 it pays, both priced at T)."""
    return ok(convert_fund(session, user=user, body=body))


@router.post("/trade/convert/cancel")
def convert_cancel(
    body: ConvertCancelIn, user: CurrentUser, session: SessionDep
) -> Envelope[OrderOut]:
    """Cancel a waiting conversion before the cut-off of its trade date."""
    return ok(cancel_convert(session, user=user, body=body))


@router.post("/trade/superWallet/adjust")
def super_wallet_adjust(
    body: SuperWalletAdjustIn, user: CurrentUser, session: SessionDep
) -> Envelope[OrderOut]:
    """Move wallet money between two money-market funds of the super wallet (036, no fee)."""
    return ok(adjust_super_wallet(session, user=user, body=body))


FinancialAccountQ = Annotated[Id | None, Query(alias="financialAccountId")]


ProductQ = Annotated[str | None, Query(alias="productCode", max_length=16)]


StatusQ = Annotated[order_lists.StatusFilter, Query(alias="orderStatus")]


PageQ = Annotated[int, Query(ge=1, le=10_000)]


SizeQ = Annotated[int, Query(ge=1, le=100)]


@router.get("/uniteOrder/walletOrders")
def wallet_orders(
    user: CurrentUser,
    session: SessionDep,
    financial_account_id: FinancialAccountQ = None,
    order_type: Annotated[order_lists.WalletOrderType, Query(alias="type")] = "all",
    status: StatusQ = "all",
    page: PageQ = 1,
    size: SizeQ = 10,
) -> Envelope[OrderPageOut]:
    """The wallet's orders, newest first (page 1-based, list at data.content): recharges
    (W01), withdrawals (W02, W03), purchases paid from the wallet (W04, W11) and portfolio
    purchases paid from it (P02); ``type`` recharge, withdraw or buy narrows them."""
    return ok(
        order_lists.wallet_order_page(
            session,
            user=user,
            financial_account_id=financial_account_id,
            order_type=order_type,
            status=status,
            page=page,
            size=size,
        )
    )


@router.get("/uniteOrder/dividends")
def dividend_orders(
    user: CurrentUser,
    session: SessionDep,
    financial_account_id: FinancialAccountQ = None,
    product_code: ProductQ = None,
    page: PageQ = 1,
    size: SizeQ = 10,
) -> Envelope[OrderPageOut]:
    """Dividends paid or reinvested (143) and dividend-method changes (029), newest first."""
    return ok(
        order_lists.order_page(
            session,
            user=user,
            financial_account_id=financial_account_id,
            codes=order_lists.DIVIDEND_CODES,
            product_code=product_code,
            page=page,
            size=size,
        )
    )


@router.get("/uniteOrder/rebalances")
def rebalance_orders(
    user: CurrentUser,
    session: SessionDep,
    financial_account_id: FinancialAccountQ = None,
    product_code: ProductQ = None,
    status: StatusQ = "all",
    page: PageQ = 1,
    size: SizeQ = 10,
) -> Envelope[OrderPageOut]:
    """Portfolio adjustments (P04), each with its child redemptions and purchases."""
    return ok(
        order_lists.order_page(
            session,
            user=user,
            financial_account_id=financial_account_id,
            codes=order_lists.REBALANCE_CODES,
            status=status,
            product_code=product_code,
            page=page,
            size=size,
        )
    )


@router.get("/uniteOrder/conditions")
def unite_order_conditions(
    user: CurrentUser, session: SessionDep, financial_account_id: FinancialAccountQ = None
) -> Envelope[OrderConditionsOut]:
    """The filters of the unified order list: types (全部 买入 卖出 充值 取现 分红 调仓 with
    their business codes), statuses (进行中 成功 失败 已撤单 with their confirmStatus values)
    and the products the user has orders of (the wallet first, then portfolios, then funds)."""
    return ok(
        order_lists.order_conditions(session, user=user, financial_account_id=financial_account_id)
    )


@router.get("/trade/getSuperWalletOrders")
def get_super_wallet_orders(
    user: CurrentUser,
    session: SessionDep,
    broker_user_id: Annotated[Id | None, Query(alias="brokerUserId")] = None,
    account_id: Annotated[Id | None, Query(alias="accountId")] = None,
    financial_account_id: FinancialAccountQ = None,
    page: Annotated[int, Query(ge=0, le=10_000)] = 0,
    size: SizeQ = 10,
    need_whole_order: Annotated[bool, Query(alias="needWholeOrder")] = False,
    order_data_type: Annotated[Literal["noAdjust", "all"], Query(alias="orderDataType")] = (
        "noAdjust"
    ),
) -> Envelope[list[OrderOut]]:
    """The wallet's orders as the super wallet's list: page 0-based, the list itself at data
    (docs/api.md#trade). ``brokerUserId``/``accountId`` must be the caller's (404 otherwise).
    ``needWholeOrder`` true keeps a portfolio order's children under it; ``orderDataType``
    noAdjust (the default) and all answer alike: the super wallet's adjustments (036) are
    listed with the fund conversions."""
    return ok(
        order_lists.super_wallet_orders(
            session,
            user=user,
            financial_account_id=financial_account_id,
            page=page,
            size=size,
            need_whole_order=need_whole_order,
        )
    )


@router.get("/trade/superWallet/asset")
def super_wallet_asset(
    user: CurrentUser, session: SessionDep, financial_account_id: FinancialAccountQ = None
) -> Envelope[WalletAssetOut]:
    """The wallet's figures (all the user's accounts, or one), summed over the super wallet's
    funds: holdingAsset, previousProfit, accumulatedProfit, availableAmount (shares − frozen),
    and the wallet fund's latest 7-day annualised yield (yield7d) and 万份收益
    (incomePer10k)."""
    return ok(
        order_lists.wallet_asset(session, user=user, financial_account_id=financial_account_id)
    )


@router.get("/trade/superWallet/shares")
def super_wallet_shares(
    user: CurrentUser, session: SessionDep, financial_account_id: FinancialAccountQ = None
) -> Envelope[list[WalletShareOut]]:
    """The super wallet's holding rows, one per financial account and fund the user holds
    (the wallet fund and the superWallet shelf's; zero-share rows included)."""
    return ok(
        order_lists.wallet_shares(session, user=user, financial_account_id=financial_account_id)
    )


@router.post("/trade/buyVerifyCode/send")
def buy_verify_code_send(
    body: BuyVerifyCodeSendIn, user: CurrentUser, session: SessionDep
) -> Envelope[BuyVerifyCodeSentOut]:
    """Text a trade verify code to the account's phone (accounts verifying trades by
    password and SMS only); one a minute, ten a day per phone (429 beyond)."""
    return ok(
        order_lists.send_buy_verify_code(
            session, user=user, financial_account_id=body.financial_account_id
        )
    )


@router.post("/trade/buyVerifyCode/check")
def buy_verify_code_check(
    body: BuyVerifyCodeCheckIn, user: CurrentUser, session: SessionDep
) -> Envelope[BuyVerifyCodeCheckOut]:
    """Check (and spend) the trade verify code: ``{passed: true, ticket}``, or 50108 wrong,
    50110 expired, 50109 locked."""
    return ok(order_lists.check_buy_verify_code(session, user=user, code=body.code))
