/** The buy verify code (docs/trading.md "Buy verify code"): 李明 switches 支付验证方式 to
 * 交易密码+短信验证码, buys a fund, and after the trade password is asked for the SMS code,
 * which this test reads from the test server's SMS outbox; the order is placed with the
 * code's ticket. The method is switched back afterwards for the other journeys. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { openPhone, shot, type Phone } from './browser'
import { lastSmsCode, press, signIn } from './session'

const base = inject('baseURL')
const api = inject('apiBase')
const PHONE = '13800138000'
const PASSWORD = '135790'
const FUND = '002303' // 青松信用优选A: R2, not in the demo user's history

describe('buying with the trade password and an SMS code', () => {
  let phone: Phone
  let token: string

  const call = async (method: 'GET' | 'POST', path: string, body?: object) => {
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }
    const res = await fetch(`${api}${path}`, {
      method,
      headers,
      body: body ? JSON.stringify(body) : undefined,
    })
    const data = await res.json()
    if (data.code !== 0) throw new Error(`${path}: ${JSON.stringify(data)}`)
    return data.data
  }

  beforeAll(async () => {
    phone = await openPhone()
    token = (await signIn(phone.page, { phone: PHONE })).accessToken
  })
  afterAll(async () => {
    await call('POST', '/security/changeTradeVerifyMethod', {
      method: 'PASSWORD',
      password: PASSWORD,
    }).catch(() => undefined)
    await phone?.close()
  })

  it('switches 支付验证方式 to 交易密码+短信验证码', async () => {
    const { page } = phone
    await page.goto(`${base}/payAuthMode`)
    await page.getByText('交易密码+短信验证码').click()
    await page.getByText('验证交易密码以修改支付验证方式').waitFor()
    await page.locator('.adm-passcode-input:visible').click()
    await press(page, PASSWORD)
    await page.getByText('已修改').waitFor()
    const setting = await call('GET', '/security/setting')
    expect(setting.tradeVerifyMethod).toBe('PASSWORD_SMS')
  })

  it('asks for the SMS code after the trade password and places the order with it', async () => {
    const { page } = phone
    await page.goto(`${base}/allot?productCode=${FUND}&productType=fund`)
    const choose = page.getByText('请选择本次交易使用的理财账户')
    await Promise.race([choose.waitFor(), page.getByTestId('trade-product').waitFor()])
    if (await choose.isVisible()) {
      await page.locator('.adm-list-item').filter({ hasText: '默认账户' }).click()
      await page.getByRole('button', { name: '确定' }).click()
    }
    await page.getByTestId('trade-fee').waitFor()
    await page.getByTestId('trade-amount').click()
    await press(page, '1000')
    await page.getByText('完成', { exact: true }).click()
    await page.locator('.trade-agree .adm-checkbox').click()
    await page.getByTestId('trade-submit').click()
    await page.getByText('请输入交易密码').waitFor()
    await page.locator('.adm-passcode-input:visible').click()
    await press(page, PASSWORD)

    const step = page.getByTestId('buy-verify')
    await step.waitFor()
    await expect(step.innerText()).resolves.toContain('138****8000')
    await expect(page.getByTestId('buy-verify-submit').isDisabled()).resolves.toBe(true)
    await step.getByRole('button', { name: '发送验证码' }).click()
    await step.getByText('验证码已发送至 138****8000').waitFor()
    await step.getByRole('button', { name: /秒后重发$/ }).waitFor()
    await step.getByRole('textbox', { name: '短信验证码' }).fill(lastSmsCode(PHONE))
    await page.getByTestId('buy-verify-submit').and(page.locator(':enabled')).waitFor()
    await page.getByText('验证码已发送', { exact: true }).waitFor({ state: 'hidden' })
    await shot(page, 'buy-verify-sms-step')
    await page.getByTestId('buy-verify-submit').click()

    await page.getByTestId('trade-result-status').waitFor()
    const orderNo = new URL(page.url()).searchParams.get('brokerOrderNo') as string
    const order = await call(
      'GET',
      `/trade/getOrderDetail?brokerOrderNo=${encodeURIComponent(orderNo)}`,
    )
    expect([order.orderCode, order.productCode, order.tradeAmount]).toEqual([
      '022',
      FUND,
      '1000.00',
    ])
    await shot(page, 'buy-verify-result')
  })
})
