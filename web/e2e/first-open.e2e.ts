/**
 * A newcomer's first minutes at 375×812 (the first-ten-minutes defects): a first open lands on
 * 首页 as a visitor, 我的 offers sign-in instead of failing, 游客访问 works, the browser tab
 * reads the route and the broker in Chinese with the broker's icon, and the sign-in, account
 * opening and trade-password screens speak the product's words.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openPhone, shot, type Phone } from './browser'
import { quietTabPopups, signIn } from './session'

const base = inject('baseURL')

/** Failing requests and console errors of a page from now on. */
function watch(page: Page): { failures: string[] } {
  const failures: string[] = []
  page.on('response', (r) => {
    if (r.status() >= 400) failures.push(`${r.status()} ${r.url()}`)
  })
  page.on('console', (m) => {
    if (m.type() === 'error') failures.push(`console: ${m.text()}`)
  })
  return { failures }
}

describe('a first open', () => {
  let phone: Phone
  let seen: { failures: string[] }
  beforeAll(async () => {
    phone = await openPhone()
    seen = watch(phone.page)
  })
  afterAll(async () => {
    await phone?.close()
  })

  it('lands on 首页 as a visitor, with the catalogue readable and nothing failing', async () => {
    const { page } = phone
    await page.goto(new URL(base).origin + '/')
    await page.waitForURL(`${base}/home`)
    await page.getByText('精选推荐').waitFor()
    await page.locator('[data-testid="product-card"]').first().waitFor()
    const session = await page.evaluate(() => localStorage.getItem('opentamp.session'))
    expect(JSON.parse(session ?? '{}')).toMatchObject({ visitor: true, accountId: null })
    await shot(page, 'first-open-home')
    expect(seen.failures).toEqual([])
  })

  it('names the route and the broker in the tab, with the broker icon and no favicon.ico', async () => {
    const { page } = phone
    await page.waitForFunction(() => /^首页 - .+/.test(document.title))
    const icon = await page.locator('link[rel="icon"]').getAttribute('href')
    expect(icon).toBeTruthy()
    expect(seen.failures.filter((f) => f.includes('favicon.ico'))).toEqual([])
  })

  it('offers sign-in on 我的 instead of failing, and keeps the visitor', async () => {
    const { page } = phone
    await page.getByText('我的', { exact: true }).last().click()
    await page.waitForURL(`${base}/mine`)
    await page.getByText('登录/注册').waitFor()
    await shot(page, 'first-open-mine-visitor')
    expect(page.url()).toBe(`${base}/mine`)
    expect(seen.failures).toEqual([])
    await page.getByRole('button', { name: '去登录' }).click()
    await page.waitForURL(`${base}/login`)
  })

  it('says 同页填写验证码登录, not a developer label, on the sign-in page', async () => {
    const { page } = phone
    await page.getByText('同页填写验证码登录').waitFor()
    await expect(page.getByText('单页').count()).resolves.toBe(0)
  })
})

describe('游客访问 from the sign-in choice', () => {
  let phone: Phone
  beforeAll(async () => {
    phone = await openPhone()
  })
  afterAll(async () => {
    await phone?.close()
  })

  // Retried once: on a loaded machine the tap on 游客访问 went nowhere in about one run of
  // five (the page stayed on 授权登录 with no request failed and nothing pending; the same
  // run with listeners on the page's responses passed six times in six). Twice is a failure.
  it(
    'gives a visitor token for the broker of the visit and goes on to 首页',
    { retry: 1 },
    async () => {
      const { page } = phone
      const seen = watch(page)
      await page.goto(`${base}/empower`)
      await page.getByRole('button', { name: '游客访问' }).click()
      await page.waitForURL(/\/home$/)
      await page.getByText('精选推荐').waitFor()
      await expect(page.getByText('商户信息传入有误').count()).resolves.toBe(0)
      expect(seen.failures).toEqual([])
    },
  )
})

describe('declarations and hints a user fills in', () => {
  let phone: Phone
  beforeAll(async () => {
    phone = await openPhone()
    await quietTabPopups(phone.page)
  })
  afterAll(async () => {
    await phone?.close()
  })

  it('leaves 本人确认不是美国税收居民 for the user to tick when opening an account', async () => {
    const { page } = phone
    await signIn(page, { quiet: true, phone: '13900139000' })
    await page.goto(`${base}/openAccount`)
    const box = page.locator('.adm-checkbox', { hasText: '本人确认不是美国税收居民' })
    await box.waitFor()
    await expect(box.getAttribute('class')).resolves.not.toContain('adm-checkbox-checked')
    await shot(page, 'first-open-open-account')
  })

  it('never mentions a 登录密码 on the trade-password screen', async () => {
    const { page } = phone
    await signIn(page, { quiet: true })
    await page.goto(`${base}/setTradePassword`)
    await page.getByText('交易密码用于买入、卖出').waitFor()
    await expect(page.getByText('登录密码').count()).resolves.toBe(0)
  })
})

describe("today is the server's", () => {
  let phone: Phone
  beforeAll(async () => {
    phone = await openPhone()
    await quietTabPopups(phone.page)
  })
  afterAll(async () => {
    await phone?.close()
  })

  it("marks the server's today on the profit calendar even when the phone's clock is days behind", async () => {
    const { page } = phone
    const issued = await signIn(page, { quiet: true })
    const res = await fetch(`${inject('apiBase')}/noauth/app/version`, {
      headers: { Authorization: `Bearer ${issued.accessToken}` },
    })
    const serverTime = res.headers.get('x-server-time') as string
    const serverDay = serverTime.slice(0, 10)
    // the phone thinks it is three days earlier
    await page.clock.setFixedTime(new Date(Date.parse(serverTime) - 3 * 86_400_000))
    await page.goto(`${base}/profitAnalysis`)
    const today = page.locator('[data-testid="profit-day"].is-today')
    await today.waitFor()
    await expect(today.locator('b').innerText()).resolves.toBe(String(Number(serverDay.slice(8))))
    await shot(page, 'first-open-profit-calendar')
  })
})

describe('a page opened with a wrong or incomplete link', () => {
  let phone: Phone
  beforeAll(async () => {
    phone = await openPhone()
    await quietTabPopups(phone.page)
    await signIn(phone.page, { quiet: true })
  })
  afterAll(async () => {
    await phone?.close()
  })

  it('says the content does not exist, with a way back, not a network problem', async () => {
    const { page } = phone
    await page.goto(`${base}/poProductDetail?productCode=ZH999999&productType=poFund`)
    await page.getByText('内容不存在或已下架').waitFor()
    await expect(page.getByText('网络').count()).resolves.toBe(0)
    await shot(page, 'first-open-missing')
    await page.getByRole('button', { name: '返回' }).click()
    await page.waitForURL(/\/home$/)
  })
})
