/** The return analytics and the rest of the shelf (docs/rules.md#returns, docs/shelf.md) on the
 * demo world, signed in as 李明: the three returns 收益分析 shows match this test's own TWR
 * (chained from the days the API reports) and XIRR (bisection on the cash flows the API
 * reports) to 1e-6; every shelf screen opens with real content; the document viewer refuses an
 * address the broker has not allowed. The world is only read. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openPhone, shot, type Phone } from './browser'
import { apiGet, signIn } from './session'

const base = inject('baseURL')

interface Day {
  date: string
  marketValue: string
  flow: string
  profit: string
}
interface Flow {
  date: string
  amount: string
}

/** Π (1 + profit / (value before + money in)) − 1 over the days. */
function twr(startValue: number, days: Day[]): number {
  let growth = 1
  let prev = startValue
  for (const d of days) {
    const base = prev + Math.max(Number(d.flow), 0)
    if (base > 0) growth *= 1 + Number(d.profit) / base
    prev = Number(d.marketValue)
  }
  return growth - 1
}

const DAY_MS = 86_400_000
function npv(rate: number, flows: Flow[]): number {
  const t0 = Date.parse(flows[0].date)
  return flows.reduce(
    (sum, f) => sum + Number(f.amount) / (1 + rate) ** ((Date.parse(f.date) - t0) / DAY_MS / 365),
    0,
  )
}

/** The rate where the cash flows' NPV is 0, by bisection (annualised, actual/365). */
function xirr(flows: Flow[]): number {
  let lo = -0.99
  let hi = 100
  let fLo = npv(lo, flows)
  for (let i = 0; i < 300; i++) {
    const mid = (lo + hi) / 2
    const fMid = npv(mid, flows)
    if (fMid > 0 === fLo > 0) {
      lo = mid
      fLo = fMid
    } else {
      hi = mid
    }
  }
  return (lo + hi) / 2
}

