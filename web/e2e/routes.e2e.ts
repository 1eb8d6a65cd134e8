/**
 * Every route of the app (src/app/routes.ts) opened on the demo world by the demo user 李明,
 * with real parameters read from the demo world through the API: none logs a console error or
 * a failing request (but the few of ALLOWED, each with its reason), and none shows an error.
 * Then each route that needs a parameter, opened without it, says what is wrong (链接不完整或已失效
 * or 内容不存在或已下架) with 返回 instead of blaming the network.
 *
 * Two phones share the sweep out (each takes the next route when done with one); each route is
 * a full page load.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { ROUTES } from '../src/app/routes'
import { openPhone, shot, type Phone } from './browser'
import { apiGet, apiPost, signIn } from './session'

const base = inject('baseURL')

/** Requests a route may fail, by route, each with its reason. */
const ALLOWED: Record<string, { failing: RegExp; why: string }> = {}

type Params = Record<string, string>

/** The parameters each route takes, from the demo world (filled in beforeAll). */
function parameters(w: World): Record<string, Params> {
  const fund = { productCode: w.fund, productType: 'fund' }
  const po = { productCode: w.po, productType: 'poFund' }
  const fa = { financialAccountId: w.fa }
  const order = { brokerOrderNo: w.order }
  const card = {
    paymentMethodId: w.unsignedCard.paymentMethodId,
    bankNo: w.unsignedCard.bankNo,
    bankName: w.unsignedCard.bankName,
    bankCardTail: w.unsignedCard.bankCardTail,
    bankCardPhoneTail: w.unsignedCard.bankCardPhoneTail,
  }
  return {
    articleDetail: { articleId: w.article },
    adviserArticle: { articleId: w.article },
    'algorithm-description': po,
    richText: { id: w.article },
    sms: { phone: '13800138000' },
    financialAccountManage: { ...fa, financialAccountName: '默认账户' },
    financialAccount: fa,
    'brokeUp-assetsDetail': { ...fa, ...fund },
    assetsDetail: { ...fa, ...fund },
    productDetail: fund,
    poProductDetail: po,
    poArchive: po,
    fundProductDetail: fund,
    productDoc: fund,
    historyDoc: fund,
    adjustHistory: po,
    productManager: fund,
    productManagerDetail: { managerId: w.manager },
    productProfile: fund,
    tradeRules: fund,
    newTradeRules: po,
    productProtocol: fund,
    protocolList: po,
    organizationInfo: { companyId: w.company, productCode: w.fund },
    prodReportList: fund,
    prodReportDetail: { id: w.report },
    reportList: fund,
    'privateSet/productDetail': { productCode: w.privateProduct },
    'privateSet/productProtocol': { productCode: w.privateProduct },
    paymentChannelSigning: card,
    bankPaymentSigning: card,
    changeBankcardExplain: { paymentMethodId: w.signedCard },
    bankCardDetail: { paymentMethodId: w.signedCard },
    allot: { ...fund, ...fa },
    // 李明's target strategy in RUN and his fixed-open bond fund (docs/targets.md#the-demo-world,
    // docs/appointments.md#the-demo-world)
    'strategy/seriesAsset': { strategyParentCode: 'CL000003' },
    redeemAppointment: { fundCode: '002301', ...fa },
    investPlan: { ...fund, ...fa },
    'strategy/autoInvestPlanDetail': { investPlanId: w.plan },
    'strategy/autoInvestPlanRecord': { investPlanId: w.plan },
    poSignalHistory: { poCode: w.signalProduct },
    signalDepartureHistory: { poCode: w.signalProduct },
    poSignalDetail: { poCode: w.signalProduct, sigId: w.buySignal, ...fa },
    signalDepartureDetail: { poCode: w.signalProduct, sigId: w.buySignal, ...fa },
    poSignalPlan: { productCode: w.signalProduct, productType: 'poFund', ...fa },
    poSignalPlanResult: { poCode: w.signalProduct, action: 'UPDATE', ...fa },
    'poSignal/followSetting': { poCode: w.signalProduct, ...fa },
    'poSignal/followHistory': { poCode: w.signalProduct },
    signalRedeem: { poCode: w.signalProduct, sigId: w.sellSignal, ...fa },
    allotFund: { ...fund, ...fa },
    'allot-wallet': { productCode: w.wallet, productType: 'wallet', ...fa },
    redeem: { ...fa, productCode: w.heldFund, productType: 'fund' },
    tradingResult: order,
    orderResult: order,
    tradeResult: order,
    thirdPayResult: order,
    transactionDetail: order,
    transactionDetailV2: order,
    adjustPoShare: { ...fa, ...po },
    redeemList: fa,
    'convert/shelf': { fundCode: w.heldFund },
    'convert/trade': { fundCode: w.heldFund, targetFundCode: w.convertTarget, ...fa },
    'convert/result': { brokerOrderNo: w.convertOrder },
    'convert/transactionDetail': { brokerOrderNo: w.convertOrder },
    transactionRecord: fa,
    transactionRecordV2: fa,
    rebalanceRecord: { ...fa, ...po },
    dividendDetail: { ...fa, productCode: w.heldFund },
    profitDetail: fa,
    clearOutAssets: fa,
    assetsProfitDetail: { ...fa, productCode: w.heldFund },
    assetsTransactionRecord: { ...fa, productCode: w.heldFund },
    profitAnalysis: fa,
    accountDetail: fa,
    landing: { channel: 'autumn2026' },
    // an address of this site: the document viewers open it (docs/shelf.md#document-viewers)
    iframe: { url: `${base}/about-us` },
    outsideChain: { url: `${base}/about-us`, title: '关于我们' },
    dsfofDetail: { productCode: '009001' },
    dsfofRecord: { productCode: '009001' },
    surveyEdit: { surveyId: w.survey },
    surveyDetail: { surveyId: w.survey },
    surveyInvite: { surveyId: w.survey },
    adequacy: fund,
    identityVerify: { scene: 'closeAccount' },
    cmbVerifyResult: { serialNo: w.cmbSerial },
    'changeCard/applyResult': { applyId: w.changeApply },
    'changeCard/applyDetail': { applyId: w.changeApply },
    serviceProtocol: { protocolType: 'accountOpening' },
    error: { type: 'load' },
    profitBook: { year: w.lastMonth.slice(0, 4) },
    booksProfitRecord: {
      year: w.lastMonth.slice(0, 4),
      month: String(Number(w.lastMonth.slice(5))),
    },
    'applyCertification/apply': { date: w.yesterday, accounts: w.fa, language: 'zh' },
    'applyCertification/result': { certificateId: w.certificate },
    ...advisory(w),
    ...robo(w),
  }
}

