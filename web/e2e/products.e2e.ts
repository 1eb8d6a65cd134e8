/**
 * The product journey of issue #4 on the demo world: home → search → a fund → its
 * performance periods → a portfolio → its composition and adjustment history → trade rules.
 * A visitor token is taken the way the app takes one (POST /noauth/store/h5Token) and kept as
 * the session.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { CHART_DRAWN, openPhone, shot, type Phone } from './browser'

const base = inject('baseURL')
const api = inject('apiBase')

async function visitorSession(page: Page): Promise<void> {
  const res = await fetch(`${api}/noauth/store/h5Token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ teamId: 9001 }),
  })
  const { data } = (await res.json()) as {
    data: { accessToken: string; expiresIn: number; brokerUserId: number }
  }
  const session = {
    accessToken: data.accessToken,
    brokerUserId: data.brokerUserId,
    accountId: null,
    expiresAt: Date.now() + (data.expiresIn - 300) * 1000,
    visitor: true,
  }
  await page.addInitScript((value) => {
    localStorage.setItem('opentamp.session', value)
    // the operation pop-up has been seen today: it would cover the screenshots
    localStorage.setItem('opentamp.push.1', new Date().toISOString().slice(0, 10))
  }, JSON.stringify(session))
}

describe('products: home to trade rules', () => {
  let phone: Phone
  beforeAll(async () => {
    phone = await openPhone()
    await visitorSession(phone.page)
  })
  afterAll(async () => {
    await phone?.close()
  })

  it('home shows the team, banners, recommendations and articles', async () => {
    const { page } = phone
    await page.goto(`${base}/home`)
    await page.getByTestId('team-header').waitFor()
    await expect(page.getByTestId('team-header').innerText()).resolves.toContain('开放财富投顾团队')
    await page.getByTestId('recommendations').getByTestId('product-card').first().waitFor()
    await expect(page.getByTestId('recommendations').innerText()).resolves.toContain('均衡配置组合')
    await page.getByTestId('banner').waitFor()
    await shot(page, 'products-01-home')
    await page.getByTestId('articles').getByTestId('article-item').first().waitFor()
    await expect(page.getByTestId('articles').getByTestId('article-item').count()).resolves.toBe(2)
    await page.getByTestId('articles').scrollIntoViewIfNeeded()
    await shot(page, 'products-02-home-articles')
  })

  it("opens the team's introduction and the announcements, whose sheets load with the first tap", async () => {
    const { page } = phone
    // the pop-ups' code (antd-mobile's Popup) is not part of 首页's (docs/architecture.md#first-load)
    await page.getByTestId('team-header').click()
    const sheet = page.locator('.adm-popup-body').filter({ hasText: '在售产品' })
    await sheet.waitFor()
    await expect(sheet.innerText()).resolves.toContain('开放财富投顾团队')
    await shot(page, 'products-01-home-team-intro')
    await page
      .locator('.adm-mask')
      .first()
      .click({ position: { x: 180, y: 80 } })
    await sheet.waitFor({ state: 'hidden' })
    const title = (await page.getByTestId('notice-bar').innerText()).split('　')[0].trim()
    await page.getByTestId('notice-bar').click()
    const notices = page.locator('.adm-popup-body').filter({ hasText: title })
    await notices.waitFor()
    await shot(page, 'products-01-home-announcements')
    await page
      .locator('.adm-mask')
      .last()
      .click({ position: { x: 180, y: 80 } })
    await notices.waitFor({ state: 'hidden' })
  })

  it('searches and opens a fund', async () => {
    const { page } = phone
    await page.locator('.store-search').click()
    await page.waitForURL(`${base}/search`)
    await page.getByText('热门产品').waitFor()
    await page.getByPlaceholder('搜索基金、组合名称或代码').fill('消费')
    // the team's popular products give way to the results
    await page.getByText('热门产品').waitFor({ state: 'detached' })
    await page.getByTestId('product-card').filter({ hasText: '远航消费升级股票' }).waitFor()
    // the search answer replaces the popular products (which may hold the same fund)
    await expect.poll(() => page.getByTestId('product-card').count(), { timeout: 15_000 }).toBe(1)
    await shot(page, 'products-03-search')
    await page.getByTestId('product-card').filter({ hasText: '远航消费升级股票' }).click()
    await page.waitForURL(/fundProductDetail\?productCode=004101/)
    await page.getByTestId('performance-chart').locator(CHART_DRAWN).first().waitFor()
    await expect(page.locator('.pd-header__name').innerText()).resolves.toContain(
      '远航消费升级股票',
    )
    await shot(page, 'products-04-fund')
  })

  it('switches the fund chart between periods', async () => {
    const { page } = phone
    const legend = page.getByTestId('performance-chart').locator('.pd-legend')
    const oneYear = await legend.innerText()
    await page.getByRole('tab', { name: '成立以来' }).click()
    await expect.poll(async () => legend.innerText(), { timeout: 10_000 }).not.toBe(oneYear)
    await page.getByRole('tab', { name: '近3月' }).click()
    await page.getByTestId('returns-table').waitFor()
    await shot(page, 'products-05-fund-periods')
    await page.getByTestId('returns-table').scrollIntoViewIfNeeded()
    await shot(page, 'products-06-fund-returns')
  })

  it('opens a portfolio with its algorithm switch, composition and chart', async () => {
    const { page } = phone
    await page.goto(`${base}/home`)
    await page.getByTestId('recommendations').getByText('均衡配置组合').click()
    await page.waitForURL(/poProductDetail\?productCode=ZH000002/)
    await page.getByTestId('performance-chart').locator(CHART_DRAWN).first().waitFor()
    await page.getByTestId('algorithm-bar').waitFor()
    await expect(page.getByTestId('algorithm-bar').innerText()).resolves.toContain('实盘净值')
    await shot(page, 'products-07-portfolio')
    await page.getByTestId('algorithm-bar').getByText('恒定权重').click()
    await page.getByTestId('performance-chart').locator(CHART_DRAWN).first().waitFor()
    await page.getByTestId('composition').scrollIntoViewIfNeeded()
    await expect(page.getByTestId('composition').innerText()).resolves.toMatch(/债券类/)
    await shot(page, 'products-08-portfolio-composition')
  })

  it('shows the adjustment history', async () => {
    const { page } = phone
    await page.getByText('调仓历史', { exact: true }).click()
    await page.waitForURL(/adjustHistory\?poCode=ZH000002/)
    await page.getByTestId('adjust-history').waitFor()
    await expect(page.getByTestId('adjust-history').innerText()).resolves.toContain('调整后')
    await shot(page, 'products-09-adjust-history')
    await page.goBack()
  })

  it('shows the trade rules from the fee schedules', async () => {
    const { page } = phone
    await page.getByTestId('po-detail').waitFor()
    await page.getByText('交易规则', { exact: true }).click()
    await page.waitForURL(/newTradeRules\?productCode=ZH000002/)
    await page.getByTestId('purchase-fees').first().waitFor()
    await expect(page.getByTestId('trade-rules').innerText()).resolves.toContain('确认份额')
    await shot(page, 'products-10-trade-rules')
  })
})
