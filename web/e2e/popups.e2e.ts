/** The pop-ups of the demo account holder's app opens (docs/product.md#states), at most one per
 * app open, the most important first: the privacy-policy consent with its cancel mask; then the
 * payment re-sign prompt (the demo CMB card's channel is not signed; the non-US declaration
 * passes silently, the demo user has declared it); then the broker's operation pop-up of the tab
 * page, and on 首页 the operation push. This is the only browser test that consents for the
 * demo user; the others sign in quietly. */
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

  /** No pop-up but the one already seen in this app open, on 首页 and on 我的. */
  const nothingElse = async (page: typeof phone.page) => {
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(500)
    await expect(page.locator('.adm-modal, .adm-center-popup-body').count()).resolves.toBe(0)
  }
  /** A new app open: a fresh tab (its own session storage) on a tab page. */
  const reopen = async (path: string) => {
    await phone.page.close()
    phone.page = await phone.context.newPage()
    await phone.page.goto(`${base}/${path}`)
    await phone.page.locator('.app-tab-bar__item').first().waitFor()
    return phone.page
  }

  it('同意 records the consent, and nothing else pops up in this app open', async () => {
    const { page } = phone
    await page.getByRole('button', { name: '同意', exact: true }).click()
    await page.getByText('隐私政策授权').waitFor({ state: 'hidden' })
    expect((await consent()).isSignLatest).toBe(true)
    await nothingElse(page)
    await page.getByText('我的', { exact: true }).last().click()
    await page.waitForURL(`${base}/mine`)
    await nothingElse(page)
  })

  it('the next open shows the payment re-sign prompt alone', async () => {
    const page = await reopen('home')
    await page.getByText('需重新签约支付通道').waitFor()
    await expect(page.getByText('隐私政策授权').count()).resolves.toBe(0)
    await shot(page, 'popup-payment-resign')
    await page.getByRole('button', { name: '暂不签约' }).click()
    await page.getByText('需重新签约支付通道').waitFor({ state: 'hidden' })
    await nothingElse(page)
  })

  it('the next open shows the home page’s operation pop-up alone; 去看看 leads to the plans', async () => {
    const page = await reopen('home')
    await page.getByText('定投计划，省心积累').waitFor()
    await shot(page, 'popup-operation-home')
    await page.getByRole('button', { name: '去看看' }).click()
    await page.waitForURL(/\/strategy\/autoInvestPlanList/)
    await page.getByTestId('plan-card').first().waitFor()
    await shot(page, 'plans-from-popup')
    await page.goto(`${base}/home`)
    await page.locator('.app-tab-bar__item').first().waitFor()
    await nothingElse(page)
    await page.getByText('我的', { exact: true }).last().click()
    await page.waitForURL(`${base}/mine`)
    await nothingElse(page)
  })

  it('then 我的 has its own operation pop-up, and 首页 the operation push', async () => {
    let page = await reopen('mine')
    await page.getByText('理财账户升级').waitFor()
    await page.getByRole('button', { name: '关闭' }).click()
    await page.getByText('理财账户升级').waitFor({ state: 'hidden' })
    await nothingElse(page)
    page = await reopen('home')
    const push = page.getByTestId('operation-push')
    await push.waitFor()
    await expect(push.innerText()).resolves.toContain('沪深300发车啦')
    await page.locator('.adm-center-popup-close').last().click()
    await push.waitFor({ state: 'hidden' })
  })

  it('a later open shows nothing: each was seen or put off', async () => {
    const page = await reopen('home')
    await nothingElse(page)
    await page.getByText('我的', { exact: true }).last().click()
    await page.waitForURL(`${base}/mine`)
    await nothingElse(page)
  })
})
