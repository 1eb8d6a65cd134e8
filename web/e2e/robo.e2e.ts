/** The robo adviser's journey (docs/robo.md#the-browser-journey-done-when) on the demo world: a
 * new investor, 王芳 (C3, nothing held), answers the goal survey on advisor/surveyEdit, gets 2–4
 * alternatives with their backtests on advisor/surveyResult (donut, figures, the rolling-return
 * chart and the fan of outcomes), picks 进取方案 whose risk exceeds her grade, authorises it on
 * fa/overrideAuthorization, confirms the plan on advisor/proposal and deposits 5 000 元 on
 * advisor/roboDeposit (the confirmation's SMS code, the trade password). After `opentamp market
 * advance` 我的 lists the robo account, which opens its own page, advisor/account. Every screen
 * is photographed at 375×812. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openPhone, shot, type Phone } from './browser'
import { advanceMarket, apiGet, lastSmsCode, press, signIn } from './session'

const base = inject('baseURL')
const PHONE = '13600136000' // 王芳, docs/robo.md#the-demo
const PASSWORD = '135790'
const DEPOSIT = '5000'
const MAX_DAYS = 10
const LONG = 900_000

describe('智能投顾: a goal survey, a plan above the grade authorised, a deposit, the account', () => {
  let phone: Phone
  let token = ''
  let surveyId = 0
  let planningId = 0
  let serviceAccountId = 0
  const get = (path: string, params: Record<string, string | number> = {}) =>
    apiGet(token, path, Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])))

  async function choose(page: Page, name: string): Promise<void> {
    await page.locator('.adm-selector-item', { hasText: name }).first().click()
    await page.waitForTimeout(200)
  }

  beforeAll(async () => {
    phone = await openPhone()
    token = (await signIn(phone.page, { phone: PHONE })).accessToken
  })
  afterAll(async () => {
    await phone?.close()
  })

  it('answers the goal survey', async () => {
    const page = phone.page
    await page.goto(`${base}/advisor/advisorPlan`)
    await page.getByTestId('robo-advisor-plan').waitFor()
    await shot(page, 'robo-advisorPlan')
    await page.getByTestId('robo-start').click()
    await page.getByTestId('robo-survey-create').waitFor()
    await shot(page, 'robo-surveyEdit-create')
    await page.getByTestId('robo-survey-start').click()
    await page.getByTestId('robo-survey-edit').waitFor()
    surveyId = Number(new URL(page.url()).searchParams.get('surveyId'))
    expect(surveyId).toBeGreaterThan(0)
    await choose(page, '财富增值')
    await choose(page, '3年')
    await page.locator('input[aria-label="投资金额"]').fill('50000')
    await page.locator('input[aria-label="投资金额"]').blur()
    await choose(page, '长期不用')
    await choose(page, '20%以内')
    await page.waitForTimeout(500)
    await shot(page, 'robo-surveyEdit')
    const saved = await get('/roboServiceAccount/survey/get', { surveyId })
    expect(saved.missingFields).toEqual([])
    await page.getByTestId('robo-survey-submit').click()
    await page.getByTestId('robo-survey-result').waitFor()
  })

  it('gets 2–4 alternatives with their backtests, and picks the one above the grade', async () => {
    const page = phone.page
    const plan = await get('/roboServiceAccount/getRoboAssetAllocationList', { surveyId })
    planningId = plan.planningId
    expect(plan.list.length).toBeGreaterThanOrEqual(2)
    expect(plan.list.length).toBeLessThanOrEqual(4)
    await page.getByTestId('robo-allocation-figures').first().waitFor()
    await shot(page, 'robo-surveyResult')
    const above = page.getByTestId('robo-alt-ABOVE_GRADE')
    await above.scrollIntoViewIfNeeded()
    await expect(page.getByTestId('robo-exceeds-grade').first().isVisible()).resolves.toBe(true)
    await above.getByTestId('robo-show-backtest').click()
    await page.getByTestId('robo-fan-chart').waitFor()
    await page.getByTestId('robo-rolling-chart').scrollIntoViewIfNeeded()
    await page.waitForTimeout(500)
    await shot(page, 'robo-surveyResult-rolling')
    await page.getByTestId('robo-fan-chart').scrollIntoViewIfNeeded()
    await shot(page, 'robo-surveyResult-fan')
    await above.getByTestId('robo-choose').click()
    await page.getByTestId('robo-override').waitFor()
  })

  it('authorises the products above the grade', async () => {
    const page = phone.page
    await page.getByTestId('robo-permission-products').waitFor()
    await shot(page, 'fa-overrideAuthorization')
    await page.getByTestId('robo-authorize').click()
    await page.getByTestId('robo-proposal').waitFor()
    const permission = await get('/investment/planning/riskPermission/detail', { planningId })
    expect(permission.authorizationCode).toBe(1)
    expect(permission.history.length).toBeGreaterThan(0)
    await page.goto(`${base}/fa/overrideAuthorizationPreview?planningId=${planningId}`)
    await page.getByTestId('robo-permission-history').first().waitFor()
    await shot(page, 'fa-overrideAuthorizationPreview')
  })

  it(
    'confirms the plan and deposits 5 000 元',
    async () => {
      const page = phone.page
      await page.goto(`${base}/advisor/proposal?planningId=${planningId}`)
      await page.getByTestId('robo-proposal').waitFor()
      await page.getByTestId('robo-backtest').waitFor()
      await shot(page, 'robo-proposal')
      await page.locator('.trade-agree .adm-checkbox').click()
      await page.getByTestId('robo-confirm').click()
      await page.getByTestId('robo-deposit').waitFor()
      serviceAccountId = Number(new URL(page.url()).searchParams.get('serviceAccountId'))
      expect(serviceAccountId).toBeGreaterThan(0)
      await page.getByTestId('robo-amount').click()
      await press(page, DEPOSIT)
      await page.getByText('完成', { exact: true }).click()
      await page.getByTestId('robo-deposit-split').waitFor()
      await page.locator('input[aria-label="短信验证码"]').first().fill(lastSmsCode(PHONE))
      await shot(page, 'robo-roboDeposit')
      await page.getByTestId('robo-deposit-submit').click()
      await page.getByText('请输入交易密码').waitFor()
      await page.locator('.adm-passcode-input:visible').click()
      await press(page, PASSWORD)
      await page.getByTestId('robo-order').waitFor()
      await shot(page, 'robo-transactionDetail')
      const placed = await get('/roboServiceAccount/order/getDetail', {
        serviceAccountId,
        brokerOrderNo: new URL(page.url()).searchParams.get('brokerOrderNo') as string,
      })
      expect(Number(placed.order.tradeAmount)).toBe(5000)
    },
    LONG,
  )

  it(
    'sees the robo account on 我的 after the market moves, with its own page',
    async () => {
      for (let day = 0; day < MAX_DAYS; day++) {
        const home = await get('/roboServiceAccount/homepage/component/detail', {
          serviceAccountId,
        })
        if (Number(home.account.holdingAsset) > 0 && Number(home.account.pendingAmount) === 0) break
        token = (await advanceMarket(phone.page, 1, { phone: PHONE })).accessToken
      }
      const page = phone.page
      await page.goto(`${base}/mine`)
      const card = page.getByText('智能投顾·我的规划').first()
      await card.waitFor()
      await shot(page, 'robo-mine')
      await card.click()
      await page.getByTestId('robo-account').waitFor()
      expect(new URL(page.url()).pathname).toContain('/advisor/account')
      await page.getByTestId('robo-distribution').waitFor()
      await shot(page, 'robo-account')
      await page.getByTestId('robo-targets').scrollIntoViewIfNeeded()
      await shot(page, 'robo-account-targets')
      for (const [path, testId] of [
        [`advisor/transactionRecord?serviceAccountId=${serviceAccountId}`, 'robo-transactions'],
        [`fa/planningDetail?planningId=${planningId}`, 'robo-proposal'],
        [`fa/questionnaire?surveyId=${surveyId}`, 'robo-questionnaire'],
        [`advisor/roboWithdraw?serviceAccountId=${serviceAccountId}`, 'robo-withdraw-page'],
        [`advisor/chargeIntro?serviceAccountId=${serviceAccountId}`, 'robo-charge-intro'],
        ['advisor/advisorService', 'robo-service'],
        ['advisor/advisorRules', 'robo-rules'],
        ['advisor/landing', 'robo-landing'],
      ]) {
        await page.goto(`${base}/${path}`)
        await page.getByTestId(testId).first().waitFor()
        await page.waitForTimeout(300)
        await shot(page, `robo-${path.split('?')[0].replace('/', '-')}`)
      }
    },
    LONG,
  )
})
