/** The journey of issue "Trading and settlement" on the demo world: 李明 buys a fund and a
 * portfolio on the trade screens, sees 当前资产待确认 on 我的, the market moves on
 * (`opentamp market advance`) and settles, the holding shows its confirmed shares and the day's
 * profit — which this test works out itself from the fund's NAVs — then he redeems and finds the
 * order in 交易记录 with its status. */
import Decimal from 'decimal.js'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openPhone, shot, type Phone } from './browser'
import { apiGet, opentamp, press, signIn } from './session'

const base = inject('baseURL')
const PASSWORD = '135790'
const FUND = '004104' // 长青红利价值股票: R4, not in the demo user's history
const PORTFOLIO = 'ZH000002' // 均衡配置组合

const cents = (v: Decimal.Value) => new Decimal(v).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)

/** A user with several financial accounts picks one before a trade page (chooseFinancialAccount). */
async function open(page: Page, url: string, ready: string): Promise<void> {
  await page.goto(url)
  const choose = page.getByText('请选择本次交易使用的理财账户')
  await Promise.race([choose.waitFor(), page.getByTestId(ready).waitFor()])
  if (await choose.isVisible()) {
    await page.locator('.adm-list-item').filter({ hasText: '默认账户' }).click()
    await page.getByRole('button', { name: '确定' }).click()
    await page.getByTestId(ready).waitFor()
  }
}

