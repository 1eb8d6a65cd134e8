/**
 * The route table of docs/product.md#screens-and-routes: every client route, its access level and
 * its page title, in one place. Paths are relative to the H5 base path /h5/{product}-trade-h5.
 *
 * Access (docs/product.md#screens-and-routes "Access levels"):
 * - public:  anyone (the spec's public list, plus /sms, the code-entry step of signing in);
 * - token:   needs a token (a visitor token will do), else the user goes to /empower;
 * - account: needs a logged-in owning account, else the user goes to /identityBinding.
 *
 * `screen` lazily loads the page (every route has one). `needs` names
 * the parameters a page cannot open without (docs/product.md#screens-and-routes).
 */
import type { ComponentType } from 'react'

export type Access = 'public' | 'token' | 'account'

export type ScreenModule = { default: ComponentType }

export interface RouteDef {
  path: string
  access: Access
  title: string
  /** Bottom-tab pages show the tab bar and no back arrow. */
  tab?: boolean
  /** The screen has its own way back (搜索's 取消 beside its box, as fund apps do): the header
   * shows no back arrow, so the page offers one way back, not two. */
  ownBack?: boolean
  /** The query parameters the page cannot open without, each one of its alternatives
   * ('productCode|fundCode'): opened without one, the link is incomplete (链接不完整或已失效). */
  needs?: string[]
  screen: () => Promise<ScreenModule>
  /** A title that depends on the query (the wallet's 取现 on the redeem screen); else `title`. */
  titleFor?: (query: URLSearchParams) => string | undefined
}

/** The title a route shows for this query. */
export const routeTitle = (def: RouteDef, query: URLSearchParams): string =>
  def.titleFor?.(query) ?? def.title

/** The wallet's screens say 充值 and 取现 where a fund's say 买入 and 卖出. */
const isWallet = (q: URLSearchParams) => q.get('productType')?.toLowerCase() === 'wallet'

const P: Access = 'public'
const T: Access = 'token'
const A: Access = 'account'

function route(
  path: string,
  access: Access,
  title: string,
  extra: Partial<RouteDef> & Pick<RouteDef, 'screen'>,
): RouteDef {
  return { path, access, title, ...extra }
}

/** A screen of the shelf's one chunk (features/shelf/pages/index.ts). */
type ShelfPages = typeof import('@/features/shelf/pages')
const shelf = (name: keyof ShelfPages) => (): Promise<ScreenModule> =>
  import('@/features/shelf/pages').then((pages) => ({ default: pages[name] }))
/** The statement screens share one chunk, imported once (features/statements/screens.ts). */
type StatementScreen = keyof typeof import('@/features/statements/screens')
const statements = (name: StatementScreen) => (): Promise<ScreenModule> =>
  import('@/features/statements/screens').then((m) => ({ default: m[name] }))

