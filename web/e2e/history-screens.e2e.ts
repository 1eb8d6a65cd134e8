/** 李明's history as a newcomer reads it (docs/demo.md): a confirmed sale's 交易详情 with what
 * reached his card, the purchase he cancelled, the holding still awaiting confirmation (nothing
 * to sell or convert yet), the wallet's 快速取现 cap and a fund's year of NAVs dated by month.
 * Reads only: the demo world is left as it was. */
import Decimal from 'decimal.js'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { CHART_DRAWN, openPhone, shot, type Phone } from './browser'
import { apiGet, signIn } from './session'

const base = inject('baseURL')

interface Row {
  brokerOrderNo: string
  orderCode: string
  confirmStatus: string
  netAmount: string
  confirmedAmount: string
  fee: string
  productCode: string
  financialAccountId: number
  applyTime: string
}

const yuan = (v: Decimal.Value) =>
  new Decimal(v).toNumber().toLocaleString('en-US', { minimumFractionDigits: 2 })

describe('李明’s history on the record and holding screens', () => {
  let phone: Phone
  let token: string
  let orders: Row[] = []
  let defaultFa = 0

  beforeAll(async () => {
    phone = await openPhone()
    token = (await signIn(phone.page)).accessToken
    const list = await apiGet(token, '/trade/getAllOrders', { page: '1', size: '100' })
    orders = list.content as Row[]
    // 默认账户: where today's purchase waits
    defaultFa = (orders.find((o) => o.confirmStatus === '0') as Row).financialAccountId
  })
  afterAll(async () => {
    await phone?.close()
  })

  /** The figure rows of 交易详情 as "label value". */
  async function figures(orderNo: string): Promise<string[]> {
    const { page } = phone
    await page.goto(`${base}/transactionDetail?brokerOrderNo=${orderNo}`)
    await page.getByTestId('trade-result-status').waitFor()
    const rows = page.locator('.trade-figures .adm-list-item')
    await rows.first().waitFor()
    return (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim())
  }

  it('shows a confirmed sale’s 到账金额: the confirmed amount less the redemption fee', async () => {
    const sale = orders.find(
      (o) => o.orderCode === '024' && o.confirmStatus === '2' && new Decimal(o.fee).gt(0),
    )
    expect(sale).toBeTruthy()
    const { netAmount, confirmedAmount, fee, brokerOrderNo } = sale as Row
    expect(new Decimal(confirmedAmount).minus(fee).toFixed(2)).toBe(netAmount)
    const rows = await figures(brokerOrderNo)
    expect(rows).toEqual(
      expect.arrayContaining([
        `确认金额 ${yuan(confirmedAmount)}元`,
        `手续费 ${yuan(fee)}元`,
        `到账金额 ${yuan(netAmount)}元`,
      ]),
    )
    await shot(phone.page, 'history-sale-detail')
  })

  it('shows a cancelled purchase without a fee: its payment was refunded in full', async () => {
    const cancelled = orders.find((o) => o.orderCode === '022' && o.confirmStatus === '9')
    expect(cancelled).toBeTruthy()
    const rows = await figures((cancelled as Row).brokerOrderNo)
    await expect(phone.page.getByTestId('trade-result-status').innerText()).resolves.toBe('已撤单')
    expect(rows.some((r) => r.startsWith('申请金额'))).toBe(true)
    expect(rows.filter((r) => /^(手续费|费率|净申购金额|到账金额)/.test(r))).toEqual([])
    await shot(phone.page, 'history-cancelled-detail')
  })

  it('shows the stop-profit sale of his strategy by its 卖出比例, not by a sum of shares', async () => {
    const sale = orders.find((o) => o.orderCode === 'P03' && o.productCode === 'CL000004')
    expect(sale).toBeTruthy()
    const rows = await figures((sale as Row).brokerOrderNo)
    expect(rows).toContain('卖出比例 100.00%')
    expect(rows.some((r) => r.startsWith('申请份额'))).toBe(false)
    await shot(phone.page, 'history-portfolio-sale-detail')
    const { page } = phone
    await page.goto(
      `${base}/assetsTransactionRecord?productCode=CL000004&financialAccountId=${(sale as Row).financialAccountId}`,
    )
    await page.getByText('卖出100%').first().waitFor()
    await shot(page, 'history-portfolio-sale-record')
  })

  it('keeps 卖出 and 转换 off a holding whose purchase awaits confirmation', async () => {
    const waiting = orders.find((o) => o.orderCode === '022' && o.confirmStatus === '0')
    expect(waiting).toBeTruthy()
    const { page } = phone
    const { productCode, financialAccountId } = waiting as Row
    await page.goto(
      `${base}/assetsDetail?productCode=${productCode}&productType=fund&financialAccountId=${financialAccountId}`,
    )
    await page.getByText('当前资产待确认', { exact: false }).first().waitFor()
    await expect(page.getByTestId('asset-redeem').isDisabled()).resolves.toBe(true)
    await expect(page.getByTestId('asset-convert').isDisabled()).resolves.toBe(true)
    await expect(
      page.getByTestId('asset-actions').getByRole('button', { name: '买入' }).isDisabled(),
    ).resolves.toBe(false)
    await shot(page, 'history-pending-holding')
  })

  it('writes the fast withdrawal’s daily cap to the cent', async () => {
    const { page } = phone
    await page.goto(
      `${base}/redeem?productCode=000509&productType=wallet&financialAccountId=${defaultFa}`,
    )
    const note = page.getByText('实时到账，单日最高', { exact: false })
    await note.waitFor()
    await expect(note.innerText()).resolves.toBe('实时到账，单日最高 10,000.00 元')
    await shot(page, 'history-wallet-withdraw')
  })

  it('dates a fund’s year of NAVs by month, its two ends a year apart', async () => {
    const { page } = phone
    await page.goto(`${base}/fundProductDetail?productCode=004101`)
    await page.locator(CHART_DRAWN).first().waitFor()
    const labels = await page.locator('.line-sketch__x').allInnerTexts()
    expect(labels.length).toBeGreaterThan(1)
    expect(labels.every((l) => /^\d{4}-\d{2}$/.test(l))).toBe(true)
    expect(Number(labels[labels.length - 1].slice(0, 4)) - Number(labels[0].slice(0, 4))).toBe(1)
    // the weekly 定投's purchases thinned to a dozen pins or so, not one over the other
    const pins = await page.locator('.line-sketch__pin').count()
    expect(pins).toBeGreaterThan(0)
    expect(pins).toBeLessThanOrEqual(16)
    await shot(page, 'history-fund-year-chart')
  })

  it('says when a yearly statement comes, on 年度对账单 before the year is over', async () => {
    const { page } = phone
    await page.goto(`${base}/profitBookList?reportType=year`)
    await page.getByText('暂无对账单', { exact: true }).waitFor()
    await expect(
      page
        .getByText('账户有交易或持仓的年度结束后，即可查看当年对账单', { exact: true })
        .isVisible(),
    ).resolves.toBe(true)
    await shot(page, 'history-yearly-statements')
  })

  it('dates his account’s opening before his first order', async () => {
    const { page } = phone
    const first = orders.map((o) => o.applyTime.slice(0, 10)).sort()[0]
    await page.goto(`${base}/accountManagement`)
    const row = page.locator('.adm-list-item').filter({ hasText: '开户日期' })
    await row.waitFor()
    const opened = (await row.innerText()).replace('开户日期', '').trim()
    expect(opened < first).toBe(true)
    await shot(page, 'history-account-opened')
  })

  it('dates each day’s confirmations on that evening in 消息通知', async () => {
    const { page } = phone
    await page.goto(`${base}/notification`)
    const item = page.getByTestId('notice-row').filter({ hasText: '确认成功' }).first()
    await item.waitFor()
    const text = await item.innerText()
    const told = /(\d{4}-\d{2}-\d{2}) \d{2}:\d{2}/.exec(text)?.[1]
    const confirmed = /(\d{4})年(\d{1,2})月(\d{1,2})日确认/.exec(text)
    expect(told).toBeTruthy()
    expect(confirmed).toBeTruthy()
    const [, y, m, d] = confirmed as RegExpExecArray
    expect(told).toBe(`${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`)
    // the four categories all within the phone's width, 平台公告 not cut at the edge
    const tabs = page.locator('.adm-tabs-tab')
    await expect(tabs.count()).resolves.toBe(4)
    const last = await tabs.last().boundingBox()
    expect(last && last.x + last.width).toBeLessThanOrEqual(375)
    await shot(page, 'history-notices')
  })

  it('shows 昨日收益 0.00 on a strategy he sold out in September', async () => {
    const { page } = phone
    await page.goto(`${base}/assetsDetail?productCode=CL000004&financialAccountId=${defaultFa}`)
    const figure = page.locator('.asset-hero__figure').filter({ hasText: '昨日收益' })
    await figure.waitFor()
    await expect(figure.innerText()).resolves.toMatch(/^昨日收益\s+0\.00$/)
    // nothing left invested: its 持有收益率 is unknown, not 0.00%
    const rate = page.locator('.asset-hero__figure').filter({ hasText: '持有收益率' })
    await expect(rate.innerText()).resolves.toMatch(/^持有收益率\s+--$/)
    await shot(page, 'history-sold-out-strategy')
  })

  it('shows his portfolio plan without 持有份额: its funds’ shares do not add up', async () => {
    const active = await apiGet(token, '/trade/investPlan/list', { page: '1', size: '20' })
    const plan = (active.list as { investPlanId: number; productType: string }[]).find(
      (p) => p.productType === 'poFund',
    )
    expect(plan).toBeTruthy()
    const { page } = phone
    await page.goto(
      `${base}/strategy/autoInvestPlanDetail?investPlanId=${(plan as { investPlanId: number }).investPlanId}`,
    )
    await page.getByTestId('plan-holding-value').waitFor()
    await page.getByText('每期金额').waitFor()
    await expect(page.getByText('持有份额').count()).resolves.toBe(0)
    await shot(page, 'history-portfolio-plan')
  })

  it('writes the days of the profit calendar with thousands separators', async () => {
    const { page } = phone
    await page.goto(`${base}/profitAnalysis?financialAccountId=${defaultFa}`)
    const days = page.getByTestId('profit-day')
    await days.first().waitFor()
    const texts = (await days.allInnerTexts()).join(' ')
    // a figure of 1 000 or more below 10 000 is grouped: never four digits in a row
    expect(texts).not.toMatch(/\d{4}\./)
    await shot(page, 'history-profit-calendar')
  })

  it('shows -- for the 收益率 of the plan paused before any deduction succeeded', async () => {
    const paused = await apiGet(token, '/trade/investPlan/list', {
      status: 'P',
      page: '1',
      size: '10',
    })
    const plan = (paused.list as { investPlanId: number; totalInvested: string }[]).find((p) =>
      new Decimal(p.totalInvested).isZero(),
    )
    expect(plan).toBeTruthy()
    const { page } = phone
    await page.goto(
      `${base}/strategy/autoInvestPlanDetail?investPlanId=${(plan as { investPlanId: number }).investPlanId}`,
    )
    const rate = page.getByTestId('plan-profit-rate')
    await rate.waitFor()
    await expect(rate.innerText()).resolves.toBe('--')
    await shot(page, 'history-paused-plan')
  })
})