/** The advisor/ screens and the proposal screens, on 李明's robo account 智能投顾·稳健增值
 * (docs/robo.md#the-demo): its survey, its confirmed plan, its first order. */
function robo(w: World): Record<string, Params> {
  const sa = { serviceAccountId: w.robo.serviceAccountId }
  const plan = { planningId: w.robo.planningId }
  return {
    'advisor/account': sa,
    'fa/proposalDetail': plan,
    'fa/proposalDraft': { surveyId: w.robo.surveyId },
    'fa/proposalSigning': plan,
    'fa/proposalSigningPreview': plan,
    'fa/proposalPreview': plan,
    'fa/overrideAuthorization': plan,
    'fa/overrideAuthorizationPreview': plan,
    'fa/planningDetail': plan,
    'advisor/surveyResult': { surveyId: w.robo.surveyId },
    'advisor/proposal': plan,
    'advisor/roboDeposit': sa,
    'advisor/roboWithdraw': sa,
    'advisor/adjustRecord': sa,
    'advisor/accountReport': sa,
    'advisor/serviceCharge': sa,
    'advisor/serviceAgreement': sa,
    'advisor/transactionRecord': sa,
    'advisor/transactionDetail': { ...sa, brokerOrderNo: w.robo.order },
    'advisor/dividendDetail': sa,
    'advisor/adjustment': { adjustmentId: w.adjustment },
    'advisor/article': { articleId: w.robo.article },
    'advisor/adviserFee': sa,
    'advisor/adviserFeeList': sa,
    'advisor/adviserAccFee': sa,
    'advisor/adviserFeeOrder': sa,
    'advisor/adviserProtocol': sa,
    'advisor/adviserReportList': sa,
  }
}