describe('buy, settle, redeem', () => {
  let phone: Phone
  let token: string
  const orders: string[] = []

  const get = (path: string, params: Record<string, string> = {}) => apiGet(token, path, params)

  beforeAll(async () => {
    phone = await openPhone()
    token = (await signIn(phone.page)).accessToken
  })
  afterAll(async () => {
    await phone?.close()
  })

  async function buy(query: string, amount: string, name: string): Promise<string> {
    const { page } = phone
    await open(page, `${base}/allot?${query}`, 'trade-product')
    await page.getByTestId('trade-fee').waitFor()
    await page.getByTestId('trade-amount').click()
    await press(page, amount)
    await page.getByText('完成', { exact: true }).click()
    await page.locator('.trade-agree .adm-checkbox').click()
    await shot(page, `trade-${name}-form`)
    await page.getByTestId('trade-submit').click()
    await page.getByText('请输入交易密码').waitFor()
    await page.locator('.adm-passcode-input:visible').click()
    await press(page, PASSWORD)
    await page.getByTestId('trade-result-status').waitFor()
    await shot(page, `trade-${name}-result`)
    const orderNo = new URL(page.url()).searchParams.get('brokerOrderNo')
    expect(orderNo).toBeTruthy()
    return orderNo as string
  }

  it('buys a fund and a portfolio on the trade screens', async () => {
    orders.push(await buy(`productCode=${FUND}&productType=fund`, '1000', 'fund'))
    orders.push(await buy(`productCode=${PORTFOLIO}&productType=poFund`, '2000', 'portfolio'))
    const fund = await get('/trade/getOrderDetail', { brokerOrderNo: orders[0] })
    expect([fund.orderCode, fund.confirmStatus, fund.tradeAmount]).toEqual(['022', '0', '1000.00'])
    const po = await get('/trade/getOrderDetail', { brokerOrderNo: orders[1] })
    expect([po.orderCode, po.confirmStatus, po.children.length > 1]).toEqual(['P02', 'P0', true])
    await expect(
      phone.page.getByTestId('trade-result-status').getAttribute('data-status'),
    ).resolves.toBe('ing')
  })

  it('shows the money awaiting confirmation on 我的', async () => {
    const { page } = phone
    await page.goto(`${base}/mine`)
    const banner = page.getByText('当前资产待确认').first()
    await banner.waitFor()
    // 总资产 counts the money in transit, shown as such
    const asset = await get('/account/getAccountAsset', {})
    expect(new Decimal(asset.pendingAmount).gte(3000)).toBe(true)
    const yuan = (v: string) =>
      new Decimal(v).toNumber().toLocaleString('en-US', { minimumFractionDigits: 2 })
    await expect(page.getByTestId('total-asset').innerText()).resolves.toBe(yuan(asset.totalAsset))
    await expect(page.getByTestId('total-pending').innerText()).resolves.toBe(
      `含待确认 ${yuan(asset.pendingAmount)} 元`,
    )
    await shot(page, 'trade-mine-pending')
  })

  it('settles when the market moves on, at the NAV of the trade date', async () => {
    const order = await get('/trade/getOrderDetail', { brokerOrderNo: orders[0] })
    // Publish and settle day by day until the purchase is confirmed.
    let confirmed = order
    for (let i = 0; i < 5 && confirmed.confirmStatus === '0'; i++) {
      await opentamp('market', 'advance', '--days', '1')
      confirmed = await get('/trade/getOrderDetail', { brokerOrderNo: orders[0] })
    }
    expect(confirmed.confirmStatus).toBe('2')
    const series = await get('/product/navSeries', {
      productCode: FUND,
      productType: 'fund',
      period: '1m',
    })
    const nav = (day: string) => {
      const point = series.points.find((p: { date: string }) => p.date === day)
      if (!point) throw new Error(`no NAV of ${day}`)
      return new Decimal(point.nav)
    }
    // The purchase: shares = net ÷ NAV of the trade date; valued on the day it was confirmed
    // at that day's NAV, the day's profit is the value less the money paid in.
    const shares = cents(new Decimal(confirmed.netAmount).div(nav(confirmed.tradeDate)))
    expect(confirmed.confirmedShares).toBe(shares.toFixed(2))
    const valueDay = confirmed.confirmedAt as string
    const value = cents(shares.times(nav(valueDay)))
    const dayProfit = value.minus(confirmed.tradeAmount)

    const { page } = phone
    await page.goto(`${base}/mine`)
    const item = page.getByTestId('asset-item').filter({ hasText: '长青红利价值股票' })
    await item.waitFor()
    await shot(page, 'trade-mine-settled')
    const text = await item.innerText()
    const money = (v: Decimal) => v.toNumber().toLocaleString('en-US', { minimumFractionDigits: 2 })
    expect(text).toContain(money(value))
    expect(text).toContain(`${dayProfit.gte(0) ? '+' : ''}${money(dayProfit)}`)

    await item.click()
    const sharesLine = page.locator('.adm-list-item').filter({ hasText: '持有份额' })
    await sharesLine.waitFor()
    await expect(sharesLine.innerText()).resolves.toContain(money(shares))
    await shot(page, 'trade-assets-detail')
  })

  it('redeems and finds the order in 交易记录 with its status', async () => {
    const { page } = phone
    await open(page, `${base}/redeem?productCode=${FUND}&productType=fund`, 'trade-amount')
    await page.getByText('全部', { exact: true }).click()
    // the estimate shows the fee and the net by the one fee rule (held under 7 days: 1.5 %)
    const estimate = page.getByTestId('redeem-estimate')
    await estimate.waitFor()
    const url = new URL(page.url())
    const shares = (await page.getByTestId('trade-amount').getAttribute('data-value')) as string
    const priced = await get('/trade/estimateRedeemFundFee', {
      financialAccountId: url.searchParams.get('financialAccountId') as string,
      fundCode: FUND,
      shares,
    })
    expect(new Decimal(priced.estimatedFee).gt(0)).toBe(true)
    const yuan = (v: string) =>
      new Decimal(v).toNumber().toLocaleString('en-US', { minimumFractionDigits: 2 })
    await expect(estimate.innerText()).resolves.toContain(`赎回费 ${yuan(priced.estimatedFee)}元`)
    await expect(estimate.innerText()).resolves.toContain(
      `预估到账 ${yuan(priced.estimatedAmount)}元`,
    )
    await shot(page, 'trade-redeem-estimate')
    await page.getByTestId('trade-submit').click()
    await page.getByText('请输入交易密码').waitFor()
    await page.locator('.adm-passcode-input:visible').click()
    await press(page, PASSWORD)
    await page.getByTestId('trade-result-status').waitFor()
    const redeemNo = new URL(page.url()).searchParams.get('brokerOrderNo') as string
    const redeem = await get('/trade/getOrderDetail', { brokerOrderNo: redeemNo })
    expect([redeem.orderCode, redeem.confirmStatus]).toEqual(['024', '0'])

    // the pending sell shows on 我的, on the holding, with its shares
    await page.goto(`${base}/mine`)
    const selling = page
      .getByTestId('asset-item')
      .filter({ hasText: '长青红利价值股票' })
      .getByTestId('asset-item-selling')
    await selling.waitFor()
    await expect(selling.innerText()).resolves.toBe(
      `卖出中 ${new Decimal(shares).toNumber().toLocaleString('en-US', { minimumFractionDigits: 2 })} 份`,
    )
    await shot(page, 'trade-mine-selling')

    await page.goto(`${base}/transactionRecord`)
    const row = page.getByTestId('order-row').filter({ hasText: '长青红利价值股票' }).first()
    await row.waitFor()
    await expect(row.getByTestId('order-status').innerText()).resolves.toBe('确认中')
    await shot(page, 'trade-records')
    await row.click()
    await page.getByTestId('order-timeline').waitFor()
    await shot(page, 'trade-detail')
  })
})
