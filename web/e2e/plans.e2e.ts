/** The journey of issue "Recurring investment plans (定投)" on the demo world (docs/plans.md):
 * 李明 sets up, on the plan screen, a weekly plan of 500 元 on a fund paid by card and a smart
 * monthly plan on an index fund paid from the wallet — more than the wallet holds. The market
 * moves on day by day (`opentamp market advance`, which moves the demo clock) for three weeks:
 * the weekly plan's detail shows three executions whose orders are confirmed, and the holding's
 * shares grow by what this test works out from the fund's NAVs and the purchase fee. The weekly
 * plan is paused and its next date passes without an execution; the wallet plan's charge fails
 * with 余额不足 and is retried on the next two trading days (CONTINUITY); terminating ends the
 * weekly plan for good. The plan orders show in 交易记录 with the way back to their plan. */
import { randomUUID } from 'node:crypto'
import Decimal from 'decimal.js'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openPhone, shot, type Phone } from './browser'
import { advanceMarket, apiGet, press, signIn } from './session'

const base = inject('baseURL')
const api = inject('apiBase')
const PASSWORD = '135790' // docs/demo.md
const FUND = { code: '003304', name: '恒信均衡优选混合' } // R3, bought by card
/** Index funds that may be set up as smart plans; the first the server supports is used. */
const INDEX_FUNDS = ['005601', '005602', '005603', '005604']
/** 养老钱: an account of 李明's own, away from the demo world's plans in 默认账户. */
const ACCOUNT_NAME = '养老钱'
const WEEKLY_AMOUNT = '500'
/** Trading days the test may advance in each wait before it gives up. */
const MAX_DAYS = 30
/** A test that moves the market day by day runs a daily pipeline each day. */
const MARKET_TIMEOUT_MS = 600_000

const cents = (v: Decimal.Value) => new Decimal(v).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)

interface Execution {
  executionId: number
  dueDate: string
  executeDate: string | null
  attempt: number
  status: 'ACTIVE' | 'SUCCESS' | 'FAIL' | 'TERMINATED'
  amount: string
  multiplier: string
  brokerOrderNo: string | null
  orderCode: string | null
  confirmedShares: string | null
  failReason: string
}

