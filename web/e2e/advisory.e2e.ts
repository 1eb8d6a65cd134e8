/** The journey of the advisory service accounts (docs/advisory.md) on the demo world: 李明 signs
 * the HALF_DISCRETIONARY strategy ZH000006 on fa/signContract (its files agreed, the SMS code
 * confirming the e-signature), deposits 20 000 元 on fa/deposit (SMS code and trade password),
 * and after `opentamp market advance` sees the account with the model's weights, which the test
 * works out from the holdings. The adviser publishes a model change by `opentamp adviser
 * publish-model`; 我的 shows 调仓待确认 on the account's card; 李明 confirms it on fa/adjustment,
 * and after the market moves on the holdings follow the new weights within the rebalancing
 * tolerance. The month's fee charged equals the sum of the daily accruals the test recomputes
 * (assets × 0.5 % × days ÷ 365, half up), and shows on fa/serviceCharge. He unsigns on
 * fa/cancelContract; once the sale settles the account shows 已解约 with the money in its wallet.
 * The FULL_DISCRETIONARY account of the demo world is adjusted without asking. Every fa/ screen
 * is photographed at 375×812, and 我的 makes no call that answers 404. */
import Decimal from 'decimal.js'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openPhone, shot, type Phone } from './browser'
import { advanceMarket, apiGet, lastSmsCode, opentamp, press, signIn } from './session'

const base = inject('baseURL')
const PHONE = '13800138000'
const PASSWORD = '135790' // docs/demo.md
const HALF = 'ZH000006' // docs/advisory.md#the-demo-world
const FULL = 'ZH000007'
const DEPOSIT = '20000'
const FEE_RATE = new Decimal('0.005')
/** The rebalancing tolerance (docs/advisory.md "Adjustments"), widened by the purchase fees the
 * buys pay and the day's NAV moves. */
const TOLERANCE = new Decimal('0.02')
const MAX_DAYS = 45
const MARKET_TIMEOUT_MS = 900_000

const cents = (v: Decimal.Value) => new Decimal(v).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)

interface Holding {
  fundCode: string
  fundName: string
  marketValue: string
  weight: string
  targetWeight: string
}