/** The fa/ screens, on 李明's FULL_DISCRETIONARY service account of the demo world. */
function advisory(w: World): Record<string, Params> {
  const sa = { serviceAccountId: w.serviceAccount }
  return {
    'fa/accountHomePage': sa,
    'fa/signContract': { poCode: w.unsignedStrategy },
    'fa/previewContract': { poCode: w.unsignedStrategy },
    'fa/deposit': sa,
    'fa/withdraw': sa,
    'fa/tradeFund': { ...sa, fundCode: w.serviceFund },
    'fa/accountSignDetail': sa,
    'fa/cancelContract': sa,
    'fa/cancelResult': sa,
    'fa/order': { brokerOrderNo: w.serviceOrder },
    'fa/assetOrder': sa,
    'fa/adjustment': { adjustmentId: w.adjustment },
    'fa/adjustmentResult': { adjustmentId: w.adjustment },
    'fa/serviceCharge': sa,
    'fa/adviserFeeAgreement': sa,
    'fa/transferInvite': sa,
    'fa/transferInvitePreview': sa,
    'fa/report': sa,
    'fa/firstYearCharge': { poCode: w.unsignedStrategy, amount: '10000.00' },
    'fa/planDeposit': sa,
    'fa/planDepositDetail': { ...sa, investPlanId: w.depositPlan },
    'fa/announcement': { ...sa, announcementId: w.announcement },
  }
}

interface World {
  fund: string
  po: string
  wallet: string
  heldFund: string
  fa: string
  order: string
  article: string
  manager: string
  company: string
  report: string
  privateProduct: string
  survey: string
  signedCard: string
  unsignedCard: Record<string, string>
  cmbSerial: string
  changeApply: string
  convertTarget: string
  convertOrder: string
  plan: string
  serviceAccount: string
  unsignedStrategy: string
  serviceFund: string
  serviceOrder: string
  adjustment: string
  announcement: string
  depositPlan: string
  signalProduct: string
  buySignal: string
  sellSignal: string
  /** The statements' screens: last month (2026-10), yesterday, an issued certificate. */
  lastMonth: string
  yesterday: string
  certificate: string
  /** 李明's robo account (docs/robo.md#the-demo). */
  robo: {
    serviceAccountId: string
    planningId: string
    surveyId: string
    order: string
    article: string
  }
}