describe('定投: plans set up on the plan screen and executed as the market moves on', () => {
  let phone: Phone
  let token: string
  let accountId = 0
  let walletName = '钱包'
  let indexFund = ''
  let weeklyId = 0
  let walletPlanId = 0
  let sharesBefore = new Decimal(0)

  const get = (path: string, params: Record<string, string> = {}) => apiGet(token, path, params)
  const post = async (path: string, body: object) => {
    const res = await fetch(`${api}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
    const data = await res.json()
    if (data.code !== 0) throw new Error(`${path}: ${JSON.stringify(data)}`)
    return data.data
  }
  const executions = async (investPlanId: number): Promise<Execution[]> =>
    (
      await get('/trade/investPlan/executions', {
        investPlanId: String(investPlanId),
        page: '1',
        size: '50',
      })
    ).list
  const detail = (investPlanId: number) =>
    get('/trade/investPlan/detail', { investPlanId: String(investPlanId) })
  const serverDay = async (): Promise<string> =>
    ((await get('/noauth/app/version')).serverTime as string).slice(0, 10)
  const fundShares = async (): Promise<Decimal> => {
    const rows = await get('/trade/getShares', { financialAccountId: String(accountId) })
    const row = rows.find((r: { fundCode: string }) => r.fundCode === FUND.code)
    return new Decimal(row?.shares ?? 0)
  }
  const walletBalance = async (): Promise<Decimal> => {
    const rows = await get('/trade/getShares', { financialAccountId: String(accountId) })
    const row = rows.find((r: { fundCode: string }) => r.fundCode === '000509')
    return new Decimal(row?.availableShares ?? 0)
  }

  /** The tries of the wallet plan's first charge, as seen after each trading day. */
  const walletTries: number[] = []
  async function watchWalletPlan(): Promise<void> {
    if (!walletPlanId) return
    const first = (await executions(walletPlanId)).at(-1) // newest first: the last is the first
    if (first && walletTries.at(-1) !== first.attempt) walletTries.push(first.attempt)
  }

  /** Advance the market (and the demo clock). A token lives a week on that clock: the test and
   * the browser sign in again afterwards, as a user coming back would. */
  async function advance(days: number): Promise<void> {
    token = (await advanceMarket(phone.page, days)).accessToken
  }

  /** Advance the market a trading day at a time until `done` holds (at most MAX_DAYS days),
   * watching the wallet plan's charge on the way. */
  async function advanceUntil(done: () => Promise<boolean>, what: string): Promise<number> {
    for (let days = 0; days <= MAX_DAYS; days++) {
      if (await done()) return days
      await advance(1)
      await watchWalletPlan()
    }
    throw new Error(`still waiting after ${MAX_DAYS} trading days: ${what}`)
  }

  /** The plan screen: the trade password, then the result; 查看计划 opens the plan. */
  async function placePlan(page: Page, name: string): Promise<number> {
    await page.locator('.trade-agree .adm-checkbox').click()
    await shot(page, `plans-${name}-form`)
    await page.getByTestId('plan-submit').click()
    await page.getByText('请输入交易密码').waitFor()
    await page.locator('.adm-passcode-input:visible').click()
    await press(page, PASSWORD)
    await page.getByText('定投计划已设置').waitFor()
    await shot(page, `plans-${name}-result`)
    await page.getByText('查看计划').click()
    await page.getByTestId('plan-detail').waitFor()
    const id = Number(new URL(page.url()).searchParams.get('investPlanId'))
    expect(id).toBeGreaterThan(0)
    return id
  }

  async function typeAmount(page: Page, amount: string): Promise<void> {
    await page.getByTestId('trade-amount').click()
    await press(page, amount)
    await page.getByText('完成', { exact: true }).click()
  }

  /** 暂停 / 终止 on the detail: the confirmation, then the trade password. */
  async function act(page: Page, testId: string, confirm: string): Promise<void> {
    await page.getByTestId(testId).click()
    await page.getByTestId('plan-confirm').waitFor()
    await page.getByText(confirm, { exact: true }).click()
    await page.getByText('请输入交易密码').waitFor()
    await page.locator('.adm-passcode-input:visible').click()
    await press(page, PASSWORD)
  }

  beforeAll(async () => {
    phone = await openPhone()
    token = (await signIn(phone.page)).accessToken
    const accounts = await get('/account/getFinancialAccountList', { needAsset: 'false' })
    accountId = accounts.financialAccountList.find(
      (a: { financialAccountName: string }) => a.financialAccountName === ACCOUNT_NAME,
    ).financialAccountId
    walletName = (await get('/tamp/getBrokerPreSetting')).walletName || '钱包'
  })
  afterAll(async () => {
    // leave no active plan behind for the other journeys
    if (walletPlanId)
      await post('/trade/investPlan/terminate', {
        investPlanId: walletPlanId,
        tradePassword: PASSWORD,
        tradeUUID: randomUUID(),
      }).catch(() => undefined)
    await phone?.close()
  })

  it('sets up a weekly plan of 500 元 on a fund, paid by card', async () => {
    const { page } = phone
    sharesBefore = await fundShares()
    await page.goto(
      `${base}/investPlan?productCode=${FUND.code}&productType=fund&financialAccountId=${accountId}`,
    )
    await page.getByTestId('plan-first-date').waitFor()
    await typeAmount(page, WEEKLY_AMOUNT)
    // weekly is the default; the first card (signed) is the default way to pay
    const first = await page.getByTestId('plan-first-date').innerText()
    weeklyId = await placePlan(page, 'weekly')
    const plan = await detail(weeklyId)
    expect(plan).toMatchObject({
      productType: 'fund',
      productCode: FUND.code,
      financialAccountId: accountId,
      amount: '500.00',
      periodUnit: 1,
      periodInterval: 1,
      payType: 'card',
      payDateMode: 'CONTINUITY',
      smart: false,
      status: 'A',
      nextDate: first,
      executionCount: 0,
    })
    expect(plan.periodText).toMatch(/^每周[一二三四五]$/)
    expect(await page.getByTestId('plan-next').innerText()).toBe(`下次扣款 ${first}`)
    await shot(page, 'plans-weekly-detail-new')
  })

  it('sets up a smart monthly plan on an index fund, paid from the wallet', async () => {
    const { page } = phone
    const today = await serverDay()
    // a day of month a week ahead (29th–31st: the 1st), so the first charge falls in the run
    const ahead = new Date(`${today}T00:00:00Z`)
    ahead.setUTCDate(ahead.getUTCDate() + 7)
    const day = ahead.getUTCDate() <= 28 ? ahead.getUTCDate() : 1
    for (const code of INDEX_FUNDS) {
      const preview = await get('/trade/investPlan/preview', {
        productType: 'fund',
        productCode: code,
        periodUnit: '2',
        periodInterval: '1',
        periodDay: String(day),
        financialAccountId: String(accountId),
      })
      if (preview.smartSupported) {
        indexFund = code
        break
      }
    }
    expect(indexFund).not.toBe('')
    // more than the wallet holds even at the smallest multiplier: the charge must fail
    const amount = (await walletBalance()).times(2).plus(1000).toDecimalPlaces(0, Decimal.ROUND_UP)

    await page.goto(
      `${base}/investPlan?productCode=${indexFund}&productType=fund&financialAccountId=${accountId}`,
    )
    await page.getByTestId('plan-first-date').waitFor()
    await typeAmount(page, amount.toFixed(0))
    await page.getByText('每月', { exact: true }).click()
    await page.locator('.plan-period__day .adm-list-item').click()
    await page
      .locator('.adm-picker-view-column-item')
      .filter({ hasText: new RegExp(`^${day}日$`) })
      .dispatchEvent('click')
    await page.locator('.adm-picker-header-button').filter({ hasText: '确定' }).click()
    await page.getByText(`每月${day}日`).waitFor()
    await page.locator('.adm-list-item').filter({ hasText: walletName }).first().click()
    await page.getByRole('switch', { name: '智能定投' }).click()
    await page.getByTestId('smart-bands').waitFor()
    const preview = await get('/trade/investPlan/preview', {
      productType: 'fund',
      productCode: indexFund,
      periodUnit: '2',
      periodInterval: '1',
      periodDay: String(day),
      financialAccountId: String(accountId),
    })
    // the band table is the server's, row for row, with today's multiplier
    await expect(page.locator('[data-testid="smart-bands"] tbody tr').count()).resolves.toBe(
      preview.smartBands.length,
    )
    if (preview.currentMultiplier)
      expect(await page.getByTestId('smart-multiplier').innerText()).toBe(
        `${new Decimal(preview.currentMultiplier).toString()}倍`,
      )
    const first = await page.getByTestId('plan-first-date').innerText()
    expect(first).toBe(preview.firstDate)
    walletPlanId = await placePlan(page, 'smart-wallet')
    const plan = await detail(walletPlanId)
    expect(plan).toMatchObject({
      productCode: indexFund,
      amount: `${amount.toFixed(0)}.00`,
      periodUnit: 2,
      periodDay: day,
      periodText: `每月${day}日`,
      payType: 'wallet',
      smart: true,
      status: 'A',
      nextDate: first,
    })
    expect(plan.smartBands.length).toBe(preview.smartBands.length)
    await shot(page, 'plans-smart-detail-new')

    await page.goto(`${base}/strategy/autoInvestPlanList`)
    await page.locator(`[data-plan-id="${weeklyId}"]`).waitFor()
    await page.locator(`[data-plan-id="${walletPlanId}"]`).waitFor()
    await shot(page, 'plans-list')
  })

  it(
    'three weeks on: three executions with confirmed orders, shares grown as the NAVs say',
    async () => {
      await advanceUntil(async () => {
        const done = (await executions(weeklyId)).filter(
          (e) => e.status === 'SUCCESS' && e.confirmedShares,
        )
        return done.length >= 3
      }, 'three confirmed executions of the weekly plan')
      const list = await executions(weeklyId)
      expect(list).toHaveLength(3)

      const fee = await get('/trade/estimateBuyFundFee', { fundCode: FUND.code, amount: '500.00' })
      const series = await get('/product/navSeries', {
        productCode: FUND.code,
        productType: 'fund',
        period: '3m',
      })
      const nav = (day: string) => {
        const point = series.points.find((p: { date: string }) => p.date === day)
        if (!point) throw new Error(`no NAV of ${day}`)
        return new Decimal(point.nav)
      }
      let grown = new Decimal(0)
      for (const e of list) {
        expect([e.status, e.amount, e.multiplier, e.orderCode]).toEqual([
          'SUCCESS',
          '500.00',
          '1.00',
          '039',
        ])
        const order = await get('/trade/getOrderDetail', {
          brokerOrderNo: e.brokerOrderNo as string,
        })
        expect(order.confirmStatus).toBe('2')
        expect(order.extMetaInfo).toMatchObject({
          investPlanId: weeklyId,
          executionId: e.executionId,
        })
        // the same fee as a manual purchase; shares = (amount − fee) ÷ NAV of the trade date
        expect(order.fee).toBe(fee.fee)
        const net = new Decimal('500.00').minus(fee.fee)
        expect(order.netAmount).toBe(net.toFixed(2))
        const shares = cents(net.div(nav(order.tradeDate)))
        expect(order.confirmedShares).toBe(shares.toFixed(2))
        expect(e.confirmedShares).toBe(shares.toFixed(2))
        grown = grown.plus(shares)
      }
      expect((await fundShares()).minus(sharesBefore).toFixed(2)).toBe(grown.toFixed(2))
      const plan = await detail(weeklyId)
      expect([plan.successCount, plan.totalInvested, plan.holdingShares]).toEqual([
        3,
        '1500.00',
        grown.toFixed(2),
      ])

      const { page } = phone
      await page.goto(`${base}/strategy/autoInvestPlanDetail?investPlanId=${weeklyId}`)
      await page.getByTestId('plan-recent').waitFor()
      const rows = page.getByTestId('plan-recent').getByTestId('plan-execution')
      await expect(rows.count()).resolves.toBe(3)
      for (const text of await rows.allInnerTexts()) expect(text).toContain('已确认')
      await expect(page.getByTestId('plan-total-invested').innerText()).resolves.toBe('1,500.00')
      await shot(page, 'plans-weekly-detail-executed')
    },
    MARKET_TIMEOUT_MS,
  )

  it(
    'a paused plan skips its next date',
    async () => {
      const { page } = phone
      const next = (await detail(weeklyId)).nextDate as string
      expect(next).toBeTruthy()
      await page.goto(`${base}/strategy/autoInvestPlanDetail?investPlanId=${weeklyId}`)
      await page.getByTestId('plan-recent').waitFor()
      await act(page, 'plan-pause', '确认暂停')
      await page.getByTestId('plan-status').filter({ hasText: '已暂停' }).waitFor()
      await page.getByTestId('plan-resume').waitFor()
      await shot(page, 'plans-weekly-paused')
      const paused = await detail(weeklyId)
      expect([paused.status, paused.nextDate]).toEqual(['P', null])

      await advanceUntil(async () => (await serverDay()) > next, `the day after ${next}`)
      const list = await executions(weeklyId)
      expect(list).toHaveLength(3)
      expect(list.some((e) => e.dueDate === next)).toBe(false)
    },
    MARKET_TIMEOUT_MS,
  )

  it(
    'the wallet plan fails with 余额不足 and is retried on the next two trading days',
    async () => {
      await advanceUntil(async () => {
        const first = (await executions(walletPlanId)).at(-1)
        return !!first && first.status === 'FAIL'
      }, 'the wallet plan’s charge to fail three times')
      const list = await executions(walletPlanId)
      const first = list.at(-1) as Execution
      expect(first).toMatchObject({ status: 'FAIL', attempt: 3, failReason: '余额不足' })
      expect(first.brokerOrderNo).toBeNull()
      expect((first.executeDate as string) > first.dueDate).toBe(true)
      // tried on the due date and on each of the next two trading days
      expect(walletTries).toEqual([1, 2, 3])
      const plan = await detail(walletPlanId)
      expect(plan.failCount).toBeGreaterThanOrEqual(1)
      expect(plan.status).toBe('A') // one failed period does not pause the plan

      const { page } = phone
      await page.goto(`${base}/strategy/autoInvestPlanRecord?investPlanId=${walletPlanId}`)
      const row = page.getByTestId('plan-execution').filter({ hasText: first.dueDate })
      await row.waitFor()
      await expect(row.getByTestId('plan-execution-fail').innerText()).resolves.toBe(
        '失败原因：余额不足',
      )
      await shot(page, 'plans-wallet-record')
    },
    MARKET_TIMEOUT_MS,
  )

  it(
    'terminating ends the plan for good',
    async () => {
      const { page } = phone
      await page.goto(`${base}/strategy/autoInvestPlanDetail?investPlanId=${weeklyId}`)
      await page.getByTestId('plan-recent').waitFor()
      await act(page, 'plan-terminate', '确认终止')
      await page.getByTestId('plan-status').filter({ hasText: '已终止' }).waitFor()
      await expect(page.getByTestId('plan-terminate').count()).resolves.toBe(0)
      await shot(page, 'plans-weekly-terminated')
      const ended = await detail(weeklyId)
      expect([ended.status, ended.nextDate]).toEqual(['T', null])
      // a week on, nothing more happens to it
      await advance(5)
      expect(await executions(weeklyId)).toHaveLength(3)

      await page.goto(`${base}/strategy/autoInvestPlanList?status=T`)
      await page.locator(`[data-plan-id="${weeklyId}"]`).waitFor()
      await shot(page, 'plans-list-terminated')
    },
    MARKET_TIMEOUT_MS,
  )

  it('shows the plan orders in 交易记录, each leading back to its plan', async () => {
    const { page } = phone
    await page.goto(`${base}/transactionRecord`)
    const row = page
      .getByTestId('order-row')
      .filter({ hasText: FUND.name })
      .filter({ has: page.getByTestId('order-plan-tag') })
      .first()
    await row.waitFor()
    await shot(page, 'plans-orders')
    await row.click()
    await page.getByTestId('order-plan-link').click()
    await page.getByTestId('plan-detail').waitFor()
    expect(new URL(page.url()).searchParams.get('investPlanId')).toBe(String(weeklyId))
  })

  it('shows the rules of 目标止盈定投', async () => {
    const { page } = phone
    await page.goto(`${base}/targetKeepOnRule`)
    await page.getByTestId('keep-on-rules').waitFor()
    await expect(page.getByText('止盈后滚动定投').count()).resolves.toBeGreaterThan(0)
    await shot(page, 'plans-rules')
  })
})
