/**
 * Private sets (私募专区) for the demo user: hidden figures, the qualified-investor
 * statement, then the figures, a product and its protocols. The demo user starts signed in
 * (a token issued for them, see session.ts).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { CHART_DRAWN, openPhone, shot, type Phone } from './browser'
import { signIn } from './session'

const base = inject('baseURL')

describe('private sets', () => {
  let phone: Phone
  beforeAll(async () => {
    phone = await openPhone()
    await signIn(phone.page)
  })
  afterAll(async () => {
    await phone?.close()
  })

  it('hides the figures until the statement', async () => {
    const { page } = phone
    await page.goto(`${base}/privateSet/home`)
    await page.getByTestId('private-home').waitFor()
    await expect(page.getByText('认证后可见').count()).resolves.toBeGreaterThan(0)
    await shot(page, 'private-01-home')
  })

  it('confirms the qualified-investor statement', async () => {
    const { page } = phone
    await page.getByRole('button', { name: '去确认' }).click()
    await page.getByTestId('investor-statement').waitFor()
    const confirm = page.getByRole('button', { name: '确认声明' })
    await expect(confirm.isDisabled()).resolves.toBe(true)
    await page.getByText('本人已阅读并确认符合上述合格投资者条件').click()
    await shot(page, 'private-02-statement')
    await confirm.click()
    await page.waitForURL(`${base}/privateSet/home`)
    await page.getByText('净值').first().waitFor()
    await expect(page.getByText('认证后可见').count()).resolves.toBe(0)
    await shot(page, 'private-03-home-qualified')
  })

  it('opens a product and its protocols', async () => {
    const { page } = phone
    await page.locator('.adm-toast-mask').waitFor({ state: 'detached' })
    await page.getByText('远航宏观对冲1号私募证券投资基金').click()
    await page.getByTestId('private-detail').getByText('净值走势').waitFor()
    await page.getByTestId('private-detail').locator(CHART_DRAWN).first().waitFor()
    await shot(page, 'private-04-product')
    await page.getByText('产品合同与协议').click()
    await page.getByTestId('private-protocol').getByText('基金合同').first().waitFor()
    await shot(page, 'private-05-protocols')
  })
})
