/** 基金转换 on the demo world: 李明 opens his holding of 远航消费升级股票 from 我的, taps 转换,
 * picks 远航稳健配置混合 (same company), converts 1000 shares with the trade password, sees the
 * result, finds the order in 转换记录 as 确认中; the market moves on (`opentamp market advance`)
 * and settles, and the detail shows 交易成功 with the confirmed shares of the fund converted
 * into. A second conversion is cancelled (撤单) from its detail. Screenshots of the five
 * screens go to web/e2e/screenshots. */
import Decimal from 'decimal.js'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { openPhone, shot, type Phone } from './browser'
import { apiGet, opentamp, press, signIn } from './session'

const base = inject('baseURL')
const PASSWORD = '135790' // docs/demo.md
const FROM = { code: '004101', name: '远航消费升级股票' }
const TO = { code: '003301', name: '远航稳健配置混合' }
const OTHER = { code: '002301', name: '远航纯债' }
const SHARES = '1000'

const money = (v: Decimal.Value) =>
  new Decimal(v).toNumber().toLocaleString('en-US', { minimumFractionDigits: 2 })

describe('convert a fund into another of the same company', () => {
  let phone: Phone
  let token: string
  let orderNo = ''
  let financialAccountId = 0

  const get = (path: string, params: Record<string, string> = {}) => apiGet(token, path, params)

  beforeAll(async () => {
    phone = await openPhone()
    token = (await signIn(phone.page)).accessToken
  })
  afterAll(async () => {
    await phone?.close()
  })

  it('opens the holding, taps 转换 and sees the funds of the same company', async () => {
    const { page } = phone
    await page.goto(`${base}/mine`)
    const item = page.getByTestId('asset-item').filter({ hasText: FROM.name }).first()
    await item.waitFor()
    await item.click()
    await page.getByTestId('asset-convert').click()
    await page.getByTestId('convert-shelf').waitFor()
    const source = await page.getByTestId('convert-source').innerText()
    expect(source).toContain(FROM.name)
    expect(source).toContain('可转换份额')
    const targets = page.getByTestId('convert-target')
    await targets.first().waitFor()
    const codes = await targets.evaluateAll((rows) =>
      rows.map((r) => r.getAttribute('data-fund-code')),
    )
    expect(codes).toContain(TO.code)
    expect(codes).not.toContain(FROM.code)
    await shot(page, 'convert-shelf')
    await page.locator(`[data-testid="convert-target"][data-fund-code="${TO.code}"]`).click()
    await page.getByTestId('convert-trade').waitFor()
  })

  it('enters the shares, sees the estimate, confirms with the trade password', async () => {
    const { page } = phone
    expect(await page.getByTestId('convert-target-card').innerText()).toContain(TO.name)
    await page.getByTestId('convert-shares').click()
    await press(page, SHARES)
    await page.getByText('完成', { exact: true }).click()
    const fee = page.getByTestId('convert-fee')
    await expect.poll(() => fee.innerText(), { timeout: 10_000 }).toMatch(/^[\d,]+\.\d{2}元$/)
    await expect(page.getByTestId('convert-amount').innerText()).resolves.toMatch(/元$/)
    await shot(page, 'convert-trade')

    await page.getByTestId('convert-submit').click()
    const risk = page.getByTestId('risk-confirm')
    const sheet = page.getByText('请输入交易密码')
    await Promise.race([risk.waitFor(), sheet.waitFor()])
    if (await risk.isVisible()) await page.getByText('确认转换', { exact: true }).last().click()
    await sheet.waitFor()
    await page.locator('.adm-passcode-input:visible').click()
    await press(page, PASSWORD)
    await page.getByTestId('convert-result-status').waitFor()
    await page.getByTestId('order-timeline').waitFor()
    await shot(page, 'convert-result')
    orderNo = new URL(page.url()).searchParams.get('brokerOrderNo') ?? ''
    expect(orderNo).toBeTruthy()
    const order = await get('/trade/getOrderDetail', { brokerOrderNo: orderNo })
    expect([order.orderCode, order.confirmStatus, order.productCode]).toEqual([
      '036',
      '0',
      FROM.code,
    ])
    expect(order.extMetaInfo.targetFundCode).toBe(TO.code)
    financialAccountId = order.financialAccountId
    expect(order.children.map((c: { orderCode: string }) => c.orderCode).sort()).toEqual([
      '022',
      '024',
    ])
    await expect(
      page.getByTestId('convert-result-status').getAttribute('data-status'),
    ).resolves.toBe('ing')
  })

  it('finds the order in 转换记录 from 交易记录, as 确认中', async () => {
    const { page } = phone
    await page.goto(`${base}/transactionRecord`)
    await page.getByTestId('convert-record-entry').click()
    const row = page.locator(`[data-testid="convert-row"][data-order-no="${orderNo}"]`)
    await row.waitFor()
    const text = await row.innerText()
    expect(text).toContain(FROM.name)
    expect(text).toContain(TO.name)
    expect(text).toContain(`转出 ${money(SHARES)}份`)
    await expect(row.getByTestId('convert-status').innerText()).resolves.toBe('确认中')
    await shot(page, 'convert-records')
  })

  it('settles when the market moves on; the detail shows 交易成功 and the shares of B', async () => {
    let order = await get('/trade/getOrderDetail', { brokerOrderNo: orderNo })
    for (let i = 0; i < 5 && order.confirmStatus === '0'; i++) {
      await opentamp('market', 'advance', '--days', '1')
      order = await get('/trade/getOrderDetail', { brokerOrderNo: orderNo })
    }
    expect(order.confirmStatus).toBe('2')
    const purchase = order.children.find((c: { orderCode: string }) => c.orderCode === '022')
    const redemption = order.children.find((c: { orderCode: string }) => c.orderCode === '024')
    expect(new Decimal(purchase.confirmedShares).gt(0)).toBe(true)
    // What went into B is what came out of A less the redemption fee; B's shares are its net
    // (less the 补差费) at B's NAV of the trade date.
    expect(new Decimal(redemption.confirmedAmount).minus(redemption.fee).toFixed(2)).toBe(
      new Decimal(purchase.tradeAmount).toFixed(2),
    )
    expect(purchase.confirmedShares).toBe(
      new Decimal(purchase.netAmount)
        .div(purchase.nav)
        .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
        .toFixed(2),
    )

    const { page } = phone
    await page.goto(`${base}/convertTransactionRecord`)
    const row = page.locator(`[data-testid="convert-row"][data-order-no="${orderNo}"]`)
    await row.waitFor()
    await expect(row.getByTestId('convert-status').innerText()).resolves.toBe('交易成功')
    await row.click()
    await page.getByTestId('convert-detail').waitFor()
    await expect(page.getByTestId('convert-detail-status').innerText()).resolves.toBe('交易成功')
    const into = await page.getByTestId('convert-in').innerText()
    expect(into).toContain(`${money(purchase.confirmedShares)}份`)
    expect(into).toContain(TO.name)
    const out = await page.getByTestId('convert-out').innerText()
    expect(out).toContain(`${money(redemption.confirmedAmount)}元`)
    await shot(page, 'convert-detail')
    await page.getByTestId('convert-info').scrollIntoViewIfNeeded()
    await shot(page, 'convert-detail-figures')
  })

  it('converts again and cancels it from the detail with the trade password', async () => {
    const { page } = phone
    const query = new URLSearchParams({
      fundCode: FROM.code,
      targetFundCode: OTHER.code,
      financialAccountId: String(financialAccountId),
    })
    await page.goto(`${base}/convert/trade?${query}`)
    await page.getByTestId('convert-shares').click()
    await press(page, '100')
    await page.getByText('完成', { exact: true }).click()
    await page.getByTestId('convert-submit').click()
    await page.getByText('请输入交易密码').waitFor()
    await page.locator('.adm-passcode-input:visible').click()
    await press(page, PASSWORD)
    await page.getByTestId('convert-result-status').waitFor()
    const second = new URL(page.url()).searchParams.get('brokerOrderNo') as string
    await page.getByRole('button', { name: '转换记录' }).click()
    await page.locator(`[data-testid="convert-row"][data-order-no="${second}"]`).click()
    await page.getByTestId('convert-cancel').click()
    await page.getByText('确认撤单', { exact: true }).last().click()
    await page.getByText('请输入交易密码').waitFor()
    await page.locator('.adm-passcode-input:visible').click()
    await press(page, PASSWORD)
    const status = page.getByTestId('convert-detail-status')
    await expect.poll(() => status.innerText(), { timeout: 10_000 }).toBe('已撤单')
    await expect(page.getByTestId('convert-cancel').count()).resolves.toBe(0)
    const cancelled = await get('/trade/getOrderDetail', { brokerOrderNo: second })
    expect(cancelled.confirmStatus).toBe('9')
    expect(cancelled.children.map((c: { confirmStatus: string }) => c.confirmStatus)).toEqual([
      '9',
      '9',
    ])
  })
})