export const ROUTES: RouteDef[] = [
  // Tabs
  route('home', T, '首页', { tab: true, screen: () => import('@/features/store/pages/home') }),
  route('mine', T, '我的', { tab: true, screen: () => import('@/features/mine/pages/mine') }),

  // Public
  route('landing', P, '欢迎', {
    screen: shelf('landing'),
  }),
  route('disableNotice', P, '服务通知', {
    screen: shelf('disableNotice'),
  }),
  route('app', P, '下载 App', { screen: shelf('appDownload') }),
  route('app/privacy', P, '隐私政策', {
    screen: shelf('appPrivacy'),
  }),
  route('about-us', P, '关于我们', { screen: shelf('aboutUs') }),
  route('app-download', P, '下载 App', {
    screen: shelf('appDownload'),
  }),
  route('login', P, '登录', { screen: () => import('@/features/auth/pages/login') }),
  route('login-sms', P, '短信登录', { screen: () => import('@/features/auth/pages/login-sms') }),
  route('app-login', P, '登录', { screen: () => import('@/features/auth/pages/app-login') }),
  route('privacyHistory', P, '隐私政策历史版本', {
    screen: () => import('@/features/accounts/pages/privacy-history'),
  }),
  route('articleDetail', P, '文章详情', {
    needs: ['articleId|id'],
    screen: () => import('@/features/store/pages/article-detail'),
  }),
  route('noauth/fundAlternatePoolV2', P, '基金备选池', {
    screen: () => import('@/features/products/pages/noauth-fund-alternate-pool-v2'),
  }),
  route('static/complianceFile', P, '合规文件', {
    screen: () => import('@/features/products/pages/compliance-file'),
  }),
  route('algorithm-description', P, '算法说明', {
    screen: () => import('@/features/products/pages/algorithm-description'),
  }),
  route('empower', P, '授权登录', { screen: () => import('@/features/auth/pages/empower') }),
  route('error', P, '出错了', { screen: () => import('@/features/error/pages/error-page') }),

  // Identity and entry
  route('identityBinding', T, '绑定账户', {
    screen: () => import('@/features/accounts/pages/identity-binding'),
  }),
  route('iframe', T, '文档', {
    screen: shelf('documentViewer'),
  }),
  route('outsideChain', T, '外部链接', {
    screen: shelf('documentViewer'),
  }),
  route('richText', T, '详情', {
    needs: ['id'],
    screen: () => import('@/features/products/pages/rich-text-page'),
  }),
  route('member', T, '会员', { screen: () => import('@/features/auth/pages/member/member') }),
  route('sms', P, '短信验证', { screen: () => import('@/features/auth/pages/sms') }),
  route('member/index', T, '会员中心', {
    screen: () => import('@/features/membership/pages/index'),
  }),
  route('member/bindIdCard', T, '绑定身份证', {
    screen: () => import('@/features/membership/pages/bind-id-card'),
  }),
  route('member/richView', T, '会员权益', {
    screen: () => import('@/features/membership/pages/rich-view'),
  }),
  route('member/result', T, '开通结果', {
    screen: () => import('@/features/membership/pages/result'),
  }),
  route('brokerVerifyCallback', T, '券商验证', {
    screen: () => import('@/features/accounts/pages/broker-verify-callback'),
  }),
  route('mockBrokerVerify', T, '券商验证', {
    screen: () => import('@/features/accounts/pages/mock-broker-verify'),
  }),
  route('smsNotReceivedExplain', T, '收不到验证码', {
    screen: () => import('@/features/auth/pages/sms-not-received'),
  }),

  // Financial accounts and holdings
  route('financialAccountManage', A, '理财账户', {
    screen: () => import('@/features/financial-accounts/pages/financial-account-manage'),
  }),
  route('financialAccount', A, '理财账户', {
    needs: ['financialAccountId'],
    screen: () => import('@/features/financial-accounts/pages/financial-account'),
  }),
  route('financialAccountVisibility', A, '管理隐藏账户', {
    screen: () => import('@/features/financial-accounts/pages/financial-account-visibility'),
  }),
  route('financialAccountTips', A, '理财账户说明', {
    screen: () => import('@/features/financial-accounts/pages/financial-account-tips'),
  }),
  route('chooseFinancialAccount', A, '选择理财账户', {
    screen: () => import('@/features/financial-accounts/pages/choose-financial-account'),
  }),
  route('fa/accountHomePage', A, '投顾账户', {
    needs: ['serviceAccountId'],
    screen: () => import('@/features/advisory/pages/account-home-page'),
  }),
  route('advisor/account', A, '投顾账户', {
    needs: ['serviceAccountId'],
    screen: () => import('@/features/robo/pages/account'),
  }),
  route('pension/home', A, '养老金账户', {
    screen: () => import('@/features/pension/pages/pension-home'),
  }),
  route('strategy/seriesAsset', A, '系列资产', {
    needs: ['strategyParentCode'],
    screen: () => import('@/features/targets/pages/series-asset'),
    titleFor: (q) => q.get('pageTitle') || undefined,
  }),
  route('brokeUp-assetsDetail', A, '持仓详情', {
    needs: ['productCode'],
    screen: () => import('@/features/assets/pages/broke-up-assets-detail'),
  }),
  route('assetsDetail', A, '持仓详情', {
    needs: ['productCode'],
    screen: () => import('@/features/assets/pages/assets-detail'),
  }),
  route('accountDetail', A, '账户详情', {
    // its own chunk: the assets feature's index, which 我的 imports, does not carry it
    screen: () => import('@/features/assets/pages/account-detail'),
  }),

  // Signals (docs/signals.md)
  route('poSignalHistory', A, '历史发车', {
    needs: ['poCode|productCode'],
    screen: () => import('@/features/signals/pages/signal-history'),
  }),
  route('poSignalDetail', A, '发车详情', {
    needs: ['poCode|productCode', 'sigId'],
    screen: () => import('@/features/signals/pages/signal-detail'),
  }),
  route('poSignalPlan', A, '跟车计划', {
    needs: ['productCode|poCode'],
    screen: () => import('@/features/signals/pages/signal-plan'),
  }),
  route('signalDepartureDetail', A, '发车详情', {
    needs: ['poCode|productCode', 'sigId'],
    screen: () => import('@/features/signals/pages/signal-detail'),
  }),
  route('signalDepartureHistory', A, '历史发车', {
    needs: ['poCode|productCode'],
    screen: () => import('@/features/signals/pages/signal-history'),
  }),
  route('signalAutoFollowRecord', A, '自动跟车记录', {
    screen: () => import('@/features/signals/pages/follow-history'),
  }),
  route('poSignal/followSetting', A, '跟车设置', {
    needs: ['poCode|productCode'],
    screen: () => import('@/features/signals/pages/follow-setting'),
  }),
  route('poSignal/followHistory', A, '跟车记录', {
    screen: () => import('@/features/signals/pages/follow-history'),
  }),
  route('poSignalList', A, '我的跟车', {
    screen: () => import('@/features/signals/pages/signal-list'),
  }),
  route('poSignalPlanResult', A, '跟车结果', {
    needs: ['poCode|productCode'],
    screen: () => import('@/features/signals/pages/signal-plan-result'),
  }),

  // Adviser content and product information
  route('adviserArticle', T, '投顾文章', {
    needs: ['articleId|id'],
    screen: () => import('@/features/store/pages/adviser-article'),
  }),
  route('productDetail', T, '产品详情', {
    needs: ['productCode|productId'],
    screen: () => import('@/features/products/pages/product-detail'),
  }),
  route('search', T, '搜索', {
    ownBack: true,
    screen: () => import('@/features/store/pages/search'),
  }),
  route('oldPoProductDetail', T, '组合详情', {
    screen: () => import('@/features/products/pages/old-po-product-detail'),
  }),
  route('poProductDetail', T, '组合详情', {
    needs: ['productCode|poCode'],
    screen: () => import('@/features/products/pages/po-product-detail'),
  }),
  route('poArchive', T, '组合档案', {
    needs: ['productCode|poCode'],
    screen: () => import('@/features/products/pages/po-archive'),
  }),
  route('fundProductDetail', T, '基金详情', {
    needs: ['productCode|fundCode'],
    screen: () => import('@/features/products/pages/fund-product-detail'),
  }),
  route('superWalletDetail', T, '超级钱包', {
    screen: () => import('@/features/products/pages/super-wallet-detail'),
  }),
  route('fundAlternatePool', T, '基金备选池', {
    screen: () => import('@/features/products/pages/fund-alternate-pool'),
  }),
  route('fundAlternatePoolV2', T, '基金备选池', {
    screen: () => import('@/features/products/pages/fund-alternate-pool-v2'),
  }),
  route('productDoc', T, '产品资料', {
    needs: ['productCode|fundCode|poCode'],
    screen: () => import('@/features/products/pages/product-doc'),
  }),
  route('historyDoc', T, '历史资料', {
    needs: ['productCode'],
    screen: () => import('@/features/products/pages/history-doc'),
  }),
  route('adjustHistory', T, '调仓历史', {
    needs: ['productCode|poCode'],
    screen: () => import('@/features/products/pages/adjust-history'),
  }),
  route('productManager', T, '基金经理', {
    needs: ['productCode|fundCode'],
    screen: () => import('@/features/products/pages/product-manager'),
  }),
  route('productManagerDetail', T, '基金经理详情', {
    needs: ['managerId'],
    screen: () => import('@/features/products/pages/product-manager-detail'),
  }),
  route('productProfile', T, '产品概况', {
    needs: ['productCode|fundCode'],
    screen: () => import('@/features/products/pages/product-profile'),
  }),
  route('tradeRules', T, '交易规则', {
    needs: ['productCode|fundCode'],
    screen: () => import('@/features/products/pages/trade-rules'),
  }),
  route('newTradeRules', T, '交易规则', {
    needs: ['productCode|poCode'],
    screen: () => import('@/features/products/pages/new-trade-rules'),
  }),
  route('superWalletRules', T, '超级钱包规则', {
    screen: shelf('superWalletRules'),
  }),
  route('targetKeepOnRule', T, '止盈续投规则', {
    screen: () => import('@/features/plans/pages/target-keep-on-rule'),
  }),
  route('productProtocol', T, '产品协议', {
    needs: ['productCode'],
    screen: () => import('@/features/products/pages/product-protocol'),
  }),
  route('protocolList', T, '协议列表', {
    needs: ['productCode|poCode'],
    screen: () => import('@/features/products/pages/protocol-list'),
  }),
  route('organizationInfo', T, '机构信息', {
    needs: ['companyId|productCode'],
    screen: () => import('@/features/products/pages/organization-info'),
  }),
  route('prodReportList', T, '产品报告', {
    needs: ['productCode|fundCode'],
    screen: () => import('@/features/products/pages/prod-report-list'),
  }),
  route('prodReportDetail', T, '报告详情', {
    needs: ['id'],
    screen: () => import('@/features/products/pages/prod-report-detail'),
  }),
  route('reportList', T, '报告列表', {
    needs: ['productCode|fundCode|poCode'],
    screen: () => import('@/features/products/pages/report-list'),
  }),
  route('privateSet/home', A, '私募专区', {
    screen: () => import('@/features/private/pages/private-set-home'),
  }),
  route('privateSet/productDetail', A, '私募产品详情', {
    needs: ['productCode'],
    screen: () => import('@/features/private/pages/private-product-detail'),
  }),
  route('privateSet/investorStatement', A, '合格投资者声明', {
    screen: () => import('@/features/private/pages/investor-statement'),
  }),
  route('privateSet/productProtocol', A, '私募产品协议', {
    needs: ['productCode'],
    screen: () => import('@/features/private/pages/private-product-protocol'),
  }),
  route('dsfofList', T, '定制 FOF', {
    screen: shelf('dsfofList'),
  }),
  route('dsfofDetail', A, '定制 FOF 详情', {
    screen: shelf('dsfofDetail'),
  }),
  route('dsfofRecord', A, '定制 FOF 记录', {
    screen: shelf('dsfofRecord'),
  }),

  // Payment and signing
  route('paymentChannelSigning', A, '支付渠道签约', {
    needs: ['paymentMethodId'],
    screen: () => import('@/features/cards/pages/payment-channel-signing'),
  }),
  route('paymentChannelSigningResult', A, '签约结果', {
    screen: () => import('@/features/cards/pages/payment-channel-signing-result'),
  }),
  route('bankPaymentSigning', A, '银行支付签约', {
    needs: ['paymentMethodId'],
    screen: () => import('@/features/cards/pages/payment-channel-signing'),
  }),
  route('bankPaymentSigningSms', A, '签约短信验证', {
    screen: () => import('@/features/cards/pages/bank-payment-signing-sms'),
  }),
  route('signCapital', A, '资金签约', {
    screen: () => import('@/features/cards/pages/sign-capital'),
  }),
  route('cmbVerifyResult', A, '验证结果', {
    needs: ['serialNo'],
    screen: () => import('@/features/cards/pages/cmb-verify-result'),
  }),
  route('bind-payment-method', A, '绑定银行卡', {
    screen: () => import('@/features/cards/pages/bind-payment-method'),
  }),
  route('verify-sms', A, '短信验证', { screen: () => import('@/features/cards/pages/verify-sms') }),
  route('bindConfirm', A, '确认绑卡', {
    screen: () => import('@/features/cards/pages/bind-confirm'),
  }),
  route('offlinePaymentExplain', A, '线下转账说明', {
    screen: () => import('@/features/cards/pages/offline-payment-explain'),
  }),
  route('offlinePaymentBank', A, '线下转账银行', {
    screen: () => import('@/features/cards/pages/offline-payment-bank'),
  }),
  route('raiseCMBPayment', A, '提升支付限额', {
    screen: () => import('@/features/cards/pages/raise-cmb-payment'),
  }),
  route('paymentLimitRaise', A, '提升支付限额', {
    screen: () => import('@/features/cards/pages/payment-limit-raise'),
  }),
  route('changeBankcardExplain', A, '更换银行卡说明', {
    needs: ['paymentMethodId'],
    screen: () => import('@/features/cards/pages/change-bankcard-explain'),
  }),

  // Non-US taxpayer
  route('nonAmericanSign', A, '非美国税收居民声明', {
    screen: shelf('nonAmericanSign'),
  }),
  route('nonAmericanSignReal', A, '非美国税收居民声明', {
    screen: shelf('nonAmericanSignReal'),
  }),

  // Trading
  route('allot', A, '买入', {
    needs: ['productCode'],
    titleFor: (q) => (isWallet(q) ? '充值' : undefined),
    screen: () => import('@/features/trade/pages/allot'),
  }),
  route('investPlan', A, '定投', {
    needs: ['productCode|investPlanId'],
    screen: () => import('@/features/plans/pages/invest-plan'),
  }),
  route('allot-wallet', A, '充值', {
    screen: () => import('@/features/trade/pages/allot'),
  }),
  route('allotFund', A, '买入', {
    needs: ['productCode'],
    screen: () => import('@/features/trade/pages/allot'),
  }),
  route('redeem', A, '卖出', {
    needs: ['productCode'],
    titleFor: (q) => (isWallet(q) ? '取现' : undefined),
    screen: () => import('@/features/trade/pages/redeem'),
  }),
  route('tradingResult', A, '交易结果', {
    needs: ['brokerOrderNo|orderNo'],
    screen: () => import('@/features/trade/pages/trade-result'),
  }),
  route('orderResult', A, '订单结果', {
    needs: ['brokerOrderNo|orderNo'],
    screen: () => import('@/features/trade/pages/trade-result'),
  }),
  route('tradeResult', A, '交易结果', {
    needs: ['brokerOrderNo|orderNo'],
    screen: () => import('@/features/trade/pages/trade-result'),
  }),
  route('thirdPayResult', A, '支付结果', {
    needs: ['brokerOrderNo|orderNo'],
    screen: () => import('@/features/trade/pages/trade-result'),
  }),
  route('adjustPoShare', A, '组合调仓', {
    needs: ['productCode|poCode'],
    screen: () => import('@/features/trade/pages/adjust-po-share'),
  }),
  route('redeemList', A, '卖出', {
    screen: () => import('@/features/trade/pages/redeem-list'),
  }),
  route('signalRedeem', A, '信号卖出', {
    needs: ['poCode|productCode', 'sigId'],
    screen: () => import('@/features/signals/pages/signal-redeem'),
  }),
  route('redeemManagement', A, '赎回管理', {
    screen: () => import('@/features/trade/pages/redeem-management'),
  }),
  route('redeemAppointment', A, '预约赎回', {
    needs: ['fundCode', 'financialAccountId'],
    screen: () => import('@/features/trade/pages/redeem-appointment'),
  }),
  route('convert/shelf', A, '基金转换', {
    needs: ['fundCode'],
    screen: () => import('@/features/convert/pages/convert-shelf'),
  }),
  route('convert/trade', A, '基金转换', {
    needs: ['fundCode', 'targetFundCode'],
    screen: () => import('@/features/convert/pages/convert-trade'),
  }),
  route('convert/result', A, '转换结果', {
    needs: ['brokerOrderNo'],
    screen: () => import('@/features/convert/pages/convert-result'),
  }),

  // Records and profit
  route('transactionRecord', A, '交易记录', {
    screen: () => import('@/features/trade/pages/transaction-record'),
  }),
  route('transactionRecordV2', A, '交易记录', {
    screen: () => import('@/features/trade/pages/transaction-record'),
  }),
  route('rebalanceRecord', A, '调仓记录', {
    screen: () => import('@/features/trade/pages/rebalance-record'),
  }),
  route('convertTransactionRecord', A, '转换记录', {
    screen: () => import('@/features/convert/pages/convert-record'),
  }),
  route('dividendDetail', A, '分红详情', {
    screen: () => import('@/features/trade/pages/dividend-detail'),
  }),
  route('transactionDetail', A, '交易详情', {
    needs: ['brokerOrderNo|orderNo'],
    screen: () => import('@/features/trade/pages/transaction-detail'),
  }),
  route('transactionDetailV2', A, '交易详情', {
    needs: ['brokerOrderNo|orderNo'],
    screen: () => import('@/features/trade/pages/transaction-detail'),
  }),
  route('transactionTransferDetail', A, '转托管详情', {
    screen: () => import('@/features/transfers/pages/transfer-detail'),
  }),
  route('convert/transactionDetail', A, '转换详情', {
    needs: ['brokerOrderNo'],
    screen: () => import('@/features/convert/pages/convert-detail'),
  }),
  route('profitDetail', A, '收益明细', {
    screen: () => import('@/features/assets/pages/profit-detail'),
  }),
  route('clearOutAssets', A, '已清仓', {
    screen: () => import('@/features/assets/pages/clear-out-assets'),
  }),
  route('assetsProfitDetail', A, '收益明细', {
    needs: ['productCode'],
    screen: () => import('@/features/assets/pages/assets-profit-detail'),
  }),
  route('assetsTransactionRecord', A, '交易记录', {
    needs: ['productCode'],
    screen: () => import('@/features/assets/pages/assets-transaction-record'),
  }),
  route('profitBookList', A, '收益账本', {
    screen: statements('ProfitBookList'),
  }),
  route('profitBook', A, '收益账本', {
    screen: statements('ProfitBook'),
  }),
  route('booksProfitRecord', A, '账本收益记录', {
    screen: statements('BooksProfitRecord'),
  }),
  route('profitAnalysis', A, '收益分析', {
    screen: () => import('@/features/assets/pages/profit-analysis'),
  }),

  // Risk and surveys
  route('riskSurvey', T, '风险测评', {
    screen: () => import('@/features/suitability/pages/risk-survey'),
  }),
  route('riskSurveyConfirm', A, '测评结果确认', {
    screen: () => import('@/features/suitability/pages/risk-survey-confirm'),
  }),
  route('surveyCollection', A, '问卷', {
    screen: () => import('@/features/suitability/pages/user-survey'),
  }),
  route('surveyEdit', A, '编辑问卷', {
    needs: ['surveyId'],
    screen: () => import('@/features/suitability/pages/survey-edit'),
  }),
  route('surveyDetail', A, '问卷详情', {
    needs: ['surveyId'],
    screen: () => import('@/features/suitability/pages/survey-detail'),
  }),
  route('surveyInvite', A, '问卷邀请', {
    needs: ['surveyId'],
    screen: () => import('@/features/suitability/pages/survey-invite'),
  }),
  route('surveyResult', A, '测评结果', {
    screen: () => import('@/features/suitability/pages/survey-result'),
  }),
  route('adequacy', A, '适当性匹配', {
    needs: ['productCode'],
    screen: () => import('@/features/suitability/pages/adequacy'),
  }),
  route('userSurvey', A, '用户问卷', {
    screen: () => import('@/features/suitability/pages/user-survey'),
  }),
  route('morningstar/questionnaire', A, '投资问卷', {
    screen: () => import('@/features/morningstar/pages/questionnaire'),
  }),
  route('question', A, '问卷', { screen: () => import('@/features/morningstar/pages/question') }),
  route('diagnose', A, '持仓诊断', {
    screen: () => import('@/features/morningstar/pages/diagnose'),
  }),
  route('questionnaireResult', A, '问卷结果', {
    screen: () => import('@/features/morningstar/pages/questionnaire-result'),
  }),
  route('diagnoseResult', A, '诊断结果', {
    screen: () => import('@/features/morningstar/pages/diagnose-result'),
  }),

  // Account and security
  route('setting', A, '设置', { screen: () => import('@/features/accounts/pages/setting') }),
  route('moreServices', A, '更多服务', {
    screen: () => import('@/features/accounts/pages/more-services'),
  }),
  route('msgPhoneManage', A, '手机号管理', {
    screen: () => import('@/features/security/pages/msg-phone-manage'),
  }),
  route('accountSecurity', A, '账户安全', {
    screen: () => import('@/features/security/pages/account-security'),
  }),
  route('payAuthMode', A, '支付验证方式', {
    screen: () => import('@/features/security/pages/pay-auth-mode'),
  }),
  route('bankCard', A, '银行卡', { screen: () => import('@/features/cards/pages/bank-card') }),
  route('bankCardDetail', A, '银行卡详情', {
    needs: ['paymentMethodId'],
    screen: () => import('@/features/cards/pages/bank-card-detail'),
  }),
  route('certificates', A, '证件信息', {
    screen: () => import('@/features/accounts/pages/certificates'),
  }),
  route('certificatesPhoto', A, '上传证件照片', {
    screen: () => import('@/features/accounts/pages/certificates-photo'),
  }),
  route('setTradePassword', A, '设置交易密码', {
    screen: () => import('@/features/security/pages/set-trade-password'),
  }),
  route('changeTradePasswordAuth', A, '修改交易密码', {
    screen: () => import('@/features/security/pages/change-trade-password-auth'),
  }),
  route('resetTradePasswordAuth', A, '重置交易密码', {
    screen: () => import('@/features/security/pages/reset-trade-password-auth'),
  }),
  route('tradePasswordResult', A, '交易密码', {
    screen: () => import('@/features/security/pages/trade-password-result'),
  }),
  route('updatePhoneBySmsCode', A, '修改手机号', {
    screen: () => import('@/features/security/pages/update-phone-by-sms-code'),
  }),
  route('updatePhoneResult', A, '修改结果', {
    screen: () => import('@/features/security/pages/update-phone-result'),
  }),
  route('closeAccount', A, '注销账户', {
    screen: () => import('@/features/security/pages/close-account'),
  }),
  route('identityVerify', A, '身份验证', {
    screen: () => import('@/features/security/pages/identity-verify'),
  }),
  route('accountManagement', A, '账户管理', {
    screen: () => import('@/features/accounts/pages/account-management'),
  }),
  route('applyCertification/preview', A, '资产证明预览', {
    screen: statements('CertificationPreview'),
  }),
  route('applyCertification/apply', A, '申请资产证明', {
    screen: statements('CertificationApply'),
  }),
  route('applyCertification/result', A, '申请结果', {
    screen: statements('CertificationResult'),
  }),
  route('changeCard/applyGuide', A, '换卡申请', {
    screen: () => import('@/features/cards/pages/change-card/apply-guide'),
  }),
  route('changeCard/applyRecord', A, '换卡记录', {
    screen: () => import('@/features/cards/pages/change-card/apply-record'),
  }),
  route('changeCard/applyEdit', A, '换卡申请', {
    screen: () => import('@/features/cards/pages/change-card/apply-edit'),
  }),
  route('changeCard/applyResult', A, '申请结果', {
    needs: ['applyId'],
    screen: () => import('@/features/cards/pages/change-card/apply-result'),
  }),
  route('changeCard/applyDetail', A, '申请详情', {
    needs: ['applyId'],
    screen: () => import('@/features/cards/pages/change-card/apply-detail'),
  }),
  route('subscribeSetting', A, '订阅设置', {
    screen: () => import('@/features/accounts/pages/subscribe-setting'),
  }),
  route('notification', A, '消息通知', {
    screen: () => import('@/features/notices/pages/notification'),
  }),
  route('noticeDetail', A, '消息详情', {
    screen: () => import('@/features/notices/pages/notice-detail'),
  }),
  route('noticeFiles', A, '公告文件', {
    screen: () => import('@/features/notices/pages/notice-files'),
  }),

  // Opening an account and other entry points
  route('operationConfirm', A, '操作确认', {
    screen: () => import('@/features/notices/pages/operation-confirm'),
  }),
  route('selectBank', T, '选择银行', {
    screen: () => import('@/features/cards/pages/select-bank'),
  }),
  route('openAccount', T, '开户', {
    screen: () => import('@/features/accounts/pages/open-account'),
  }),
  route('selectCountry', T, '选择国家或地区', {
    screen: () => import('@/features/accounts/pages/select-country'),
  }),
  route('accountResult', T, '开户结果', {
    screen: () => import('@/features/accounts/pages/account-result'),
  }),
  route('privacy', T, '隐私政策', { screen: () => import('@/features/accounts/pages/privacy') }),
  route('fundProtocol', T, '基金协议', {
    screen: () => import('@/features/accounts/pages/fund-protocol'),
  }),
  route('serviceProtocol', T, '服务协议', {
    screen: () => import('@/features/accounts/pages/service-protocol'),
  }),
  route('wechat-transfer', T, '微信转账', {
    screen: () => import('@/features/transfers/pages/wechat-transfer'),
  }),
  route('assetsTransfer', A, '资产转入', {
    screen: () => import('@/features/transfers/pages/assets-transfer'),
  }),
  route('assetsTransferResult', A, '转入结果', {
    screen: () => import('@/features/transfers/pages/assets-transfer-result'),
  }),
  route('investTransfer', A, '投资转入', {
    screen: () => import('@/features/transfers/pages/invest-transfer'),
  }),
  route('investTransferResult', A, '转入结果', {
    screen: () => import('@/features/transfers/pages/invest-transfer-result'),
  }),
  route('importData', A, '导入数据', {
    screen: () => import('@/features/transfers/pages/import-data'),
  }),
  route('pasteText', A, '粘贴导入', {
    screen: () => import('@/features/transfers/pages/paste-text'),
  }),
  route('previewResult', A, '导入预览', {
    screen: () => import('@/features/transfers/pages/profit-preview'),
  }),

  // Strategies
  route('strategy/targetTotalAsset', A, '目标资产', {
    screen: () => import('@/features/targets/pages/target-total-asset'),
  }),
  route('strategy/targetStrategyList', A, '目标策略', {
    screen: () => import('@/features/targets/pages/target-strategy-list'),
  }),
  route('strategy/autoInvestPlanList', A, '定投计划', {
    screen: () => import('@/features/plans/pages/plan-list'),
  }),
  route('strategy/autoInvestPlanDetail', A, '定投计划详情', {
    needs: ['investPlanId'],
    screen: () => import('@/features/plans/pages/plan-detail'),
  }),
  route('strategy/autoInvestPlanRecord', A, '定投记录', {
    needs: ['investPlanId'],
    screen: () => import('@/features/plans/pages/plan-record'),
  }),

  // Financial advisor (fa/)
  route('fa/signContract', A, '签署服务协议', {
    needs: ['poCode'],
    screen: () => import('@/features/advisory/pages/sign-contract'),
  }),
  route('fa/previewContract', A, '协议预览', {
    needs: ['poCode|serviceAccountId'],
    screen: () => import('@/features/advisory/pages/preview-contract'),
  }),
  route('fa/deposit', A, '追加投资', {
    needs: ['serviceAccountId'],
    screen: () => import('@/features/advisory/pages/deposit'),
  }),
  route('fa/withdraw', A, '取出', {
    needs: ['serviceAccountId'],
    screen: () => import('@/features/advisory/pages/withdraw'),
  }),
  route('fa/tradeFund', A, '基金交易', {
    needs: ['serviceAccountId', 'fundCode'],
    screen: () => import('@/features/advisory/pages/trade-fund'),
  }),
  route('fa/accountSignDetail', A, '签约详情', {
    needs: ['serviceAccountId'],
    screen: () => import('@/features/advisory/pages/account-sign-detail'),
  }),
  route('fa/cancelContract', A, '解约', {
    needs: ['serviceAccountId'],
    screen: () => import('@/features/advisory/pages/cancel-contract'),
  }),
  route('fa/cancelResult', A, '解约结果', {
    needs: ['serviceAccountId'],
    screen: () => import('@/features/advisory/pages/cancel-result'),
  }),
  route('fa/order', A, '订单', {
    needs: ['brokerOrderNo'],
    screen: () => import('@/features/advisory/pages/order'),
  }),
  route('fa/assetOrder', A, '资产订单', {
    needs: ['serviceAccountId'],
    screen: () => import('@/features/advisory/pages/asset-order'),
  }),
  route('fa/adjustment', A, '调仓', {
    needs: ['adjustmentId'],
    screen: () => import('@/features/advisory/pages/adjustment'),
  }),
  route('fa/adjustmentResult', A, '调仓结果', {
    needs: ['adjustmentId'],
    screen: () => import('@/features/advisory/pages/adjustment-result'),
  }),
  route('fa/serviceCharge', A, '服务费', {
    needs: ['serviceAccountId'],
    screen: () => import('@/features/advisory/pages/service-charge'),
  }),
  route('fa/adviserFeeAgreement', A, '投顾费协议', {
    needs: ['poCode|serviceAccountId'],
    screen: () => import('@/features/advisory/pages/adviser-fee-agreement'),
  }),
  route('fa/transferInvite', A, '转签邀请', {
    needs: ['serviceAccountId'],
    screen: () => import('@/features/advisory/pages/transfer-invite'),
  }),
  route('fa/transferInvitePreview', A, '转签预览', {
    needs: ['serviceAccountId'],
    screen: () => import('@/features/advisory/pages/transfer-invite-preview'),
  }),
  route('fa/report', A, '服务报告', {
    needs: ['serviceAccountId'],
    screen: () => import('@/features/advisory/pages/report'),
  }),
  route('fa/proposalDetail', A, '建议书详情', {
    needs: ['planningId'],
    screen: () => import('@/features/robo/pages/planning-detail'),
  }),
  route('fa/proposalDraft', A, '建议书草稿', {
    needs: ['surveyId'],
    screen: () => import('@/features/robo/pages/proposal-draft'),
  }),
  route('fa/proposalSigning', A, '签署建议书', {
    needs: ['planningId'],
    screen: () => import('@/features/robo/pages/proposal'),
  }),
  route('fa/proposalSigningPreview', A, '建议书预览', {
    needs: ['planningId'],
    screen: () => import('@/features/robo/pages/proposal-signing-preview'),
  }),
  route('fa/proposalPreview', A, '建议书预览', {
    needs: ['planningId'],
    screen: () => import('@/features/robo/pages/proposal-preview'),
  }),
  route('fa/overrideAuthorization', A, '超风险等级授权', {
    needs: ['planningId'],
    screen: () => import('@/features/robo/pages/override-authorization'),
  }),
  route('fa/overrideAuthorizationPreview', A, '授权预览', {
    needs: ['planningId'],
    screen: () => import('@/features/robo/pages/override-authorization-preview'),
  }),
  route('fa/firstYearCharge', A, '首年服务费', {
    needs: ['poCode'],
    screen: () => import('@/features/advisory/pages/first-year-charge'),
  }),
  route('fa/msProposalDetail', A, '建议书详情', {
    screen: () => import('@/features/morningstar/pages/ms-proposal-detail'),
  }),
  route('fa/planDeposit', A, '计划投入', {
    needs: ['serviceAccountId'],
    screen: () => import('@/features/advisory/pages/plan-deposit'),
  }),
  route('fa/planDepositDetail', A, '计划投入详情', {
    needs: ['investPlanId'],
    screen: () => import('@/features/advisory/pages/plan-deposit-detail'),
  }),
  route('fa/announcement', A, '公告', {
    needs: ['serviceAccountId|announcementId'],
    screen: () => import('@/features/advisory/pages/announcement'),
  }),
  route('fa/planningDetail', A, '规划详情', {
    needs: ['planningId'],
    screen: () => import('@/features/robo/pages/planning-detail'),
  }),
  route('fa/questionnaire', A, '问卷', {
    screen: () => import('@/features/robo/pages/questionnaire'),
  }),

  // Robo advisor (advisor/)
  route('advisor/advisorPlan', A, '投顾方案', {
    screen: () => import('@/features/robo/pages/advisor-plan'),
  }),
  route('advisor/advisorService', A, '投顾服务', {
    screen: () => import('@/features/robo/pages/advisor-service'),
  }),
  route('advisor/surveyEdit', A, '编辑问卷', {
    screen: () => import('@/features/robo/pages/survey-edit'),
  }),
  route('advisor/surveyResult', A, '问卷结果', {
    needs: ['surveyId'],
    screen: () => import('@/features/robo/pages/survey-result'),
  }),
  route('advisor/proposal', A, '投资建议', {
    needs: ['planningId'],
    screen: () => import('@/features/robo/pages/proposal'),
  }),
  route('advisor/roboDeposit', A, '投入', {
    needs: ['serviceAccountId'],
    screen: () => import('@/features/robo/pages/robo-deposit'),
  }),
  route('advisor/roboWithdraw', A, '取出', {
    needs: ['serviceAccountId'],
    screen: () => import('@/features/robo/pages/robo-withdraw'),
  }),
  route('advisor/chargeIntro', A, '收费说明', {
    screen: () => import('@/features/robo/pages/charge-intro'),
  }),
  route('advisor/adjustRecord', A, '调仓记录', {
    needs: ['serviceAccountId'],
    screen: () => import('@/features/advisory/pages/asset-order'),
  }),
  route('advisor/accountReport', A, '账户报告', {
    needs: ['serviceAccountId'],
    screen: () => import('@/features/advisory/pages/report'),
  }),
  route('advisor/serviceCharge', A, '服务费', {
    needs: ['serviceAccountId'],
    screen: () => import('@/features/advisory/pages/service-charge'),
  }),
  route('advisor/serviceAgreement', A, '服务协议', {
    needs: ['serviceAccountId'],
    screen: () => import('@/features/advisory/pages/account-sign-detail'),
  }),
  route('advisor/transactionRecord', A, '交易记录', {
    needs: ['serviceAccountId'],
    screen: () => import('@/features/robo/pages/transaction-record'),
  }),
  route('advisor/transactionDetail', A, '交易详情', {
    needs: ['serviceAccountId', 'brokerOrderNo'],
    screen: () => import('@/features/robo/pages/transaction-detail'),
  }),
  route('advisor/dividendDetail', A, '分红详情', {
    needs: ['serviceAccountId'],
    screen: () => import('@/features/robo/pages/dividend-detail'),
  }),
  route('advisor/adjustment', A, '调仓', {
    needs: ['adjustmentId'],
    screen: () => import('@/features/advisory/pages/adjustment'),
  }),
  route('advisor/articleList', A, '投顾观点', {
    screen: () => import('@/features/robo/pages/article-list'),
  }),
  route('advisor/article', A, '文章', {
    needs: ['articleId|id'],
    screen: () => import('@/features/store/pages/adviser-article'),
  }),
  route('advisor/adviserFee', A, '投顾费', {
    needs: ['serviceAccountId|poCode'],
    screen: () => import('@/features/advisory/pages/adviser-fee-agreement'),
  }),
  route('advisor/adviserFeeList', A, '投顾费明细', {
    needs: ['serviceAccountId'],
    screen: () => import('@/features/advisory/pages/service-charge'),
  }),
  route('advisor/adviserAccFee', A, '累计投顾费', {
    needs: ['serviceAccountId'],
    screen: () => import('@/features/advisory/pages/service-charge'),
  }),
  route('advisor/adviserFeeOrder', A, '投顾费订单', {
    needs: ['serviceAccountId'],
    screen: () => import('@/features/advisory/pages/asset-order'),
  }),
  route('advisor/adviserProtocol', A, '投顾协议', {
    needs: ['serviceAccountId|poCode'],
    screen: () => import('@/features/advisory/pages/preview-contract'),
  }),
  route('advisor/adviserReportList', A, '投顾报告', {
    needs: ['serviceAccountId'],
    screen: () => import('@/features/advisory/pages/report'),
  }),
  route('advisor/advisorRules', A, '投顾规则', {
    screen: () => import('@/features/robo/pages/advisor-rules'),
  }),
  route('advisor/landing', T, '投顾服务', {
    screen: () => import('@/features/robo/pages/landing'),
  }),

  // Pension
  route('pension/bankList', A, '选择银行', {
    screen: () => import('@/features/pension/pages/bank-list'),
  }),
  route('pension/bindAccount', A, '绑定养老金账户', {
    screen: () => import('@/features/pension/pages/bind-account'),
  }),
  route('pension/bindAccountResult', A, '绑定结果', {
    screen: () => import('@/features/pension/pages/bind-account-result'),
  }),
  route('pension/shelf', A, '养老金产品', {
    screen: () => import('@/features/pension/pages/shelf'),
  }),
  route('pension/subShelf', A, '养老金产品', {
    screen: () => import('@/features/pension/pages/shelf'),
  }),
  route('pension/deposit', A, '缴存', {
    screen: () => import('@/features/pension/pages/deposit'),
  }),
  route('pension/static/aboutPension', T, '了解个人养老金', {
    screen: () => import('@/features/pension/pages/about-pension'),
  }),
  route('pension/static/bankRecommondPage', T, '推荐银行', {
    screen: () => import('@/features/pension/pages/bank-recommend'),
  }),
  route('pension/depositRecord', A, '缴存记录', {
    screen: () => import('@/features/pension/pages/deposit-record'),
  }),
  route('pension/openAccountBank', A, '开立养老金账户', {
    screen: () => import('@/features/pension/pages/open-account-bank'),
  }),
  route('pension/transfer', A, '养老金转入', {
    screen: () => import('@/features/pension/pages/transfer'),
  }),

  // Online transfer-in (transferOnline/)
  route('transferOnline/home', A, '资产转入', {
    screen: () => import('@/features/transfers/pages/home'),
  }),
  route('transferOnline/assetList', A, '转入资产', {
    screen: () => import('@/features/transfers/pages/application'),
  }),
  route('transferOnline/record', A, '转入记录', {
    screen: () => import('@/features/transfers/pages/record'),
  }),
  route('transferOnline/confirm', A, '确认转入', {
    screen: () => import('@/features/transfers/pages/confirm'),
  }),
  route('transferOnline/recognition', A, '识别资产', {
    screen: () => import('@/features/transfers/pages/recognition'),
  }),
  route('transferOnline/assetAdd', A, '添加资产', {
    screen: () => import('@/features/transfers/pages/asset-add'),
  }),
  route('transferOnline/info', A, '转入说明', {
    screen: () => import('@/features/transfers/pages/info'),
  }),
  route('transferOnline/bulkUpload', A, '批量上传', {
    screen: () => import('@/features/transfers/pages/file-upload'),
  }),
  route('transferOnline/bulkImageUpload', A, '上传图片', {
    screen: () => import('@/features/transfers/pages/image-upload'),
  }),
  route('transferOnline/bulkUploadResult', A, '上传结果', {
    screen: () => import('@/features/transfers/pages/submit-result'),
  }),
  route('transferOnline/template', A, '模板', {
    screen: () => import('@/features/transfers/pages/template'),
  }),
  route('transferOnline/sendEmail', A, '发送邮件', {
    screen: () => import('@/features/transfers/pages/send-email'),
  }),
  route('transferOnline/sendEmailResult', A, '发送结果', {
    screen: () => import('@/features/transfers/pages/send-email-result'),
  }),
]

/** The route every unknown path goes to (docs/product.md#screens-and-routes). */
export const FALLBACK_PATH = 'mine'

export const TAB_PATHS = ROUTES.filter((r) => r.tab).map((r) => r.path)

/** The route of a path relative to the base path, matched as the router matches it: without the
 * slashes around it and whatever its letters' case. */
export function findRoute(path: string): RouteDef | undefined {
  const clean = path.replace(/^\/+|\/+$/g, '').toLowerCase()
  return ROUTES.find((r) => r.path.toLowerCase() === clean)
}