describe('收益分析 and the rest of the shelf', () => {
  let phone: Phone
  let token: string
  let page: Page

  beforeAll(async () => {
    phone = await openPhone()
    page = phone.page
    token = (await signIn(page)).accessToken
  })
  afterAll(async () => {
    await phone?.close()
  })

  async function returnShown(kind: string): Promise<number> {
    const value = await page
      .getByTestId(`return-${kind}`)
      .locator('strong')
      .getAttribute('data-value')
    expect(value).toBeTruthy()
    return Number(value)
  }

  it('shows 李明 the three returns his cash flows give, on 收益分析 and 账户详情', async () => {
    await page.goto(`${base}/profitAnalysis`)
    const period = page.getByTestId('returns-period')
    await period.waitFor()
    const [startDate, endDate] = ((await period.textContent()) ?? '').match(/\d{4}-\d{2}-\d{2}/g)!
    const data = await apiGet(token, '/trade/getProfits', { startDate, endDate })
    const r = data.returns
    // the demo world's history: some three months of market days within 近1年
    expect(r.days.length).toBeGreaterThan(50)
    expect(r.cashFlows.length).toBeGreaterThan(1)
    const mine = { twr: twr(Number(r.startValue), r.days), xirr: xirr(r.cashFlows) }
    // the money-weighted rate is a root of the NPV of his flows
    expect(Math.abs(npv(mine.xirr, r.cashFlows))).toBeLessThan(1e-3)
    expect(Math.abs((await returnShown('timeWeightedReturn')) - mine.twr)).toBeLessThan(1e-6)
    expect(Math.abs((await returnShown('moneyWeightedReturn')) - mine.xirr)).toBeLessThan(1e-6)
    const netPaidIn =
      Number(r.startValue) + r.days.reduce((s: number, d: Day) => s + Number(d.flow), 0)
    const profit = r.days.reduce((s: number, d: Day) => s + Number(d.profit), 0)
    expect(Math.abs((await returnShown('simpleReturn')) - profit / netPaidIn)).toBeLessThan(1e-6)
    await page.getByText('时间加权收益率：').waitFor()
    await page.getByTestId('returns-card').scrollIntoViewIfNeeded()
    await shot(page, 'shelf-profit-analysis-returns')

    // another period: 近3月
    await page.getByTestId('returns-card').getByRole('tab', { name: '近3月' }).click()
    await page.waitForFunction(
      (start) =>
        !document.querySelector('[data-testid="returns-period"]')?.textContent?.startsWith(start),
      startDate,
    )
    const [start3, end3] = ((await period.textContent()) ?? '').match(/\d{4}-\d{2}-\d{2}/g)!
    const r3 = (await apiGet(token, '/trade/getProfits', { startDate: start3, endDate: end3 }))
      .returns
    expect(
      Math.abs((await returnShown('timeWeightedReturn')) - twr(Number(r3.startValue), r3.days)),
    ).toBeLessThan(1e-6)

    // 账户详情 of one account: its figures and its own returns
    const accounts = await apiGet(token, '/account/getAccountAssetList')
    const fa = accounts[0]
    await page.goto(`${base}/accountDetail?financialAccountId=${fa.financialAccountId}`)
    await page.getByTestId('account-figures').getByText(fa.financialAccountName).waitFor()
    await page.getByTestId('returns-period').waitFor()
    const [s, e] = ((await page.getByTestId('returns-period').textContent()) ?? '').match(
      /\d{4}-\d{2}-\d{2}/g,
    )!
    const ra = (
      await apiGet(token, '/trade/getProfits', {
        startDate: s,
        endDate: e,
        financialAccountId: String(fa.financialAccountId),
      })
    ).returns
    expect(
      Math.abs((await returnShown('timeWeightedReturn')) - twr(Number(ra.startValue), ra.days)),
    ).toBeLessThan(1e-6)
    if (ra.cashFlows.length > 1) {
      expect(
        Math.abs((await returnShown('moneyWeightedReturn')) - xirr(ra.cashFlows)),
      ).toBeLessThan(1e-6)
    }
    await shot(page, 'shelf-account-detail')
  })

  it('opens every shelf screen with its content', async () => {
    const screens: [string, string, string][] = [
      ['landing?channel=autumn2026', 'landing-hero', 'shelf-landing'],
      ['disableNotice', 'trade-date', 'shelf-disable-notice'],
      ['app', 'app-version', 'shelf-app'],
      ['app-download', 'app-version', 'shelf-app-download'],
      ['app/privacy', 'privacy-detail', 'shelf-app-privacy'],
      ['about-us', 'about-us', 'shelf-about-us'],
      ['superWalletRules', 'wallet-balance', 'shelf-super-wallet-rules'],
      ['nonAmericanSign', 'non-american-status', 'shelf-non-american-sign'],
      ['dsfofList', 'dsfof-list', 'shelf-dsfof-list'],
      ['dsfofDetail?productCode=009001', 'dsfof-detail', 'shelf-dsfof-detail'],
      ['accountDetail', 'account-list', 'shelf-account-list'],
    ]
    for (const [path, testId, name] of screens) {
      await page.goto(`${base}/${path}`)
      await page.getByTestId(testId).waitFor()
      expect(((await page.getByTestId(testId).textContent()) ?? '').trim().length).toBeGreaterThan(
        2,
      )
      await shot(page, name)
    }
    const fofs = await apiGet(token, '/shelf/dsfof/list')
    expect(fofs.map((f: { fundCode: string }) => f.fundCode)).toContain('009001')
    await page.goto(`${base}/dsfofList`)
    await page.getByText(fofs[0].shortName).first().waitFor()
    await page.goto(`${base}/nonAmericanSignReal`)
    await page.getByText('非美国税收居民声明').or(page.getByText('已完成声明')).first().waitFor()
    await shot(page, 'shelf-non-american-sign-real')
    // 李明 bought the target-date FOF 009003 from his pension account (docs/demo.md): read as
    // every record list reads an order, and leading to its detail.
    await page.goto(`${base}/dsfofRecord`)
    // (other tests of the run may have bought FOFs since: his own row is found by its amount)
    const bought = page
      .getByTestId('dsfof-records')
      .getByTestId('order-row')
      .filter({ hasText: '2040' })
      .filter({ hasText: '2,500.00元' })
      .first()
    expect(await bought.textContent()).toMatch(/买入.*2,500\.00元交易成功/)
    await shot(page, 'shelf-dsfof-record')
    const methods = await apiGet(token, '/account/getAllPaymentMethods', { capitalMode: 'ALL' })
    expect(methods.walletPaymentMethods.length).toBeGreaterThan(0)
    await page.goto(`${base}/superWalletRules`)
    await page.getByTestId('wallet-balance').getByText('可用余额').waitFor()
  })

  it('opens an allowed document and refuses any other address', async () => {
    await page.goto(
      `${base}/outsideChain?url=${encodeURIComponent('https://evil.example/phish')}&title=x`,
    )
    await page.getByTestId('document-refused').getByText('该链接不在允许打开的范围内').waitFor()
    expect(await page.locator('iframe').count()).toBe(0)
    await shot(page, 'shelf-outside-chain-refused')
    await page.goto(`${base}/iframe?url=${encodeURIComponent('javascript:alert(1)')}`)
    await page.getByTestId('document-refused').waitFor()
    const own = `${base}/about-us`
    await page.goto(
      `${base}/outsideChain?url=${encodeURIComponent(own)}&title=${encodeURIComponent('关于我们')}`,
    )
    await page.getByTestId('document-viewer').waitFor()
    expect(await page.locator('iframe').getAttribute('src')).toBe(own)
    await shot(page, 'shelf-outside-chain')
  })
})
