/** The pop-ups of a signed-in visit on the demo world (docs/product.md#states), one at a time: the
 * privacy-policy consent with its cancel mask; then, for the demo account holder, the payment
 * re-sign prompt (the demo CMB card's channel is not signed; the non-US declaration passes
 * silently, the demo user has declared it); then the broker's operation pop-up of the tab page, and on 首页 the operation push.
 * This is the only browser test that consents for the demo user; the others sign in quietly. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { openPhone, shot, type Phone } from './browser'
import { signIn } from './session'

const base = inject('baseURL')
const api = inject('apiBase')

describe('pop-ups of a signed-in visit', () => {
  let phone: Phone
  let token: string
  beforeAll(async () => {
    phone = await openPhone()
    token = (await signIn(phone.page, { quiet: false })).accessToken
  })
  afterAll(async () => {
    await phone?.close()
  })

  const consent = async () => {
    const res = await fetch(`${api}/account/checkUserLatestContracts?fileTypes=privacyPolicy`, {
      headers: { Authorization: `Bearer ${token}` },
    })
    return (await res.json()).data[0]
  }

  it('asks for consent to the privacy policy, and 不同意 closes the service until 重新授权', async () => {
    const { page } = phone
    expect((await consent()).isSignLatest).toBe(false)
    await page.goto(`${base}/home`)
    await page.getByText('隐私政策授权').waitFor()
    await shot(page, 'popup-privacy')
    await page.getByRole('button', { name: '不同意' }).click()
    await page.getByText('服务暂不可用').waitFor()
    await shot(page, 'popup-privacy-refused')
    await page.getByRole('button', { name: '重新授权' }).click()
    await page.getByText('隐私政策授权').waitFor()
  })

  it('同意 records the consent; the account prompts follow, one at a time', async () => {
    const { page } = phone
    await page.getByRole('button', { name: '同意', exact: true }).click()
    await page.getByText('需重新签约支付通道').waitFor()
    expect((await consent()).isSignLatest).toBe(true)
    await expect(page.getByText('非美国税收居民声明').count()).resolves.toBe(0)
    await shot(page, 'popup-payment-resign')
    await page.getByRole('button', { name: '暂不签约' }).click()
    await page.getByText('需重新签约支付通道').waitFor({ state: 'hidden' })
  })

  it('then the home page’s operation pop-up, and last the operation push', async () => {
    const { page } = phone
    await page.getByText('定投计划，省心积累').waitFor()
    await shot(page, 'popup-operation-home')
    await page.getByRole('button', { name: '关闭' }).click()
    await page.getByText('定投计划，省心积累').waitFor({ state: 'hidden' })
    const push = page.getByTestId('operation-push')
    await push.waitFor()
    await expect(push.innerText()).resolves.toContain('沪深300发车啦')
    await page.locator('.adm-center-popup-close').last().click()
    await push.waitFor({ state: 'hidden' })
  })

  it('我的 has its own operation pop-up; a new visit shows neither prompt again', async () => {
    const { page } = phone
    await page.getByText('我的', { exact: true }).last().click()
    await page.getByText('理财账户升级').waitFor()
    await page.getByRole('button', { name: '关闭' }).click()
    await page.getByText('理财账户升级').waitFor({ state: 'hidden' })
    // A new visit (a fresh tab's session storage): the consent is on the server, the home
    // pop-up was ONCE and the 我的 pop-up DAILY, both seen today.
    const again = await phone.context.newPage()
    await again.goto(`${base}/home`)
    await again.locator('.adm-tab-bar-item').first().waitFor()
    await again.getByText('我的', { exact: true }).last().click()
    await again.waitForURL(`${base}/mine`)
    await again.waitForLoadState('networkidle')
    await expect(again.getByText('隐私政策授权').count()).resolves.toBe(0)
    await expect(again.getByText('非美国税收居民声明').count()).resolves.toBe(0) // once a day
    await expect(again.getByText('需重新签约支付通道').count()).resolves.toBe(0) // put off 1440 min
    await expect(again.getByText('定投计划，省心积累').count()).resolves.toBe(0)
    await expect(again.getByText('理财账户升级').count()).resolves.toBe(0)
    await expect(again.getByTestId('operation-push').count()).resolves.toBe(0) // daily, seen
    await again.close()
  })
})