async function readWorld(token: string): Promise<World> {
  const get = (path: string, params: Params = {}) => apiGet(token, path, params)
  const accounts = await get('/account/getFinancialAccountList')
  const fa = accounts.financialAccountList.find((a: { isDefault: boolean }) => a.isDefault)
  const shares: { fundCode: string; portfolioCode: string | null; status: string }[] = await get(
    '/trade/getShares',
    { financialAccountId: String(fa.financialAccountId) },
  )
  const held = shares.filter((s) => s.status === 'holding')
  const po = held.find((s) => s.portfolioCode)?.portfolioCode as string
  const search = await get('/noauth/store/search', { keyword: '基金' })
  const funds = (search.list as { productCode: string; productType: string }[]).filter(
    (p) => p.productType === 'fund',
  )
  const fund = funds[0]?.productCode ?? held.find((s) => !s.portfolioCode)!.fundCode
  const heldFund = held.find((s) => !s.portfolioCode && s.fundCode !== '000509')!.fundCode
  const orders = await get('/trade/getAllOrders', { pageSize: '1' })
  const plans = await get('/trade/investPlan/list', { status: 'A' })
  const articles = await get('/noauth/store/articles')
  const managers = await get('/product/fund/managers', { fundCode: fund })
  const reports = await get('/product/reports', { productCode: fund })
  const privates = await get('/private/list')
  const surveys: { surveyId: number; kind: string }[] = await get('/survey/list')
  const cards = (await get('/account/getPaymentMethods')).paymentMethods as Record<
    string,
    string | number | boolean
  >[]
  // the demo 招商银行 card, unsigned unless an earlier test signed it (its signing pages open
  // either way)
  const unsigned =
    cards.find((c) => c.isBank && !c.isSigned) ??
    cards.find((c) => c.isBank && String(c.bankName).includes('招商'))!
  const signed = cards.find((c) => c.isBank && c.isSigned)!
  // 招商银行's signing page comes back to cmbVerifyResult with its serial; a card change
  // application (a draft) has its result and detail pages.
  const cmb = await apiPost(token, '/payment/cmb/sign', {
    paymentMethodId: unsigned.paymentMethodId,
  })
  // a conversion, cancelled at once (its shares come back): its result and detail pages
  const convert = await get('/trade/convert/prepare', {
    fundCode: heldFund,
    financialAccountId: String(fa.financialAccountId),
  })
  const target = convert.targets[0].fundCode as string
  const converted = await apiPost(token, '/trade/convert/do', {
    tradeUUID: `e2e-routes-${Date.now()}`,
    financialAccountId: fa.financialAccountId,
    fundCode: heldFund,
    targetFundCode: target,
    shares: convert.minConvertShares,
    tradePassword: '135790',
    riskConfirmed: true, // the first target may be above the investor's grade
  })
  await apiPost(token, '/trade/convert/cancel', {
    brokerOrderNo: converted.brokerOrderNo,
    tradePassword: '135790',
  })
  const change = await apiPost(token, '/onlineChangeCard/save', {
    oldPaymentMethodId: signed.paymentMethodId,
    reason: '原卡丢失',
  })
  // 李明's FULL_DISCRETIONARY service account (docs/advisory.md#the-demo-world): its first
  // order, adjustment, fund and announcement, and a deposit-invest plan set up and terminated
  const uma: { serviceAccountId: number; poCode: string }[] = await get(
    '/serviceAccount/customer/umaList',
  )
  const sa = uma.find((u) => u.poCode === 'ZH000007')!.serviceAccountId
  const component = async (componentType: string) =>
    (
      await get('/serviceAccount/homepage/component', {
        serviceAccountId: String(sa),
        componentType,
      })
    ).data
  const saOrders = (await component('TRANSACTION_HISTORY')).orderList
  const saAdjustments = (await component('ADJUSTMENT_HISTORY')).adjustmentList
  const saHoldings = await get('/serviceAccount/fund/holdings', { serviceAccountId: String(sa) })
  const saAnnouncements = await get('/serviceAccount/homepage/announcement', {
    serviceAccountId: String(sa),
  })
  const planParam = await get('/serviceAccount/depositInvestPlan/param', {
    serviceAccountId: String(sa),
  })
  const depositPlan = await apiPost(token, '/serviceAccount/depositInvestPlan/create', {
    tradeUUID: `e2e-routes-plan-${Date.now()}`,
    serviceAccountId: sa,
    amount: planParam.minAmount,
    periodUnit: 2,
    periodDay: 28,
    payType: 'card',
    paymentMethodId: signed.paymentMethodId,
    tradePassword: '135790',
    riskConfirmed: true,
  })
  await apiPost(token, '/serviceAccount/depositInvestPlan/terminate', {
    tradeUUID: `e2e-routes-plan-end-${Date.now()}`,
    investPlanId: depositPlan.investPlanId,
    tradePassword: '135790',
  })
  // 李明 follows SI000001 in 默认账户 (docs/signals.md#the-demo-world); it has one sell signal
  const followed = (await get('/trade/getFollowSignal')).find(
    (f: { status: string }) => f.status === 'OPEN',
  )
  const signals = await get('/product/signals', { productCode: followed.poCode, size: '100' })
  return {
    serviceAccount: String(sa),
    unsignedStrategy: 'ZH000006',
    serviceFund: saHoldings.holdingList[0].fundCode,
    serviceOrder: saOrders[0].brokerOrderNo,
    adjustment: String(saAdjustments[0].adjustmentId),
    announcement: String(saAnnouncements[0].announcementId),
    depositPlan: String(depositPlan.investPlanId),
    fund,
    po,
    wallet: '000509',
    heldFund,
    fa: String(fa.financialAccountId),
    order: orders.content[0].brokerOrderNo,
    plan: String(plans.list[0].investPlanId),
    signalProduct: followed.poCode,
    buySignal: signals.latestSignalInfo.sigId,
    sellSignal: signals.list.find((x: { signalType: string }) => x.signalType === 'SELL').sigId,
    article: String(articles.list[0].articleId),
    manager: String(managers[0].managerId),
    company: String(managers[0].companyId),
    report: String(reports.list[0].id),
    privateProduct: privates.sets[0].products[0].productCode,
    survey: String(surveys.find((s) => s.kind !== 'risk')!.surveyId),
    signedCard: String(signed.paymentMethodId),
    cmbSerial: cmb.serialNo,
    changeApply: String(change.applyId),
    convertTarget: target,
    convertOrder: converted.brokerOrderNo,
    unsignedCard: Object.fromEntries(Object.entries(unsigned).map(([k, v]) => [k, String(v)])),
    ...(await statementsWorld(token, String(fa.financialAccountId))),
    robo: await roboWorld(token, String(articles.list[0].articleId)),
  }
}

