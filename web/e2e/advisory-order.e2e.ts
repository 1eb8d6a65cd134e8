/** 订单 (fa/order) of an advisory deposit on the demo world (docs/advisory.md#the-demo-world):
 * 李明 tops up his ZH000007 account on fa/deposit (SMS code and trade password); the order
 * waits with its 预计确认日; he cancels it (撤单, trade password) and the cancelled order shows
 * no expected confirmation date any more (docs/trading.md: a cancelled order never reaches
 * one). Both states are photographed at 375×812. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openPhone, shot, type Phone } from './browser'
import { apiGet, lastSmsCode, press, signIn } from './session'

const base = inject('baseURL')
const PHONE = '13800138000'
const PASSWORD = '135790' // docs/demo.md
const FULL = 'ZH000007'

async function password(page: Page): Promise<void> {
  await page.getByText('请输入交易密码').waitFor()
  await page.locator('.adm-passcode-input:visible').click()
  await press(page, PASSWORD)
}

const labels = (page: Page) =>
  page.locator('[data-testid="fa-order"] .pd-kv__key').allTextContents()

describe('投顾订单: a cancelled deposit has no expected confirmation date', () => {
  let phone: Phone

  beforeAll(async () => {
    phone = await openPhone()
  })
  afterAll(async () => {
    await phone?.close()
  })

  it('shows 预计确认日 while the deposit waits, and none once it is cancelled', async () => {
    const page = phone.page
    const { accessToken } = await signIn(page)
    const contract = await apiGet(accessToken, '/serviceAccount/contract/detail', {
      poCode: FULL,
    })
    await page.goto(`${base}/fa/deposit?serviceAccountId=${contract.serviceAccountId}`)
    await page.getByTestId('fa-deposit-page').waitFor()
    await page.getByTestId('fa-amount').click()
    await press(page, '2000')
    await page.getByText('完成', { exact: true }).click()
    await page.getByTestId('fa-deposit-split').waitFor()
    await page.getByRole('button', { name: '获取验证码' }).click()
    await page.getByText(/秒后重发/).waitFor()
    await page.locator('input[aria-label="短信验证码"]').first().fill(lastSmsCode(PHONE))
    await page.getByTestId('fa-deposit-submit').click()
    await password(page)

    await page.getByTestId('fa-order').waitFor()
    await page.getByTestId('fa-order-cancel').waitFor()
    expect(await labels(page)).toContain('预计确认日')
    await shot(page, 'fa-order-waiting')

    await page.getByTestId('fa-order-cancel').click()
    await page.getByText('确认撤单').click()
    await password(page)
    await page.locator('[data-testid="fa-order"][data-status="cancel"]').waitFor()
    // the password keypad closed, the 撤单 button gone
    await page.locator('.adm-number-keyboard-key').first().waitFor({ state: 'hidden' })
    await page.getByTestId('fa-order-cancel').waitFor({ state: 'detached' })
    await page.waitForTimeout(300)
    await expect(page.getByTestId('fa-order-status').textContent()).resolves.toBe('已撤单')
    const after = await labels(page)
    expect(after).toContain('交易日')
    expect(after.some((l) => l.includes('确认日'))).toBe(false)
    await shot(page, 'fa-order-cancelled')
  }, 120_000)
})
