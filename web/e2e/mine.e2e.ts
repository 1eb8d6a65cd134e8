/** 我的 for the demo user: the header, total assets and the financial accounts. */
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
})