describe('投顾: a strategy signed, funded, adjusted, charged and unsigned on the screens', () => {
  let phone: Phone
  let token = ''
  let serviceAccountId = 0
  let financialAccountId = 0
  const get = (path: string, params: Record<string, string | number> = {}) =>
    apiGet(token, path, Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])))
  const info = () => get('/serviceAccount/getAccountInfo', { serviceAccountId })
  const holdings = async (): Promise<Holding[]> =>
    (await get('/serviceAccount/fund/holdings', { serviceAccountId })).holdingList

  async function advance(days: number): Promise<void> {
    token = (await advanceMarket(phone.page, days)).accessToken
  }

  async function advanceUntil(done: () => Promise<boolean>, what: string): Promise<void> {
    for (let days = 0; days <= MAX_DAYS; days++) {
      if (await done()) return
      await advance(1)
    }
    throw new Error(`still waiting after ${MAX_DAYS} trading days: ${what}`)
  }

  async function password(page: Page): Promise<void> {
    await page.getByText('请输入交易密码').waitFor()
    await page.locator('.adm-passcode-input:visible').click()
    await press(page, PASSWORD)
  }

  async function open(page: Page, path: string, testId: string, name: string): Promise<void> {
    await page.goto(`${base}/${path}`)
    await page.getByTestId(testId).first().waitFor()
    await page.waitForTimeout(300)
    await shot(page, name)
  }

  beforeAll(async () => {
    phone = await openPhone()
    token = (await signIn(phone.page)).accessToken
  })
  afterAll(async () => {
    await phone?.close()
  })

  it('我的 makes no call that answers 404', async () => {
    const page = phone.page
    const missing: string[] = []
    const seen = (r: { status: () => number; url: () => string }) => {
      if (r.status() === 404) missing.push(r.url())
    }
    page.on('response', seen)
    await page.goto(`${base}/mine`)
    await page.getByText('理财账户').first().waitFor()
    await page.waitForTimeout(2500) // the pre-checks (/adviser/popupCount, …) run after the list
    page.off('response', seen)
    expect(missing).toEqual([])
  })

  it(
    'signs ZH000006 with its files and the SMS code, and deposits 20 000 元',
    async () => {
      const page = phone.page
      await page.goto(`${base}/fa/signContract?poCode=${HALF}`)
      await page.getByTestId('fa-sign').waitFor()
      await expect(page.getByText('半委托').first().isVisible()).resolves.toBe(true)
      await shot(page, 'fa-signContract')
      await page.locator('.trade-agree .adm-checkbox').click()
      await page.getByTestId('fa-sign-submit').click()
      await page.getByText('短信确认').waitFor()
      await page.locator('input[aria-label="短信验证码"]').first().fill(lastSmsCode(PHONE))
      await shot(page, 'fa-signContract-sms')
      await page.getByTestId('fa-sign-confirm').click()
      await page.getByText('签约成功').waitFor()
      await shot(page, 'fa-signContract-result')

      await page.getByText('立即投入').click()
      await page.getByTestId('fa-deposit-page').waitFor()
      serviceAccountId = Number(new URL(page.url()).searchParams.get('serviceAccountId'))
      expect(serviceAccountId).toBeGreaterThan(0)
      const account = await info()
      expect(account.contractStatus).toBe(1)
      expect(account.discretionType).toBe('HALF_DISCRETIONARY')
      financialAccountId = account.financialAccountId

      await page.getByTestId('fa-amount').click()
      await press(page, DEPOSIT)
      await page.getByText('完成', { exact: true }).click()
      await page.getByTestId('fa-deposit-split').waitFor()
      // the split names each fund by its short name, as every advisory screen (no full legal
      // name: …证券投资基金)
      expect(await page.getByTestId('fa-deposit-split').innerText()).not.toMatch(/证券投资基金/)
      // one code a minute per phone and purpose (docs/demo.md): the signing code was just sent
      await page.waitForTimeout(61_000)
      await page.getByRole('button', { name: '获取验证码' }).click()
      await page.getByText(/秒后重发/).waitFor()
      await page.locator('input[aria-label="短信验证码"]').first().fill(lastSmsCode(PHONE))
      await shot(page, 'fa-deposit')
      await page.getByTestId('fa-deposit-submit').click()
      await password(page)
      await page.getByTestId('fa-order').waitFor()
      await page.getByTestId('fa-order-child').first().waitFor()
      await shot(page, 'fa-order')
      const placed = await get('/serviceAccount/getMoneyOrderDetail', {
        brokerOrderNo: new URL(page.url()).searchParams.get('brokerOrderNo') as string,
      })
      expect(placed.order.orderCode).toBe('P02')
      expect(cents(placed.order.tradeAmount).toFixed(2)).toBe('20000.00')
      // one child purchase per component, adding up to the deposit
      const children = placed.childList as { tradeAmount: string }[]
      const sum = children.reduce((s, c) => s.plus(c.tradeAmount), new Decimal(0))
      expect(sum.toFixed(2)).toBe('20000.00')
    },
    MARKET_TIMEOUT_MS,
  )

  it(
    'sees the account after settlement at the model weights',
    async () => {
      await advanceUntil(async () => {
        const held = await holdings()
        return held.length > 0 && new Decimal((await info()).pendingAmount).isZero()
      }, 'the deposit confirmed')
      const held = await holdings()
      const total = held.reduce((s, h) => s.plus(h.marketValue), new Decimal(0))
      for (const h of held) {
        // the weight the test computes from the values, against the model's
        const weight = new Decimal(h.marketValue).div(total)
        expect(weight.minus(h.targetWeight).abs().lte(TOLERANCE), h.fundCode).toBe(true)
        expect(new Decimal(h.weight).minus(weight).abs().lte('0.0001')).toBe(true)
      }
      const page = phone.page
      await open(
        page,
        `fa/accountHomePage?serviceAccountId=${serviceAccountId}`,
        'fa-home',
        'fa-accountHomePage',
      )
      await page.getByTestId('fa-holdings').first().waitFor()
      await shot(page, 'fa-accountHomePage-loaded') // the components in, not their placeholders
      await page.getByTestId('fa-component-ASSET_COMPOSITION').scrollIntoViewIfNeeded()
      await shot(page, 'fa-accountHomePage-composition')
      expect(await page.getByTestId('fa-total-asset').textContent()).toContain(
        total
          .toFixed(2)
          .replace(/\B(?=(\d{3})+(?!\d))/g, ',')
          .split('.')[0],
      )
    },
    MARKET_TIMEOUT_MS,
  )

  it(
    'confirms the adviser’s model change (调仓待确认) and follows the new weights',
    async () => {
      const before = await holdings()
      const codes = before.map((h) => h.fundCode)
      // the new model: half in the first fund, the rest shared out, adding to exactly 1
      const rest = new Decimal('0.5').div(codes.length - 1).toDecimalPlaces(4, Decimal.ROUND_DOWN)
      const weights = codes.map((_, i) => (i === 0 ? new Decimal('0.5') : rest))
      weights[weights.length - 1] = weights[weights.length - 1].plus(
        new Decimal(1).minus(weights.reduce((s, w) => s.plus(w), new Decimal(0))),
      )
      const target = new Map(codes.map((c, i) => [c, weights[i]]))
      await opentamp(
        'adviser',
        'publish-model',
        '--operator',
        'tougu',
        '--strategy',
        HALF,
        '--weights',
        codes.map((c, i) => `${c}=${weights[i].toFixed(4)}`).join(','),
        '--reason',
        '提高核心基金占比',
      )
      const waiting = (await info()).adjustmentInProcess
      expect(waiting.status).toBe('CUSTOMER_UNCONFIRMED')

      const page = phone.page
      await page.goto(`${base}/mine`)
      const card = page.getByTestId('fa-card').filter({ hasText: '调仓待确认' })
      await card.waitFor()
      await card.scrollIntoViewIfNeeded()
      await shot(page, 'fa-mine-adjustment-tag')
      await card.click()
      await page.getByTestId('fa-adjustment-notice').waitFor()
      await page.getByText('去确认 ›').click()
      await page.getByTestId('fa-adjustment').waitFor()
      await shot(page, 'fa-adjustment')
      await page.getByTestId('fa-adjustment-confirm').click()
      await password(page)
      await page.getByTestId('fa-adjustment-result').waitFor()
      await shot(page, 'fa-adjustmentResult')
      const adjustmentId = waiting.adjustmentId

      await advanceUntil(async () => {
        const a = await get('/serviceAccount/adjustment/detail', { adjustmentId })
        return ['DONE', 'ORDER_PARTLY_DONE', 'ORDER_FAILED'].includes(a.status)
      }, 'the rebalance settled')
      const done = await get('/serviceAccount/adjustment/detail', { adjustmentId })
      expect(done.status).toBe('DONE')
      const held = await holdings()
      const total = held.reduce((s, h) => s.plus(h.marketValue), new Decimal(0))
      for (const h of held) {
        const weight = new Decimal(h.marketValue).div(total)
        expect(
          weight
            .minus(target.get(h.fundCode) ?? 0)
            .abs()
            .lte(TOLERANCE),
          h.fundCode,
        ).toBe(true)
      }
      await open(
        page,
        `fa/adjustment?adjustmentId=${adjustmentId}`,
        'fa-adjustment',
        'fa-adjustment-done',
      )
    },
    MARKET_TIMEOUT_MS,
  )

  it(
    'charges the month’s fee as the sum of its daily accruals',
    async () => {
      type Fee = { feeId: number; source: string; feeAmount: string; feeStatus: string }
      type Accrual = { assets: string; days: number; amount: string; feeId: number | null }
      const periodFee = async (): Promise<Fee | undefined> =>
        (
          (await get('/adviser/feeList', { serviceAccountId, page: 1, size: 50 })).list as Fee[]
        ).find((f) => f.source === 'PERIOD')
      await advanceUntil(async () => !!(await periodFee()), 'a period charge')
      const fee = (await periodFee()) as Fee
      const accruals = (await get('/adviser/chargeList', { serviceAccountId, page: 1, size: 100 }))
        .list as Accrual[]
      const charged = accruals.filter((a) => a.feeId === fee.feeId)
      expect(charged.length).toBeGreaterThan(0)
      let sum = new Decimal(0)
      for (const a of charged) {
        // each day's accrual, as the test works it out: assets × 0.5 % × days ÷ 365, half up
        const amount = cents(new Decimal(a.assets).times(FEE_RATE).times(a.days).div(365))
        expect(amount.toFixed(2)).toBe(cents(a.amount).toFixed(2))
        sum = sum.plus(amount)
      }
      expect(cents(fee.feeAmount).toFixed(2)).toBe(sum.toFixed(2))
      const page = phone.page
      await open(
        page,
        `fa/serviceCharge?serviceAccountId=${serviceAccountId}`,
        'fa-fee-row',
        'fa-serviceCharge',
      )
      expect(await page.getByTestId('fa-fee-amount').first().textContent()).toContain(
        sum.toFixed(2),
      )
      await page.getByRole('tab', { name: '每日计提' }).click()
      await page.getByTestId('fa-accruals').waitFor()
      await shot(page, 'fa-serviceCharge-accruals')
    },
    MARKET_TIMEOUT_MS,
  )

  it('photographs every other fa/ screen of the account', async () => {
    const page = phone.page
    const id = serviceAccountId
    const held = await holdings()
    const orders = (
      await get('/serviceAccount/homepage/component', {
        serviceAccountId: id,
        componentType: 'TRANSACTION_HISTORY',
      })
    ).data.orderList as { brokerOrderNo: string }[]
    const announcements = (await get('/serviceAccount/homepage/announcement', {
      serviceAccountId: id,
    })) as { announcementId: number }[]
    const screens: [string, string, string][] = [
      [`fa/accountSignDetail?serviceAccountId=${id}`, 'fa-sign-detail', 'fa-accountSignDetail'],
      [`fa/previewContract?poCode=${HALF}`, 'fa-preview-contract', 'fa-previewContract'],
      [`fa/withdraw?serviceAccountId=${id}`, 'fa-withdraw-page', 'fa-withdraw'],
      [
        `fa/tradeFund?serviceAccountId=${id}&fundCode=${held[0].fundCode}`,
        'fa-trade-fund',
        'fa-tradeFund',
      ],
      [`fa/assetOrder?serviceAccountId=${id}`, 'fa-asset-order', 'fa-assetOrder'],
      [`fa/order?brokerOrderNo=${orders[0].brokerOrderNo}`, 'fa-order', 'fa-order-latest'],
      [`fa/adviserFeeAgreement?poCode=${HALF}`, 'fa-fee-agreement', 'fa-adviserFeeAgreement'],
      [`fa/firstYearCharge?poCode=${HALF}&amount=20000.00`, 'fa-first-year', 'fa-firstYearCharge'],
      [`fa/transferInvite?serviceAccountId=${id}`, 'fa-transfer-invite', 'fa-transferInvite'],
      [
        `fa/transferInvitePreview?serviceAccountId=${id}&items=0:none`,
        'fa-transfer-preview',
        'fa-transferInvitePreview',
      ],
      [`fa/report?serviceAccountId=${id}`, 'fa-report', 'fa-report'],
      [`fa/announcement?serviceAccountId=${id}`, 'fa-announcements', 'fa-announcement-list'],
      [`fa/planDeposit?serviceAccountId=${id}`, 'fa-plan-deposit', 'fa-planDeposit'],
    ]
    if (announcements.length > 0)
      screens.push([
        `fa/announcement?announcementId=${announcements[0].announcementId}`,
        'fa-announcement',
        'fa-announcement',
      ])
    for (const [path, testId, name] of screens) await open(page, path, testId, name)
    // a long product name in the title leaves the order's status on one line
    await open(
      page,
      `fa/order?brokerOrderNo=${orders[0].brokerOrderNo}`,
      'fa-order',
      'fa-order-latest',
    )
    const status = page.getByTestId('fa-order-status')
    const box = await status.boundingBox()
    const line = await status.evaluate((el) => parseFloat(getComputedStyle(el).fontSize) * 1.5)
    expect(box?.height ?? 0).toBeLessThan(line * 1.5)
  })

  it(
    'unsigns: the holdings are sold to the wallet and the account shows 已解约',
    async () => {
      const page = phone.page
      await open(
        page,
        `fa/accountSignDetail?serviceAccountId=${serviceAccountId}`,
        'fa-sign-detail',
        'fa-accountSignDetail-before-unsign',
      )
      await page.getByTestId('fa-unsign').click()
      await page.getByTestId('fa-cancel-contract').waitFor()
      await shot(page, 'fa-cancelContract')
      await page.locator('.trade-agree .adm-checkbox').click()
      await page.getByTestId('fa-unsign-submit').click()
      await password(page)
      await page.getByTestId('fa-cancel-result').waitFor()
      await shot(page, 'fa-cancelResult-pending')
      await advanceUntil(async () => (await info()).contractStatus === 3, 'the unsign settled')
      const shares = (await get('/trade/getShares', { financialAccountId })) as {
        fundCode: string
        shares: string
      }[]
      const wallet = shares.find((s) => s.fundCode === '000509')
      expect(new Decimal(wallet?.shares ?? 0).gt(0)).toBe(true)
      expect(shares.filter((s) => s.fundCode !== '000509' && new Decimal(s.shares).gt(0))).toEqual(
        [],
      )

      await open(
        page,
        `fa/cancelResult?serviceAccountId=${serviceAccountId}`,
        'fa-cancel-result',
        'fa-cancelResult',
      )
      await expect(page.getByText('已解约').first().isVisible()).resolves.toBe(true)
      await page.goto(`${base}/mine`)
      const card = page.getByTestId('fa-card').filter({ hasText: '已解约' })
      await card.waitFor()
      await card.scrollIntoViewIfNeeded()
      await shot(page, 'fa-mine-terminated')
      await card.click()
      await page.getByTestId('fa-home').waitFor()
      expect(await page.getByTestId('fa-home').getAttribute('data-contract')).toBe('3')
      await shot(page, 'fa-accountHomePage-terminated')
    },
    MARKET_TIMEOUT_MS,
  )

  it('the FULL_DISCRETIONARY account is adjusted without asking', async () => {
    const uma = (await get('/serviceAccount/customer/umaList')) as {
      serviceAccountId: number
      poCode: string
    }[]
    const full = uma.find((u) => u.poCode === FULL)!
    const fullHeld = (
      await get('/serviceAccount/fund/holdings', { serviceAccountId: full.serviceAccountId })
    ).holdingList as Holding[]
    const codes = fullHeld.map((h) => h.fundCode)
    const weights = codes.map((_, i) =>
      i === 0 ? new Decimal(1).minus(new Decimal(0.2).times(codes.length - 1)) : new Decimal(0.2),
    )
    const adjustments = async () =>
      (
        await get('/serviceAccount/homepage/component', {
          serviceAccountId: full.serviceAccountId,
          componentType: 'ADJUSTMENT_HISTORY',
        })
      ).data.adjustmentList as { adjustmentId: number }[]
    const known = new Set((await adjustments()).map((a) => a.adjustmentId))
    await opentamp(
      'adviser',
      'publish-model',
      '--operator',
      'tougu',
      '--strategy',
      FULL,
      '--weights',
      codes.map((c, i) => `${c}=${weights[i].toFixed(4)}`).join(','),
    )
    // the model change made one adjustment of this account, placed at once: it never waited
    // for the customer
    const made = (await adjustments()).filter((a) => !known.has(a.adjustmentId))
    expect(made).toHaveLength(1)
    const detail = await get('/serviceAccount/adjustment/detail', {
      adjustmentId: made[0].adjustmentId,
    })
    expect(['UNCOMMITTED', 'ORDER_IN_PROCESS', 'DONE']).toContain(detail.status)
    const path = (detail.historyList as { toStatus: string }[]).map((h) => h.toStatus)
    expect(path).not.toContain('CUSTOMER_UNCONFIRMED')
    const after = await get('/serviceAccount/getAccountInfo', {
      serviceAccountId: full.serviceAccountId,
    })
    expect(after.adjustmentInProcess?.status).not.toBe('CUSTOMER_UNCONFIRMED')
    const page = phone.page
    await open(
      page,
      `fa/accountHomePage?serviceAccountId=${full.serviceAccountId}`,
      'fa-home',
      'fa-accountHomePage-full',
    )
    expect(await page.getByTestId('fa-adjustment-notice').count()).toBe(0)
  })
})