/** 李明's robo account, its plan and survey, its newest order and an article of its team. */
async function roboWorld(token: string, anyArticle: string) {
  const account = (await apiGet(token, '/roboServiceAccount/getRoboSAList')).list[0]
  const orders = await apiGet(token, '/roboServiceAccount/order/getList', {
    serviceAccountId: String(account.serviceAccountId),
  })
  const articles: { articleId: number }[] = await apiGet(token, '/adviser/latestArticles', {
    poCodes: account.poCode,
  })
  return {
    serviceAccountId: String(account.serviceAccountId),
    planningId: String(account.planningId),
    surveyId: String(account.surveyId),
    order: orders.list[0].brokerOrderNo as string,
    article: articles.length ? String(articles[0].articleId) : anyArticle,
  }
}

/** Last month, yesterday (the server's) and a certificate of yesterday for the account. */
async function statementsWorld(token: string, fa: string) {
  const res = await fetch(`${inject('apiBase')}/noauth/app/version`)
  const today = (res.headers.get('x-server-time') as string).slice(0, 10)
  const [y, m] = today.split('-').map(Number)
  const lastMonth = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`
  const preview = await apiGet(token, '/asset/certificationPreview', {})
  const cert = await apiPost(token, '/asset/genAssetCertification', {
    date: preview.maxDate,
    financialAccountIds: [Number(fa)],
    language: 'zh',
  })
  return {
    lastMonth,
    yesterday: preview.maxDate as string,
    certificate: String(cert.certificateId),
  }
}

/** The failures that ``allowed`` does not explain: an allowed failing request takes its
 * browser console line (Failed to load resource: … status of N) with it. */
function unexplained(failures: string[], allowed?: RegExp): string[] {
  const left = [...failures]
  for (const f of failures) {
    if (!allowed || f.startsWith('console:') || !allowed.test(f)) continue
    left.splice(left.indexOf(f), 1)
    const status = f.split(' ')[0]
    const line = left.findIndex((l) =>
      l.startsWith(
        `console: Failed to load resource: the server responded with a status of ${status}`,
      ),
    )
    if (line >= 0) left.splice(line, 1)
  }
  return left
}

/** Failing requests and console errors from now on, and the requests still under way. */
function watch(page: Page) {
  const seen = {
    failures: [] as string[],
    pending: new Set<string>(),
    // the previous page's requests still under way when the next one was opened
    leftBehind: new Set<string>(),
  }
  const key = (r: { url: () => string; method: () => string }) => r.url() + '#' + r.method()
  page.on('request', (r) => seen.pending.add(key(r)))
  const done = (r: { url: () => string; method: () => string }) => seen.pending.delete(key(r))
  page.on('requestfinished', done)
  page.on('requestfailed', (r) => {
    done(r)
    const error = r.failure()?.errorText ?? ''
    // the navigation itself cancels what the page before had under way (a loaded machine)
    if (error.includes('ERR_ABORTED') && seen.leftBehind.delete(key(r))) return
    seen.failures.push(`failed ${r.url()} ${error}`)
  })
  page.on('response', (r) => {
    if (r.status() >= 400) seen.failures.push(`${r.status()} ${r.request().method()} ${r.url()}`)
  })
  page.on('console', (m) => {
    if (m.type() === 'error') seen.failures.push(`console: ${m.text()}`)
  })
  page.on('pageerror', (e) => seen.failures.push(`pageerror: ${e.message} ${e.stack ?? ''}`))
  return seen
}

/** Open a route and wait until no request has been under way for a moment. */
async function visit(page: Page, seen: ReturnType<typeof watch>, url: string) {
  seen.failures.length = 0
  seen.leftBehind = new Set(seen.pending)
  await page.goto(url)
  let quiet = 0
  for (let i = 0; i < 100 && quiet < 4; i++) {
    await page.waitForTimeout(100)
    quiet = seen.pending.size === 0 ? quiet + 1 : 0
  }
}

/** The routes shared out over the lanes, each lane taking the next route when it is done with
 * one: each route's problem (or nothing), in the routes' order. */
async function sweep<R>(
  lanes: Lane[],
  routes: R[],
  check: (lane: Lane, route: R) => Promise<string | undefined>,
): Promise<string[]> {
  const problems: (string | undefined)[] = []
  let next = 0
  await Promise.all(
    lanes.map(async (lane) => {
      while (next < routes.length) {
        const i = next++
        problems[i] = await check(lane, routes[i])
      }
    }),
  )
  return problems.filter((p): p is string => !!p)
}

interface Lane {
  phone: Phone
  seen: ReturnType<typeof watch>
}

/** Two phones sweep side by side: most of a route's time is the quiet the sweep waits for after
 * its last request, which the other phone spends loading its next route. */
const LANES = 2

describe('every route', () => {
  let lanes: Lane[] = []
  let params: Record<string, Params> = {}
  beforeAll(async () => {
    const phones = await Promise.all(Array.from({ length: LANES }, () => openPhone()))
    const sessions = await Promise.all(phones.map((phone) => signIn(phone.page)))
    params = parameters(await readWorld(sessions[0].accessToken))
    lanes = phones.map((phone) => ({ phone, seen: watch(phone.page) }))
  })
  afterAll(async () => {
    await Promise.all(lanes.map((lane) => lane.phone.close()))
  })

  it('opens with its parameters without a console error, a failing request or an error', async () => {
    const routes = ROUTES.filter((r) => process.env.ONLY_NOPARAM !== '1' || r.path === 'home')
    const problems = await sweep(lanes, routes, async ({ phone, seen }, route) => {
      const query = new URLSearchParams(params[route.path] ?? {}).toString()
      await visit(phone.page, seen, `${base}/${route.path}${query ? `?${query}` : ''}`)
      const allowed = ALLOWED[route.path]
      const failures = unexplained(seen.failures, allowed?.failing)
      const shown = await phone.page
        .locator('.query-error, .error-view')
        .count()
        .catch(() => 0)
      const at = new URL(phone.page.url()).pathname
      const isErrorRoute = route.path === 'error'
      if (failures.length || (!isErrorRoute && (shown || at.endsWith('/error'))))
        return `${route.path}: ${[...failures, shown ? 'error shown' : '', at].join(' | ')}`
    })
    await shot(lanes[0].phone.page, 'routes-last')
    expect(problems).toEqual([])
  }, 900_000)

  it('says what is wrong, with 返回, when opened without the parameters it needs', async () => {
    const needing = ROUTES.filter((r) => r.needs?.length)
    // the sweep above opened each of them with real parameters
    expect(needing.filter((r) => !params[r.path]).map((r) => r.path)).toEqual([])
    const problems = await sweep(lanes, needing, async ({ phone, seen }, route) => {
      await visit(phone.page, seen, `${base}/${route.path}`)
      const page = phone.page
      // the network may be quiet before the error screen's own chunk has drawn (a loaded machine)
      const saying = page.getByText(/^(链接不完整或已失效|内容不存在或已下架)$/)
      await saying
        .first()
        .waitFor({ timeout: 10_000 })
        .catch(() => undefined)
      const said = await saying.count()
      const back = await page.getByRole('button', { name: '返回' }).count()
      const network = await page.getByText(/网络不稳定|加载失败/).count()
      if (!said || !back || network || seen.failures.length)
        return `${route.path}: ${page.url()} ${seen.failures.join(' | ')}`
    })
    expect(problems).toEqual([])
    const [{ phone, seen }] = lanes
    await shot(phone.page, 'routes-incomplete-link')
    // 返回 is a way out: back to the page before, or 首页 when there is none
    await visit(phone.page, seen, `${base}/mine`)
    await visit(phone.page, seen, `${base}/transactionDetail`)
    await phone.page.getByTestId('error-view').getByRole('button', { name: '返回' }).click()
    await phone.page.waitForURL((url) => /\/(mine|home)$/.test(url.pathname))
  }, 900_000)
})
