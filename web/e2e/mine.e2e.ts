/** 我的 for the demo user: the header, total assets and the financial accounts, and the pop-ups
 * of its sections, whose code comes with the first tap (docs/architecture.md#first-load). */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { openPhone, shot, type Phone } from './browser'
import { signIn } from './session'

const base = inject('baseURL')

describe('我的', () => {
  let phone: Phone
  beforeAll(async () => {
    phone = await openPhone()
    await signIn(phone.page, { phone: '13800138000' })
  })
  afterAll(async () => {
    await phone?.close()
  })

  it('shows the user, the total and the visible financial accounts', async () => {
    const { page } = phone
    await page.goto(`${base}/mine`)
    await page.getByText('理财账户', { exact: true }).waitFor()
    await page.locator('[data-testid="fa-card"]').first().waitFor()
    const names = await page.locator('.fa-card__name').allInnerTexts()
    expect(names.map((n) => n.replace(/\s+/g, ''))).toEqual([
      '默认账户默认',
      '养老钱',
      '子女教育',
      '个人养老金',
      '投顾账户·均衡',
      '智能投顾·稳健增值',
    ])
    await expect(page.getByText('李明').first().isVisible()).resolves.toBe(true)
    await shot(page, 'mine')
    await page.getByText('展开隐藏账户（1）').click()
    await page.getByText('小金库').waitFor()
    await shot(page, 'mine-hidden-expanded')
  })
  it('opens the manage sheet, once its code could be downloaded', async () => {
    const { page } = phone
    await page.goto(`${base}/mine`)
    await page.locator('[data-testid="fa-card"]').first().waitFor()
    // the first tap's download fails: nothing opens, the next tap tries again
    await page.route('**/assets/popup-impl-*.js*', (route) => route.abort())
    const manage = page.getByRole('button', { name: '管理', exact: true })
    await manage.click()
    await page.waitForTimeout(500)
    await expect(page.getByText('管理账户').count()).resolves.toBe(0)
    await page.unroute('**/assets/popup-impl-*.js*')
    await manage.click()
    await page.getByText('管理账户').waitFor()
    await page.getByText('创建账户').waitFor()
    await shot(page, 'mine-manage-sheet')
    await page.getByText('管理账户').click()
    await page.waitForURL(`${base}/financialAccountVisibility`)
  })

  it('tells that no more financial accounts can be created', async () => {
    const { page } = phone
    // the server's list, as if the broker's maximum were the accounts the user holds
    const list = '**/account/getFinancialAccountList*'
    await page.route(list, async (route) => {
      const response = await route.fetch()
      const body = (await response.json()) as {
        data: { maxFinancialAccounts: number; realFinancialAccountCount: number }
      }
      body.data.maxFinancialAccounts = body.data.realFinancialAccountCount
      await route.fulfill({ response, json: body })
    })
    try {
      await page.goto(`${base}/mine`)
      await page.locator('[data-testid="fa-card"]').first().waitFor()
      await page.getByText('+ 新增理财账户').click()
      const limit = page.getByText(/^最多支持创建\d+个理财账户，你当前已经持有\d+个账户/)
      await limit.waitFor()
      await shot(page, 'mine-account-limit')
      await page.getByRole('button', { name: '我知道了' }).click()
      await limit.waitFor({ state: 'hidden' })
      expect(new URL(page.url()).pathname).toBe(new URL(`${base}/mine`).pathname)
    } finally {
      await page.unroute(list)
    }
  })

  it('filters the holdings in the filter sheet', async () => {
    const { page } = phone
    await page.goto(`${base}/mine`)
    await page.locator('[data-testid="fa-card"]').first().waitFor()
    await page.getByRole('button', { name: '筛选' }).click()
    const sheet = page.locator('[data-testid="asset-filter"]')
    await sheet.waitFor()
    await sheet.getByText('单只基金').click()
    await shot(page, 'mine-filter-sheet')
    await sheet.getByText('确定').click()
    await sheet.waitFor({ state: 'hidden' })
    await page.getByRole('button', { name: '单只基金 · 持仓金额从高到低' }).waitFor()
  })
})
